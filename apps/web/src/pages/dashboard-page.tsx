import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { contentFilterRoutes, executionRoutes, ingestionRoutes, sigmaQueueRoutes } from '@huntforge/contracts/api';
import { type ExecutionSummary } from '@huntforge/contracts/executions';
import { useApi } from '../api/hooks';
import { ScoreBadge, StatusBadge } from '../components/badges';
import { formatAgo } from '../components/format';
import { Panel } from '../components/panel';
import { LoadingNote, QueryState } from '../components/query-state';
import { usePageTitle } from '../components/page-title';

// uPlot comes with the chart, after the dashboard's numbers are on screen.
const DailyArticlesChart = lazy(() =>
  import('./dashboard/daily-articles-chart').then((module) => ({ default: module.DailyArticlesChart })),
);
const CHART_DAYS = 30;

function ArticlesPerDay() {
  const daily = useApi(ingestionRoutes.getArticlesDailyCounts, { query: { days: CHART_DAYS } });
  return (
    <Panel id="daily" title={`Articles collected per day (last ${CHART_DAYS} days, UTC)`}>
      <QueryState query={daily} label="articles per day">
        {(data) => (
          <Suspense fallback={<LoadingNote label="chart" />}>
            <DailyArticlesChart counts={data.counts} />
          </Suspense>
        )}
      </QueryState>
    </Panel>
  );
}

const QUEUE_STATUSES = ['pending', 'needs_review', 'approved', 'rejected', 'submitted'] as const;

function QueueCount({ status, count }: { status: (typeof QUEUE_STATUSES)[number]; count: number | undefined }) {
  return (
    <Link to={`/workflow?status=${status}#queue`} className="stack" style={{ gap: 0 }}>
      <span className="stat">{count ?? '…'}</span>
      <span className="stat-label">{status.replace('_', ' ')}</span>
    </Link>
  );
}

function IngestionPanel() {
  const sources = useApi(ingestionRoutes.getSources);
  const sourceList = sources.data?.sources ?? [];
  const collected = sourceList.filter((source) => source.health.last_success_at !== null);
  const failing = sourceList.filter((source) => source.health.status === 'failing');
  const lastCollection =
    collected
      .map((source) => source.health.last_success_at as string)
      .sort()
      .at(-1) ?? null;
  return (
    <Panel id="ingestion" title="Ingestion">
      <QueryState query={sources} label="sources">
        {() => (
          <div className="stack">
            <div className="row">
              <span className="stat">{sourceList.filter((source) => source.active).length}</span>
              <span className="muted">active sources</span>
            </div>
            <div className="row small">
              <span className="badge ok">{sourceList.filter((source) => source.health.status === 'healthy').length} ok</span>
              <span className={`badge ${failing.length ? 'bad' : ''}`}>{failing.length} failing</span>
            </div>
            <span className="small muted">last collection {formatAgo(lastCollection)}</span>
            <Link to="/sources">Sources →</Link>
          </div>
        )}
      </QueryState>
    </Panel>
  );
}

function ContentFilterPanel() {
  const models = useApi(contentFilterRoutes.getModelVersions, { query: { limit: 50 } });
  const current = models.data?.versions.find((version) => version.is_current);
  return (
    <Panel id="model" title="Content filter">
      <QueryState query={models} label="model versions">
        {() =>
          current ? (
            <div className="stack">
              <div className="row">
                <span className="stat">v{current.version}</span>
                <span className="muted">in use</span>
              </div>
              <span className="small muted">
                {current.training_samples} training samples, {current.feedback_samples} from feedback
              </span>
              <Link to="/mlops">Model versions →</Link>
            </div>
          ) : (
            <span className="muted">No model trained yet</span>
          )
        }
      </QueryState>
    </Panel>
  );
}

function QueuePanel() {
  // One listing gives every status's count (the counts ignore the status filter).
  const queue = useApi(sigmaQueueRoutes.getSigmaQueueList, { query: { limit: 1 } });
  return (
    <Panel id="queue" title="Review queue">
      <div className="grid queue-counts">
        {QUEUE_STATUSES.map((status) => (
          <QueueCount key={status} status={status} count={queue.data?.counts?.[status]} />
        ))}
      </div>
    </Panel>
  );
}

