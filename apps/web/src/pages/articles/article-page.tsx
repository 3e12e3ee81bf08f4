import { useRef } from 'react';
import { Link, useParams } from 'react-router';
import { contentFilterRoutes, executionRoutes, ingestionRoutes } from '@huntforge/contracts/api';
import { useApi, useApiMutation } from '../../api/hooks';
import { ScoreBadge, StatusBadge } from '../../components/badges';
import { formatTime } from '../../components/format';
import { ErrorNote, QueryState } from '../../components/query-state';
import { useCan } from '../../components/session';
import { CoveragePanel } from '../workflow/coverage-panel';
import { ObservablesByAgent } from '../workflow/observables';
import { AnnotationTool } from './annotation-tool';
import { ChunkDebug } from './chunk-debug';
import { highlight } from './highlight';
import { Panel } from '../../components/panel';
import { usePageTitle } from '../../components/page-title';

/**
 * Reprocess is a person's explicit request: it always runs (force), whatever the hunt score; the auto-trigger
 * threshold governs automatic runs only. The run is followed live in the extraction panel below.
 */
function Reprocess({ articleId }: { articleId: number }) {
  const canWrite = useCan('analyst');
  const trigger = useApiMutation(executionRoutes.postWorkflowArticlesTrigger, { invalidates: [executionRoutes.getWorkflowExecutions] });
  return (
    <div className="stack">
      <div className="row">
        <button
          type="button"
          className="primary"
          aria-describedby="reprocess-help"
          disabled={!canWrite || trigger.isPending}
          onClick={() => trigger.mutate({ params: { article_id: articleId }, query: { force: true } })}
        >
          Reprocess
        </button>
      </div>
      <p className="small muted" id="reprocess-help">
        Runs the workflow on this article now, whatever its hunt score: the auto-trigger threshold governs automatic runs only.
      </p>
      {trigger.data ? (
        <div className={`notice ${trigger.data.success ? 'ok' : 'warn'}`} role="status">
          {trigger.data.message}
          {trigger.data.execution_id ? (
            <>
              {' '}
              — <Link to={`/workflow?execution=${trigger.data.execution_id}#executions`}>execution #{trigger.data.execution_id}</Link>
            </>
          ) : null}
        </div>
      ) : null}
      <ErrorNote error={trigger.error} action="Reprocess" />
    </div>
  );
}

function DetectOs({ articleId }: { articleId: number }) {
  const detect = useApiMutation(contentFilterRoutes.postArticlesDetectOs);
  return (
    <div className="stack start">
      <button type="button" disabled={detect.isPending} onClick={() => detect.mutate({ params: { article_id: articleId } })}>
        Detect OS
      </button>
      {detect.data ? (
        <div className="small">
          <strong>{detect.data.os}</strong> ({detect.data.confidence}, {detect.data.method}) — evidence:{' '}
          {detect.data.evidence
            .slice(0, 6)
            .map((entry) => `${entry.term} ×${entry.count}`)
            .join(', ') || 'none'}
        </div>
      ) : null}
      <ErrorNote error={detect.error} action="Detect OS" />
    </div>
  );
}

const ACTIVE = new Set(['pending', 'running']);
/** How often a view follows a run that has not ended. */
const FOLLOW_MS = 1_000;

/** The latest run of the article, followed live (polled) until it ends; then its outputs. */
function LatestExecution({ articleId }: { articleId: number }) {
  const list = useApi(
    executionRoutes.getWorkflowExecutions,
    { query: { article_id: articleId, limit: 1, sort_by: 'created_at', sort_order: 'desc' } },
    { refetchInterval: (data) => (data?.executions[0] && ACTIVE.has(data.executions[0].status) ? FOLLOW_MS : false) },
  );
  const latest = list.data?.executions[0];
  const detail = useApi(
    executionRoutes.getWorkflowExecution,
    { params: { execution_id: latest?.id ?? 0 } },
    { enabled: latest !== undefined, refetchInterval: (data) => (data === undefined || ACTIVE.has(data.status) ? FOLLOW_MS : false) },
  );
  const running = detail.data ? ACTIVE.has(detail.data.status) : latest ? ACTIVE.has(latest.status) : false;
  const status = detail.data?.status ?? latest?.status;
  return (
    <Panel id="extraction" title="Extraction outputs">
      {list.data && !latest ? (
        <p className="muted">This article has not been through the workflow yet. Press Reprocess to run it.</p>
      ) : null}
      {latest && status ? (
        <p className="small" data-testid="latest-execution" aria-live="polite">
          Latest execution <Link to={`/workflow?execution=${latest.id}#executions`}>#{latest.id}</Link> <StatusBadge status={status} />{' '}
          {(detail.data?.termination_reason ?? latest.termination_reason) ? (
            <span className="muted">ended: {detail.data?.termination_reason ?? latest.termination_reason}</span>
          ) : null}
        </p>
      ) : null}
      {latest ? (
        <QueryState query={detail} label="execution">
          {(data) =>
            running ? (
              <p className="muted">
                The run is in progress ({data.current_step ?? 'queued'}); this panel follows it and shows its outputs when it ends.
              </p>
            ) : (
              <>
                {data.extraction_result ? (
                  <ObservablesByAgent observables={data.extraction_result.observables} />
                ) : (
                  <p className="muted">
                    No extraction output{data.termination_reason ? ` (the run ended early: ${data.termination_reason})` : ''}.
                  </p>
                )}
                <CoveragePanel coverage={data.coverage} />
              </>
            )
          }
        </QueryState>
      ) : null}
    </Panel>
  );
}

