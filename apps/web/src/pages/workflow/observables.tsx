import type { Observable } from '@huntforge/contracts/extraction';

/** Observables grouped by the agent that found them, each with the article text it came from. */
export function ObservablesByAgent({ observables }: { observables: readonly Observable[] }) {
  if (observables.length === 0) return <p className="muted">No observables were extracted.</p>;
  const groups = new Map<string, Observable[]>();
  for (const observable of observables) groups.set(observable.source_agent, [...(groups.get(observable.source_agent) ?? []), observable]);
  return (
    <div className="stack">
      {[...groups.entries()].map(([agent, items]) => (
        <details key={agent} open>
          <summary>
            <strong>{agent}</strong> <span className="muted">({items.length})</span>
          </summary>
          <table className="data small">
            <thead>
              <tr>
                <th>type</th>
                <th>value</th>
                <th>source span</th>
                <th className="num">confidence</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item, index) => (
                <tr key={`${item.type}:${item.value}:${index}`}>
                  <td style={{ whiteSpace: 'nowrap' }}>{item.type.replace(/_/g, ' ')}</td>
                  <td className="mono">{item.value}</td>
                  <td className="muted" title={`characters ${item.evidence.start}–${item.evidence.end}`}>
                    {item.evidence.text.slice(0, 160)}
                  </td>
                  <td className="num">{item.confidence.toFixed(2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ))}
    </div>
  );
}