/** The latest runs with their outcome and rule count, newest first. */
function RecentExecutionsTable({ executions }: { executions: ExecutionSummary[] }) {
  return (
    <table className="data">
      <tbody>
        {executions.map((execution) => (
          <tr key={execution.id}>
            <td>
              <StatusBadge status={execution.status} />
            </td>
            <td>
              <Link to={`/workflow?execution=${execution.id}#executions`}>#{execution.id}</Link>{' '}
              {execution.article_title ?? `article ${execution.article_id}`}
              <div className="small muted">
                {execution.termination_reason ?? execution.current_step ?? ''} · {formatAgo(execution.created_at)}
              </div>
            </td>
            <td className="num">{execution.sigma_rule_count} rules</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function DashboardPage() {
  usePageTitle('Dashboard');
  // The seeded evaluation snapshots are not collected CTI: they stay off the dashboard.
  const articles = useApi(ingestionRoutes.getArticles, {
    query: { sort_by: 'hunt_score', sort_order: 'desc', limit: 8, exclude_source: 'eval' },
  });
  // Evaluation runs are counted on the evaluations page, not here: these figures match the executions list.
  const executions = useApi(
    executionRoutes.getWorkflowExecutions,
    { query: { limit: 6, sort_by: 'created_at', sort_order: 'desc', is_eval_run: false } },
    { refetchInterval: 10_000 },
  );

  const noArticles = articles.data !== undefined && articles.data.total === 0;

  return (
    <>
      <h1>Dashboard</h1>
      {noArticles ? (
        <div className="notice warn" style={{ marginBottom: 14 }}>
          <strong>No articles collected yet.</strong> Start on the <Link to="/sources">sources page</Link>: collect a source now, or scrape
          one article by URL. Articles whose hunt score is high enough can then be sent through the workflow from their page.
        </div>
      ) : null}
      <div className="grid cols-4" style={{ marginBottom: 14 }}>
        <IngestionPanel />
        <Panel id="articles" title="Articles">
          <QueryState query={articles} label="articles">
            {(data) => (
              <div className="stack">
                <div className="row">
                  <span className="stat">{data.total.toLocaleString()}</span>
                  <span className="muted">articles</span>
                </div>
                <Link to="/articles">All articles →</Link>
              </div>
            )}
          </QueryState>
        </Panel>
        <Panel id="workflow" title="Workflow">
          <QueryState query={executions} label="executions">
            {(data) => (
              <div className="stack">
                <div className="row small">
                  <Link className="badge info" to="/workflow?status=running#executions">
                    {data.running} running
                  </Link>
                  <Link className="badge info" to="/workflow?status=pending#executions">
                    {data.pending} pending
                  </Link>
                  <Link className="badge ok" to="/workflow?status=completed#executions">
                    {data.completed} completed
                  </Link>
                  <Link className={`badge ${data.failed ? 'bad' : ''}`} to="/workflow?status=failed#executions">
                    {data.failed} failed
                  </Link>
                </div>
                <Link to="/workflow#executions">Executions →</Link>
              </div>
            )}
          </QueryState>
        </Panel>
        <ContentFilterPanel />
      </div>
      <ArticlesPerDay />
      <QueuePanel />
      <div className="grid cols-2">
        <Panel id="top" title="Highest hunt scores">
          <QueryState query={articles} label="articles" empty={(data) => (data.articles.length === 0 ? 'Nothing collected yet.' : null)}>
            {(data) => (
              <table className="data">
                <tbody>
                  {data.articles.map((article) => (
                    <tr key={article.id}>
                      <td>
                        <ScoreBadge score={article.hunt_score} />
                      </td>
                      <td>
                        <Link to={`/articles/${article.id}`}>{article.title}</Link>
                        <div className="small muted">{article.source}</div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </QueryState>
        </Panel>
        <Panel id="recent" title="Recent executions">
          <QueryState
            query={executions}
            label="executions"
            empty={(data) => (data.executions.length === 0 ? 'No workflow has run yet: open an article and press Reprocess.' : null)}
          >
            {(data) => <RecentExecutionsTable executions={data.executions} />}
          </QueryState>
        </Panel>
      </div>
    </>
  );
}
