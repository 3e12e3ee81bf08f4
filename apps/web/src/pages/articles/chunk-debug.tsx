import { useState } from 'react';
import { contentFilterRoutes } from '@huntforge/contracts/api';
import { useApi, useApiMutation } from '../../api/hooks';
import { percent } from '../../components/format';
import { ErrorNote, QueryState } from '../../components/query-state';
import { useCan } from '../../components/session';
import { Panel } from '../../components/panel';

const PHASES = { filtering: 'Filtering chunks…', analyzing: 'Analyzing chunks', finalizing: 'Finalizing…' } as const;

function Progress({ articleId }: { articleId: number }) {
  const progress = useApi(
    contentFilterRoutes.getArticlesChunkDebugProgress,
    { params: { article_id: articleId } },
    { refetchInterval: 400 },
  );
  const data = progress.data;
  if (!data?.in_progress || !data.phase)
    return (
      <div className="small muted" aria-live="polite">
        Starting…
      </div>
    );
  const total = data.total_chunks ?? 0;
  const done = data.processed_chunks ?? 0;
  return (
    <div className="stack small" aria-live="polite" data-testid="chunk-progress">
      <span>
        {PHASES[data.phase]}
        {data.phase === 'analyzing' ? ` ${done} / ${total}` : ''}
      </span>
      {data.phase === 'analyzing' ? (
        <div className="bar" role="progressbar" aria-label="chunk analysis" aria-valuenow={done} aria-valuemax={total}>
          <span style={{ width: `${total ? (100 * done) / total : 0}%` }} />
        </div>
      ) : null}
    </div>
  );
}

export function ChunkDebug({ articleId }: { articleId: number }) {
  const canWrite = useCan('analyst');
  const [started, setStarted] = useState(false);
  const debug = useApi(contentFilterRoutes.getArticlesChunkDebug, { params: { article_id: articleId } }, { enabled: started });
  const feedback = useApiMutation(contentFilterRoutes.postFeedbackChunkClassification);
  const [sent, setSent] = useState<Record<number, boolean>>({});
  return (
    <Panel id="chunks" title="Content filter chunks">
      {!started ? (
        <button type="button" onClick={() => setStarted(true)}>
          Analyze chunks
        </button>
      ) : debug.isFetching && !debug.data ? (
        <Progress articleId={articleId} />
      ) : (
        <QueryState query={debug} label="chunk analysis">
          {(data) => (
            <>
              <p className="small muted">
                Model v{data.model_version}, threshold {data.threshold}: {data.kept_count} kept, {data.removed_count} removed of{' '}
                {data.total_chunks}
                {data.chunk_limit_applied ? ` (first ${data.total_chunks} of ${data.article_total_chunks} chunks)` : ''}.
              </p>
              <ErrorNote error={feedback.error} action="Sending feedback" />
              <table className="data small">
                <thead>
                  <tr>
                    <th>#</th>
                    <th>decision</th>
                    <th className="num">confidence</th>
                    <th>text</th>
                    <th>feedback</th>
                  </tr>
                </thead>
                <tbody>
                  {data.chunks.map((chunk) => (
                    <tr key={chunk.chunk_id}>
                      <td>{chunk.chunk_id}</td>
                      <td>
                        <span className={`badge ${chunk.kept ? 'ok' : ''}`}>{chunk.kept ? 'keep' : 'remove'}</span>
                        <div className="muted">{chunk.label}</div>
                      </td>
                      <td className="num">{percent(chunk.confidence)}</td>
                      <td>
                        {chunk.text.slice(0, 220)}
                        {chunk.text.length > 220 ? '…' : ''}
                        <div className="muted">{chunk.reason}</div>
                      </td>
                      <td>
                        {chunk.chunk_id in sent ? (
                          <span className="muted">thanks ({sent[chunk.chunk_id] ? 'correct' : 'wrong'})</span>
                        ) : (
                          <span className="row">
                            {[true, false].map((isCorrect) => (
                              <button
                                key={String(isCorrect)}
                                type="button"
                                disabled={!canWrite || feedback.isPending}
                                onClick={() =>
                                  feedback.mutate(
                                    {
                                      body: {
                                        article_id: articleId,
                                        chunk_id: chunk.chunk_id,
                                        chunk_text: chunk.text,
                                        model_classification: chunk.label,
                                        model_confidence: chunk.confidence,
                                        model_reason: chunk.reason,
                                        is_correct: isCorrect,
                                        user_classification: isCorrect
                                          ? chunk.label
                                          : chunk.label === 'Huntable'
                                            ? 'Not Huntable'
                                            : 'Huntable',
                                      },
                                    },
                                    { onSuccess: () => setSent((current) => ({ ...current, [chunk.chunk_id]: isCorrect })) },
                                  )
                                }
                              >
                                {isCorrect ? '✓ right' : '✗ wrong'}
                              </button>
                            ))}
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </QueryState>
      )}
    </Panel>
  );
}
