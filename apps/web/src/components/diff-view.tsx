import { diffLines } from 'diff';

/** A line diff, removed lines red with '-', added green with '+'. */
export function DiffView({ before, after, labels }: { before: string; after: string; labels: [string, string] }) {
  const parts = diffLines(before, after);
  const changed = parts.some((part) => part.added || part.removed);
  return (
    <div>
      <div className="small muted">
        <span className="diff-del">− {labels[0]}</span> <span className="diff-add">+ {labels[1]}</span>
      </div>
      {changed ? (
        <div className="diff" tabIndex={0} role="region" aria-label={`changes from ${labels[0]} to ${labels[1]}`}>
          {parts.flatMap((part, index) =>
            part.value
              .replace(/\n$/, '')
              .split('\n')
              .map((line, lineIndex) => (
                <div key={`${index}:${lineIndex}`} className={part.added ? 'diff-add' : part.removed ? 'diff-del' : ''}>
                  {part.added ? '+ ' : part.removed ? '- ' : '  '}
                  {line}
                </div>
              )),
          )}
        </div>
      ) : (
        <p className="muted small">No differences.</p>
      )}
    </div>
  );
}
