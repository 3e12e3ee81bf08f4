import { useState } from 'react';
import { ApiError } from '@huntforge/api-client';
import { contentFilterRoutes } from '@huntforge/contracts/api';
import { type RetrainStatusView } from '@huntforge/contracts/content-filter';
import { useApi, useApiMutation, useRefetchOnChange } from '../api/hooks';
import { formatTime, percent } from '../components/format';
import { ErrorNote, QueryState } from '../components/query-state';
import { useCan } from '../components/session';
import { TimelineChart } from './timeline-chart';
import { Panel } from '../components/panel';
import { usePageTitle } from '../components/page-title';

/** The retrain job's state as a sentence opening ("Last retrain finished: Model version 2 trained and promoted"). */
const RETRAIN_STATE: Record<RetrainStatusView['status'], string> = {
  idle: 'No retrain has run yet',
  starting: 'Retrain starting',
  loading: 'Retrain loading the labelled chunks',
  training: 'Retrain training',
  evaluating: 'Retrain evaluating the new version',
  complete: 'Last retrain finished',
  error: 'Last retrain failed',
};

/** The views a new or restored model version changes. */
const MODEL_VIEWS = [
  contentFilterRoutes.getModelVersions,
  contentFilterRoutes.getModelFeedbackComparison,
  contentFilterRoutes.getModelClassificationTimeline,
  contentFilterRoutes.getModelCompare,
  contentFilterRoutes.getModelFeedbackCount,
];

function RetrainPanel() {
  const canWrite = useCan('analyst');
  const status = useApi(contentFilterRoutes.getModelRetrainStatus, undefined, {
    refetchInterval: (data) => (data && !['idle', 'complete', 'error'].includes(data.status) ? 1000 : false),
  });
  const counts = useApi(contentFilterRoutes.getModelFeedbackCount);
  const retrain = useApiMutation(contentFilterRoutes.postModelRetrain, {
    invalidates: [contentFilterRoutes.getModelRetrainStatus, contentFilterRoutes.getModelVersions],
  });
  const data = status.data;
  // A retrain runs in the background: when it ends, the versions and figures it changed are read again.
  useRefetchOnChange(data?.status ?? 'unknown', MODEL_VIEWS);
  const running = data !== undefined && !['idle', 'complete', 'error'].includes(data.status);
  const result = data?.result;
  return (
    <Panel id="retrain" title="Retrain">
      <p className="small muted">
        {counts.data
          ? `${counts.data.feedback_count} chunk feedback and ${counts.data.annotation_count} annotations are available for training.`
          : ' '}
      </p>
      <div className="row">
        <button
          type="button"
          className="primary"
          disabled={!canWrite || running || retrain.isPending}
          onClick={() => retrain.mutate({ query: { wait: 'false' } })}
        >
          Retrain now
        </button>
        {data ? (
          <span className="small" data-testid="retrain-status">
            {RETRAIN_STATE[data.status]}
            {running ? ` — ${Math.round(data.progress)}%` : ''}
            {data.message ? `: ${data.message}` : ''}
          </span>
        ) : null}
      </div>
      {running ? (
        <div className="bar" role="progressbar" aria-label="retraining" aria-valuenow={data.progress} aria-valuemax={100}>
          <span style={{ width: `${data.progress}%` }} />
        </div>
      ) : null}
      {result && !running ? (
        result.success ? (
          <div className="notice ok small" style={{ marginTop: 8 }}>
            New version v{result.new_version} is in use ({result.training_samples} samples, {result.training_duration}).
          </div>
        ) : (
          <div className="notice bad small" style={{ marginTop: 8 }} data-testid="retrain-rejected">
            <strong>RETRAIN REJECTED</strong> — {result.message}. The current model stays in use.
          </div>
        )
      ) : null}
      <ErrorNote error={retrain.error} action="Retrain" />
    </Panel>
  );
}

