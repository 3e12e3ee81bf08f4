import { Link } from 'react-router';
import { executionRoutes } from '@huntforge/contracts/api';
import { type ExecutionDetail } from '@huntforge/contracts/executions';
import { api } from '../../api/client';
import { useApi, useApiMutation } from '../../api/hooks';
import { StatusBadge } from '../../components/badges';
import { formatDuration, formatTime } from '../../components/format';
import { ErrorNote, QueryState } from '../../components/query-state';
import { useCan } from '../../components/session';
import { ObservablesByAgent } from './observables';
import { ExecutionRules } from './execution-rules';
import { CoveragePanel } from './coverage-panel';

type Stage = ExecutionDetail['stages'][number];

function stageMs(stage: Stage, now: number): number {
  return stage.duration_ms ?? (stage.finished_at ? new Date(stage.finished_at).getTime() : now) - new Date(stage.started_at).getTime();
}

/**
 * The provider timeout of a stage that calls a model, when the service reports one. Read defensively: older
 * services send no `timeout_ms`, and the page must work against both.
 */
function providerTimeoutMs(stage: Stage): number | null {
  const value: unknown = 'timeout_ms' in stage ? stage.timeout_ms : undefined;
  return typeof value === 'number' && value > 0 ? value : null;
}

/** How long a running stage has been at it against its provider timeout; past it the stage should have ended. */
function RunningAgainstTimeout({ stage, now }: { stage: Stage; now: number }) {
  const timeoutMs = providerTimeoutMs(stage);
  if (stage.status !== 'running' || timeoutMs === null) return null;
  const elapsedMs = stageMs(stage, now);
  const overdue = elapsedMs > timeoutMs;
  return (
    <div className={`stage-timeout${overdue ? ' overdue' : ''}`} data-testid="stage-timeout">
      running {formatDuration(elapsedMs)} · provider timeout {Math.round(timeoutMs / 1000)} s
      {overdue ? ' — past it: the stage should have timed out' : ''}
    </div>
  );
}

function Timeline({ stages }: { stages: Stage[] }) {
  const now = Date.now();
  const longest = Math.max(1, ...stages.map((stage) => stageMs(stage, now)));
  return (
    <div className="timeline">
      {stages.map((stage, index) => (
        <div key={`${stage.stage}:${index}`} className="stage small">
          <span>{stage.stage.replace(/_/g, ' ')}</span>
          <StatusBadge status={stage.status} />
          <div className="bar" aria-hidden="true">
            <span style={{ width: `${(100 * stageMs(stage, now)) / longest}%` }} />
          </div>
          <span className="num" title={stage.status === 'running' ? 'elapsed so far' : 'duration'}>
            {formatDuration(stageMs(stage, now))}
            {stage.status === 'running' ? ' …' : ''}
          </span>
          <RunningAgainstTimeout stage={stage} now={now} />
        </div>
      ))}
    </div>
  );
}

