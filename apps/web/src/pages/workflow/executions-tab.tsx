import { executionRoutes } from '@huntforge/contracts/api';
import { EXECUTION_STATUSES } from '@huntforge/contracts/executions';
import { useApi } from '../../api/hooks';
import { StatusBadge } from '../../components/badges';
import { formatAgo } from '../../components/format';
import { Pager } from '../../components/pager';
import { QueryState } from '../../components/query-state';
import { useUrlState } from '../../components/url-state';
import { ExecutionView } from './execution-view';

const STEPS = [
  'source_sigma_import',
  'platform_detection',
  'junk_filter',
  'ranking',
  'extraction',
  'aggregation',
  'sigma_generation',
  'similarity',
] as const;
type Status = (typeof EXECUTION_STATUSES)[number];
type Step = (typeof STEPS)[number];

export function ExecutionsTab() {
  const url = useUrlState();
  const status = (EXECUTION_STATUSES as readonly string[]).includes(url.get('status') ?? '') ? (url.get('status') as Status) : undefined;
  const step = (STEPS as readonly string[]).includes(url.get('step') ?? '') ? (url.get('step') as Step) : undefined;
  const articleId = url.getNumber('article');
  const selected = url.getNumber('execution');
  // Evaluation runs have their own page; the everyday list leaves them out unless asked.
  const withEval = url.get('eval') === '1';
  const executions = useApi(
    executionRoutes.getWorkflowExecutions,
    {
      query: {
        page: url.getNumber('page') ?? 1,
        limit: 25,
        status,
        step,
        article_id: articleId,
        is_eval_run: withEval ? undefined : false,
        sort_by: 'created_at',
        sort_order: 'desc',
      },
    },
    { refetchInterval: 5000 },
  );
  return (
    <div className="split">
      <section className="panel">
        <div className="row" style={{ marginBottom: 8 }}>
          <select aria-label="status" value={status ?? ''} onChange={(event) => url.set({ status: event.target.value || undefined })}>
            <option value="">every status</option>
            {EXECUTION_STATUSES.map((entry) => (
              <option key={entry} value={entry}>
                {entry}
              </option>
            ))}
          </select>
          <select aria-label="step" value={step ?? ''} onChange={(event) => url.set({ step: event.target.value || undefined })}>
            <option value="">every step</option>
            {STEPS.map((entry) => (
              <option key={entry} value={entry}>
                {entry.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
          <input
            aria-label="article id"
            type="number"
            min={1}
            placeholder="article"
            style={{ width: 90 }}
            value={articleId ?? ''}
            onChange={(event) => url.set({ article: event.target.value || undefined })}
          />
          <label className="small nowrap">
            <input type="checkbox" checked={withEval} onChange={(event) => url.set({ eval: event.target.checked ? '1' : undefined })} />{' '}
            include evaluation runs
          </label>
        </div>
        <QueryState
          query={executions}
          label="executions"
          empty={(data) => (data.total === 0 ? 'No executions match. Open an article and press Reprocess to run one.' : null)}
        >
          {(data) => (
            <>
              <table className="data small">
                <tbody>
                  {data.executions.map((execution) => (
                    <tr key={execution.id} className={execution.id === selected ? 'selected' : ''}>
                      <td>
                        <StatusBadge status={execution.status} />
                      </td>
                      <td>
                        #{execution.id} {execution.article_title ?? `article ${execution.article_id}`}
                        <div className="muted">
                          {execution.termination_reason?.replace(/_/g, ' ') ?? execution.current_step ?? ''} ·{' '}
                          {formatAgo(execution.created_at)} · {execution.sigma_rule_count} rules
                        </div>
                      </td>
                      <td>
                        <button
                          type="button"
                          onClick={() => url.set({ execution: execution.id }, true)}
                          aria-label={`view execution ${execution.id}`}
                        >
                          View
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pager page={data.page} totalPages={data.total_pages} total={data.total} onPage={(next) => url.set({ page: next })} />
            </>
          )}
        </QueryState>
      </section>
      <section className="panel">
        {selected ? (
          <ExecutionView executionId={selected} />
        ) : (
          <div className="empty">Choose an execution to see its stages, observables, rules and logs.</div>
        )}
      </section>
    </div>
  );
}
