import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { sigmaQueueRoutes, telemetryRoutes } from '@huntforge/contracts/api';
import { type SigmaQueueItemBody as SigmaQueueItem } from '@huntforge/contracts/sigma';
import { type BacktestResponse } from '@huntforge/contracts/telemetry';
import { useApi, useApiMutation } from '../../api/hooks';
import { ErrorNote } from '../../components/query-state';
import { useCan } from '../../components/session';
import { uploadTelemetryFile } from './upload-telemetry';

function Results({ result }: { result: BacktestResponse }) {
  return (
    <ul className="small" data-testid="backtest-results">
      {result.datasets.map((dataset) => (
        <li key={dataset.dataset_id}>
          <strong>{dataset.name}</strong>: matches {dataset.matches} of {dataset.events} events
          {dataset.problems.length > 0 ? <span className="muted"> ({dataset.problems.length} damaged parts skipped)</span> : null}
          {dataset.complete ? null : (
            <span className="muted"> (stopped after {dataset.events} events: BACKTEST_MAX_EVENTS or BACKTEST_MAX_SECONDS)</span>
          )}
          {dataset.first_matches.length > 0 ? (
            <ul>
              {dataset.first_matches.map((match) => (
                <li key={match.index}>
                  event {match.index}
                  {match.time ? ` · ${match.time}` : ''}
                  {match.computer ? ` · ${match.computer}` : ''}
                  <pre className="small">{JSON.stringify(match.event, null, 1).slice(0, 800)}</pre>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Backtest: the rule over telemetry uploaded for it (JSON Lines, CloudTrail, EVTX), beside the self-test.
 * After an edit of the rule the last backtest runs again on the same datasets.
 */
export function BacktestPanel({ item }: { item: SigmaQueueItem }) {
  const canWrite = useCan('analyst');
  const datasets = useApi(telemetryRoutes.getTelemetryDatasets);
  const queries = useQueryClient();
  const listed = telemetryRoutes.getTelemetryDatasets;
  const upload = useMutation({
    mutationFn: uploadTelemetryFile,
    onSuccess: (dataset) => {
      setChosen((ids) => [...ids, dataset.dataset_id]);
      return queries.invalidateQueries({ queryKey: [listed.method, listed.path] });
    },
  });
  const backtest = useApiMutation(sigmaQueueRoutes.postSigmaQueueBacktest);
  const [chosen, setChosen] = useState<number[]>([]);
  const [result, setResult] = useState<BacktestResponse | null>(null);
  const lastRun = useRef<{ queueId: number; ids: number[] } | null>(null);
  const { mutate } = backtest;

  const run = (ids: number[]) => {
    lastRun.current = { queueId: item.queue_id, ids };
    mutate({ params: { queue_id: item.queue_id }, body: { dataset_ids: ids } }, { onSuccess: setResult });
  };

  // Another item: its own backtest. The same item with an edited rule: the last backtest again.
  useEffect(() => {
    const last = lastRun.current;
    if (last && last.queueId === item.queue_id)
      mutate({ params: { queue_id: item.queue_id }, body: { dataset_ids: last.ids } }, { onSuccess: setResult });
    else {
      lastRun.current = null;
      setResult(null);
    }
  }, [item.queue_id, item.rule_yaml, mutate]);

  const onFile = (file: File | undefined) => {
    if (file) upload.mutate(file);
  };

  const items = datasets.data?.items ?? [];
  return (
    <div className="notice small" data-testid="backtest">
      <strong>Backtest</strong> on uploaded telemetry (JSON Lines, CloudTrail, EVTX; up to{' '}
      {datasets.data ? Math.round(datasets.data.max_bytes / 1024) : '…'} KiB, kept {datasets.data?.retention_days ?? '…'} days).
      {items.length === 0 ? (
        <p className="muted">No datasets yet.</p>
      ) : (
        <ul>
          {items.map((dataset) => (
            <li key={dataset.dataset_id}>
              <label>
                <input
                  type="checkbox"
                  checked={chosen.includes(dataset.dataset_id)}
                  onChange={(event) =>
                    setChosen((ids) =>
                      event.target.checked ? [...ids, dataset.dataset_id] : ids.filter((id) => id !== dataset.dataset_id),
                    )
                  }
                />{' '}
                {dataset.name}{' '}
                <span className="muted">
                  ({dataset.container}, {dataset.events} events)
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="row">
        <input
          type="file"
          aria-label="upload telemetry"
          disabled={!canWrite || upload.isPending}
          onChange={(event) => onFile(event.target.files?.[0])}
        />
        <button type="button" disabled={!canWrite || chosen.length === 0 || backtest.isPending} onClick={() => run(chosen.slice(0, 10))}>
          Run backtest
        </button>
      </div>
      <ErrorNote error={upload.error} action="Upload" />
      <ErrorNote error={backtest.error} action="Backtest" />
      {backtest.isPending ? <p className="muted">Running…</p> : null}
      {result && result.queue_id === item.queue_id ? <Results result={result} /> : null}
    </div>
  );
}