/** A stage's JSON output in a scroll box; focusable so keyboard users can scroll it too. */
function Json({ value, label }: { value: unknown; label: string }) {
  if (value === null || value === undefined) return <span className="muted">—</span>;
  return (
    <pre className="small" style={{ maxHeight: 220, overflow: 'auto' }} tabIndex={0} role="region" aria-label={label}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

export function ExecutionView({ executionId }: { executionId: number }) {
  const canWrite = useCan('analyst');
  const detail = useApi(
    executionRoutes.getWorkflowExecution,
    { params: { execution_id: executionId } },
    { refetchInterval: (data) => (data && (data.status === 'running' || data.status === 'pending') ? 2000 : false) },
  );
  const invalidates = [executionRoutes.getWorkflowExecutions, executionRoutes.getWorkflowExecution];
  const retry = useApiMutation(executionRoutes.postWorkflowExecutionsRetry, { invalidates });
  const cancel = useApiMutation(executionRoutes.postWorkflowExecutionsCancel, { invalidates });
  return (
    <QueryState query={detail} label={`execution #${executionId}`}>
      {(data) => {
        const canRetry = canWrite && (data.status === 'failed' || data.status === 'cancelled') && !retry.isPending;
        const logs = data.stages.flatMap((stage) => stage.log_lines.map((line) => `[${stage.stage}] ${line}`));
        return (
          <div className="stack" data-testid="execution-view">
            <div className="row spread">
              <h2 style={{ margin: 0 }}>
                Execution #{data.id} <StatusBadge status={data.status} />
              </h2>
              <span className="row">
                <button
                  type="button"
                  disabled={!canRetry}
                  onClick={() => retry.mutate({ params: { execution_id: data.id } })}
                  title={`Runs again with this execution's configuration snapshot (version ${data.config_version ?? 'unknown'}), to reproduce it`}
                >
                  Retry
                </button>
                <button
                  type="button"
                  disabled={!canRetry}
                  onClick={() => retry.mutate({ params: { execution_id: data.id }, body: { use_current_config: true } })}
                  title="Runs again with the active configuration, after you fixed what made this run fail"
                >
                  Retry with current config
                </button>
                <a
                  className="button"
                  href={api.url(executionRoutes.getWorkflowExecutionStix, { params: { execution_id: data.id } })}
                  download={`execution-${data.id}.stix.json`}
                  title="The run's indicator values and valid generated rules as a STIX 2.1 bundle"
                >
                  Export STIX 2.1
                </a>
                <button
                  type="button"
                  className="danger"
                  disabled={!canWrite || !(data.status === 'running' || data.status === 'pending') || cancel.isPending}
                  onClick={() => cancel.mutate({ params: { execution_id: data.id } })}
                >
                  Cancel
                </button>
              </span>
            </div>
            <ErrorNote error={retry.error} action="Retry" />
            <ErrorNote error={cancel.error} action="Cancel" />
            {retry.data ? <div className="notice ok">{retry.data.message}</div> : null}
            <dl className="kv small">
              <dt>article</dt>
              <dd>
                <Link to={`/articles/${data.article_id}`}>{data.article_title ?? `#${data.article_id}`}</Link>
              </dd>
              <dt>created</dt>
              <dd>
                {formatTime(data.created_at)} by {data.triggered_by}
              </dd>
              <dt>config version</dt>
              <dd>{data.config_version ?? '—'}</dd>
              <dt>rank</dt>
              <dd>
                {data.rank_score ?? '—'}
                {data.rank_reasoning ? <span className="muted"> — {data.rank_reasoning}</span> : null}
              </dd>
              {data.termination_reason ? (
                <>
                  <dt>ended early</dt>
                  <dd>{data.termination_reason.replace(/_/g, ' ')}</dd>
                </>
              ) : null}
              {data.error ? (
                <>
                  <dt>error</dt>
                  <dd className="finding error">{data.error}</dd>
                </>
              ) : null}
            </dl>
            <h3>Stages</h3>
            {data.stages.length ? <Timeline stages={data.stages} /> : <p className="muted">Not started yet.</p>}
            <div className="grid cols-2">
              <div>
                <h3>Platform detection</h3>
                <Json value={data.platform_detection} label="platform detection output" />
              </div>
              <div>
                <h3>Junk filter</h3>
                <Json value={data.junk_filter_summary} label="junk filter output" />
              </div>
            </div>
            <h3>Observables</h3>
            {data.extraction_result ? (
              <ObservablesByAgent observables={data.extraction_result.observables} />
            ) : (
              <p className="muted">No extraction output.</p>
            )}
            <CoveragePanel coverage={data.coverage} />
            <ExecutionRules rules={data.sigma_rules} />
            <h3>Logs</h3>
            <pre className="article-text small" data-testid="execution-logs" tabIndex={0} role="region" aria-label="execution logs">
              {logs.join('\n') || 'No log lines.'}
            </pre>
          </div>
        );
      }}
    </QueryState>
  );
}