function Compare({ versionId }: { versionId: number }) {
  const compare = useApi(contentFilterRoutes.getModelCompare, { params: { version_id: versionId } });
  return (
    <QueryState query={compare} label="comparison">
      {(data) => (
        <table className="data small">
          <thead>
            <tr>
              <th>metric</th>
              <th className="num">v{data.predecessor}</th>
              <th className="num">v{data.version}</th>
            </tr>
          </thead>
          <tbody>
            {(['accuracy', 'precision_huntable', 'recall_huntable', 'f1_huntable', 'brier_score'] as const).map((metric) => (
              <tr key={metric}>
                <td>{metric.replace(/_/g, ' ')}</td>
                <td className="num">{data.metrics.previous[metric].toFixed(3)}</td>
                <td className="num">{data.metrics.current[metric].toFixed(3)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </QueryState>
  );
}

const metric = (metrics: Record<string, unknown>, name: string) =>
  typeof metrics[name] === 'number' ? percent(metrics[name] as number) : '—';

/** Asked before a rollback: which version replaces which, and that the newer one stays restorable. */
function RollbackConfirm({
  target,
  inUse,
  pending,
  onConfirm,
  onCancel,
}: {
  target: number;
  inUse: number | undefined;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="notice warn small" role="alertdialog" aria-labelledby="rollback-question" data-testid="rollback-confirm">
      <p id="rollback-question">
        <strong>Roll back to v{target}?</strong> It replaces {inUse !== undefined ? `v${inUse}` : 'the model in use'} for every
        classification from now on; the newer version stays listed and can be restored the same way.
      </p>
      <div className="row">
        <button type="button" className="danger" disabled={pending} onClick={onConfirm}>
          Roll back to v{target}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** How the model in use now answers the chunks people corrected. */
function FeedbackComparisonPanel() {
  const comparison = useApi(contentFilterRoutes.getModelFeedbackComparison);
  return (
    <Panel id="feedback" title="Feedback, before and after">
      <QueryState query={comparison} label="feedback comparison">
        {(data) => (
          <p className="small">
            Of {data.summary.total} corrected chunks, the model in use (v{data.model_version}) now gets {data.summary.now_correct} right:{' '}
            {data.summary.improved} improved, {data.summary.worsened} worsened, {data.summary.unchanged} unchanged.
          </p>
        )}
      </QueryState>
    </Panel>
  );
}

export function MlopsPage() {
  usePageTitle('Content filter model');
  const canWrite = useCan('analyst');
  const versions = useApi(contentFilterRoutes.getModelVersions, { query: { limit: 50 } });
  const timeline = useApi(contentFilterRoutes.getModelClassificationTimeline);
  const [comparing, setComparing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<{ id: number; version: number } | null>(null);
  const rollback = useApiMutation(contentFilterRoutes.postModelRollback, {
    invalidates: MODEL_VIEWS,
    onSuccess: () => setConfirming(null),
  });
  const inUse = versions.data?.versions.find((version) => version.is_current);
  const rollbackProblem =
    rollback.error instanceof ApiError && rollback.error.status === 422
      ? 'That version cannot be restored: its model file is missing or does not load. Retrain instead, or pick another version.'
      : null;
  return (
    <>
      <h1>Content filter model</h1>
      <div className="grid" style={{ gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' }}>
        <Panel id="versions" title="Model versions">
          <QueryState
            query={versions}
            label="model versions"
            empty={(data) =>
              data.versions.length === 0 ? 'No model version yet: the first start trains one from the shipped fixtures.' : null
            }
          >
            {(data) => (
              <div className="table-scroll" tabIndex={0} role="region" aria-label="model versions table">
                <table className="data small">
                  <thead>
                    <tr>
                      <th>version</th>
                      <th className="num">accuracy</th>
                      <th className="num">F1 huntable</th>
                      <th className="num">samples</th>
                      <th>trained</th>
                      <th />
                    </tr>
                  </thead>
                  <tbody>
                    {data.versions.map((version) => (
                      <tr key={version.id} className={version.is_current ? 'selected' : ''}>
                        <td>
                          v{version.version} {version.is_current ? <span className="badge ok">in use</span> : null}
                          <div className="muted">{version.metrics_source}</div>
                        </td>
                        <td className="num">{metric(version.metrics, 'accuracy')}</td>
                        <td className="num">{metric(version.metrics, 'f1_huntable')}</td>
                        <td className="num">{version.training_samples}</td>
                        <td>{formatTime(version.created_at)}</td>
                        <td className="row">
                          <button type="button" disabled={version.version <= 1} onClick={() => setComparing(version.id)}>
                            Compare
                          </button>
                          <button
                            type="button"
                            disabled={!canWrite || version.is_current || rollback.isPending}
                            onClick={() => {
                              rollback.reset();
                              setConfirming({ id: version.id, version: version.version });
                            }}
                            aria-label={`Roll back to v${version.version}`}
                          >
                            Roll back to
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </QueryState>
          {confirming ? (
            <RollbackConfirm
              target={confirming.version}
              inUse={inUse?.version}
              pending={rollback.isPending}
              onConfirm={() => rollback.mutate({ params: { version_id: confirming.id } })}
              onCancel={() => setConfirming(null)}
            />
          ) : null}
          {rollback.data ? (
            <div className="notice ok small" role="status">
              {rollback.data.message}
            </div>
          ) : null}
          <ErrorNote error={rollback.error} action="Rollback" />
          {rollbackProblem ? <p className="small">{rollbackProblem}</p> : null}
          {comparing !== null ? (
            <>
              <h3>Compared with its predecessor</h3>
              <Compare versionId={comparing} />
            </>
          ) : null}
        </Panel>
        <div>
          <RetrainPanel />
          <FeedbackComparisonPanel />
        </div>
      </div>
      <Panel id="timeline" title="Classification timeline">
        <QueryState
          query={timeline}
          label="timeline"
          empty={(data) => (data.timeline.length === 0 ? 'No chunk has been classified yet.' : null)}
        >
          {(data) => <TimelineChart points={data.timeline} />}
        </QueryState>
      </Panel>
    </>
  );
}
