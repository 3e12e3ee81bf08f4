import { showValue } from './describe';

/** The stored arguments of a request, one per line, as the action will receive them. */
export function ArgumentsView({ args, label }: { args: Record<string, unknown>; label: string }) {
  const entries = Object.entries(args);
  if (entries.length === 0) return <p className="small muted">No arguments.</p>;
  return (
    <dl className="kv small mcp-args" aria-label={label}>
      {entries.map(([key, value]) => {
        const shown = showValue(value);
        return (
          <div key={key} className="mcp-arg">
            <dt>
              <code>{key}</code>
            </dt>
            <dd>
              {shown.block ? (
                <pre className="mcp-json" tabIndex={0}>
                  {shown.text}
                </pre>
              ) : (
                <span className="mono">{shown.text}</span>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
