import type { ExecutionDetail } from '@huntforge/contracts/executions';

/** Which reference rules already fire on the observables, and what no rule covers. */
export function CoveragePanel({ coverage }: { coverage: ExecutionDetail['coverage'] }) {
  if (!coverage) return null;
  return (
    <section aria-labelledby="coverage-h" data-testid="corpus-coverage">
      <h3 id="coverage-h">Corpus coverage</h3>
      <p className="small muted">
        {coverage.covered.length} observable{coverage.covered.length === 1 ? '' : 's'} already fire one of the {coverage.corpus_rules}{' '}
        reference rules; {coverage.uncovered.length} fire none (generated rules for those come first).
      </p>
      {coverage.covered.length > 0 ? (
        <table className="data small">
          <thead>
            <tr>
              <th>observable</th>
              <th>reference rules (author · licence)</th>
            </tr>
          </thead>
          <tbody>
            {coverage.covered.map((entry) => (
              <tr key={entry.observable}>
                <td className="mono">{entry.observable}</td>
                <td>
                  {entry.rules.map((rule) => (
                    <div key={rule.rule_id}>
                      {rule.title}{' '}
                      <span className="muted">
                        ({rule.author ?? 'unknown'} · {rule.license ?? 'unknown'})
                      </span>
                    </div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {coverage.uncovered.length > 0 ? (
        <details>
          <summary className="small">Not covered by any reference rule ({coverage.uncovered.length})</summary>
          <ul className="items small">
            {coverage.uncovered.map((observable) => (
              <li key={observable}>
                <code>{observable}</code>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