function SimilarArticles({ articleId }: { articleId: number }) {
  const similar = useApi(ingestionRoutes.getArticlesSimilar, { params: { article_id: articleId }, query: { limit: 8 } });
  return (
    <Panel id="similar" title="Similar articles">
      <QueryState
        query={similar}
        label="similar articles"
        empty={(data) =>
          data.similar.length === 0 && data.near_duplicates.length === 0
            ? data.method === 'none'
              ? 'Not embedded yet: similar articles appear after embedding.'
              : 'Nothing similar.'
            : null
        }
      >
        {(data) => (
          <ul className="small">
            {data.near_duplicates.map((article) => (
              <li key={`d${article.id}`}>
                <Link to={`/articles/${article.id}`}>{article.title}</Link> <span className="badge warn">near duplicate</span>
              </li>
            ))}
            {data.similar.map((article) => (
              <li key={article.id}>
                <Link to={`/articles/${article.id}`}>{article.title}</Link> <span className="muted">{article.similarity.toFixed(2)}</span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}

export function ArticlePage() {
  const articleId = Number(useParams().articleId);
  const article = useApi(
    ingestionRoutes.getArticle,
    { params: { article_id: articleId } },
    { enabled: Number.isInteger(articleId) && articleId > 0 },
  );
  const contentRef = useRef<HTMLPreElement>(null);
  usePageTitle(article.data?.title ?? 'Article');
  if (!Number.isInteger(articleId) || articleId <= 0) return <div className="notice bad">Not an article id.</div>;
  return (
    <QueryState query={article} label="article">
      {(data) => {
        const keywords = Object.values(data.hunt_score_breakdown.tiers).flatMap((tier) => tier?.matched ?? []);
        return (
          <>
            <div className="row spread">
              <h1>{data.title}</h1>
              <ScoreBadge score={data.hunt_score} />
            </div>
            <div className="grid" style={{ gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' }}>
              <div>
                <Panel id="content" title="Content">
                  <pre
                    className="article-text"
                    ref={contentRef}
                    data-testid="article-content"
                    tabIndex={0}
                    role="region"
                    aria-label="article text"
                  >
                    {highlight(data.content, keywords)}
                  </pre>
                </Panel>
                <AnnotationTool articleId={articleId} content={data.content} contentRef={contentRef} />
                <LatestExecution articleId={articleId} />
                <ChunkDebug articleId={articleId} />
              </div>
              <div>
                <Panel id="meta" title="Article">
                  <dl className="kv small">
                    <dt>source</dt>
                    <dd>{data.source}</dd>
                    <dt>published</dt>
                    <dd>{formatTime(data.published_at)}</dd>
                    <dt>collected</dt>
                    <dd>{formatTime(data.collected_at)}</dd>
                    <dt>length</dt>
                    <dd>{data.content_length.toLocaleString()} characters</dd>
                    <dt>annotations</dt>
                    <dd>{data.annotation_count}</dd>
                    {data.duplicate_of ? (
                      <>
                        <dt>duplicate of</dt>
                        <dd>
                          <Link to={`/articles/${data.duplicate_of}`}>#{data.duplicate_of}</Link>
                        </dd>
                      </>
                    ) : null}
                  </dl>
                  <a className="small" href={data.url} rel="noreferrer noopener" target="_blank">
                    Original article ↗
                  </a>
                </Panel>
                <Panel id="actions" title="Workflow">
                  <Reprocess articleId={articleId} />
                  <hr />
                  <DetectOs articleId={articleId} />
                </Panel>
                <Panel id="score" title={<>Hunt score {data.hunt_score.toFixed(1)}</>}>
                  <dl className="kv small">
                    {Object.entries(data.hunt_score_breakdown.tiers).map(([tier, value]) => (
                      <div key={tier} style={{ display: 'contents' }}>
                        <dt>{tier.replace(/_/g, ' ')}</dt>
                        <dd>
                          {value && value.matched.length ? (
                            `${value.matched.join(', ')} (+${value.points.toFixed(1)})`
                          ) : (
                            <span className="muted">none</span>
                          )}
                        </dd>
                      </div>
                    ))}
                  </dl>
                </Panel>
                <SimilarArticles articleId={articleId} />
              </div>
            </div>
          </>
        );
      }}
    </QueryState>
  );
}
