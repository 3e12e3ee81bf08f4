import { Fragment, useEffect, useState } from 'react';
import { evaluationRoutes as routes } from '@huntforge/contracts/api';
import { type EvalRecordView, type EvalSubagent } from '@huntforge/contracts/workflow';
import { useApi, useApiMutation, useRefetchOnChange } from '../../api/hooks';
import { StatusBadge } from '../../components/badges';
import { formatAgo, formatTime, percent } from '../../components/format';
import { ErrorNote, QueryState } from '../../components/query-state';
import { useCan } from '../../components/session';
import { DeltaBadge, EvalPageTabs, SUBAGENT_LABELS, SubagentTabs, fixed, useSubagent } from './eval-shared';
import { Panel } from '../../components/panel';
import { usePageTitle } from '../../components/page-title';

const RESULT_ROUTES = [routes.getSubagentEvalResults, routes.getSubagentEvalAggregate, routes.getSubagentEvalModels];
/** What is computed from finished records only: read again as records settle. */
const SETTLED_ROUTES = [routes.getSubagentEvalAggregate, routes.getSubagentEvalModels];

/** Pick articles and launch a run; the run goes against the active config. */
function RunPanel({ subagent }: { subagent: EvalSubagent }) {
  const canWrite = useCan('analyst');
  const articles = useApi(routes.getSubagentEvalArticles, { query: { subagent } });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  useEffect(() => setSelected(new Set()), [subagent]);
  const run = useApiMutation(routes.postRunSubagentEval, { invalidates: RESULT_ROUTES });
  const all = articles.data?.articles ?? [];
  const chosen = selected.size === 0 ? all.length : selected.size;
  const toggle = (url: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(url)) next.delete(url);
      else next.add(url);
      return next;
    });
  return (
    <Panel id="eval-articles" title={<>Eval articles — {SUBAGENT_LABELS[subagent]}</>}>
      {subagent === 'sigma' ? (
        <p className="small muted">
          Each article has rules a detection engineer wrote for it. The run extracts every observable, generates rules with the active
          SigmaAgent, and scores them by positive detection atoms (field, modifier, value within a telemetry class) and by telemetry class;
          counts are rules.
        </p>
      ) : null}
      <QueryState
        query={articles}
        label="eval articles"
        empty={(data) => (data.articles.length === 0 ? 'No eval article labels this subagent.' : null)}
      >
        {(data) => (
          <div className="table-scroll tall" tabIndex={0} role="region" aria-label="evaluation articles">
            <table className="data small">
              <thead>
                <tr>
                  <th>
                    <span className="visually-hidden">select</span>
                  </th>
                  <th>article</th>
                  <th className="num">expected</th>
                  <th>seeded</th>
                </tr>
              </thead>
              <tbody>
                {data.articles.map((article) => (
                  <tr key={article.url}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`select ${article.title}`}
                        checked={selected.has(article.url)}
                        onChange={() => toggle(article.url)}
                      />
                    </td>
                    <td>
                      <div>{article.title}</div>
                      <div className="muted">{article.fixture}</div>
                    </td>
                    <td className="num" title={article.expected_items.join('\n')}>
                      {article.expected_count}
                    </td>
                    <td>
                      {article.article_id === null ? (
                        <span className="badge warn">not yet</span>
                      ) : (
                        <a href={`/articles/${article.article_id}`}>#{article.article_id}</a>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      <div className="row" style={{ marginTop: 8 }}>
        <button
          type="button"
          className="primary"
          disabled={!canWrite || run.isPending || all.length === 0}
          onClick={() => run.mutate({ body: { subagent_name: subagent, ...(selected.size > 0 ? { article_urls: [...selected] } : {}) } })}
        >
          Run evaluation ({chosen} {chosen === 1 ? 'article' : 'articles'})
        </button>
        <span className="small muted">
          {selected.size === 0 ? (
            'No selection runs every article.'
          ) : (
            <button type="button" className="link" onClick={() => setSelected(new Set())}>
              clear selection
            </button>
          )}
        </span>
      </div>
      {run.data ? (
        <div className="notice ok small" style={{ marginTop: 8 }} data-testid="eval-launched">
          {run.data.total} evaluation executions queued against config v{run.data.config_version ?? '—'} ({run.data.provider}
          {run.data.model ? ` ${run.data.model}` : ''}){run.data.stagger_seconds > 0 ? `, ${run.data.stagger_seconds} s apart` : ''}.
        </div>
      ) : null}
      <ErrorNote error={run.error} action="Run" />
    </Panel>
  );
}

function ItemList({ title, items, tone }: { title: string; items: string[]; tone: 'ok' | 'bad' | 'warn' }) {
  return (
    <div>
      <div className="small">
        <span className={`badge ${tone}`}>{items.length}</span> {title}
      </div>
      {items.length === 0 ? null : (
        <ul className="items small">
          {items.map((item) => (
            <li key={item}>
              <code>{item}</code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The actual count with how it splits: matched + extra, and whatever is neither (borderline items and repeats
 * of one item), so the figures add up on the page.
 */
function actualSplit(record: EvalRecordView): { other: number } | null {
  if (record.actual_count === null || record.matched_count === null || record.extra_count === null) return null;
  return { other: record.actual_count - record.matched_count - record.extra_count };
}

function ActualCount({ record }: { record: EvalRecordView }) {
  const split = actualSplit(record);
  if (!split || split.other === 0) return <>{record.actual_count ?? '—'}</>;
  return (
    <span
      title={`${record.matched_count} matched + ${record.extra_count} extra + ${split.other} neither (borderline items or repeats of one item)`}
    >
      {record.actual_count}
      <span className="muted"> ({split.other} other)</span>
    </span>
  );
}

function RecordRow({ record }: { record: EvalRecordView }) {
  const [open, setOpen] = useState(false);
  return (
    <Fragment>
      <tr className={open ? 'selected' : ''}>
        <td>
          <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)}>
            {record.article_title ?? record.article_url}
          </button>
        </td>
        <td>v{record.config_version ?? '—'}</td>
        <td className="small">{record.model ?? record.provider ?? 'builtin'}</td>
        <td>
          <StatusBadge status={record.status} />
        </td>
        <td className="num">{record.expected_count ?? '—'}</td>
        <td className="num">
          <ActualCount record={record} />
        </td>
        <td>
          <DeltaBadge score={record.status === 'completed' ? record.score : null} />
        </td>
        <td className="num">{record.matched_count ?? '—'}</td>
        <td className="num">{record.missed_count ?? '—'}</td>
        <td className="num">{record.extra_count ?? '—'}</td>
        <td className="num">{percent(record.precision)}</td>
        <td className="num">{percent(record.recall)}</td>
        <td className="small muted nowrap" title={formatTime(record.completed_at ?? record.created_at)}>
          {formatAgo(record.completed_at ?? record.created_at)}
        </td>
      </tr>
      {open ? (
        <tr>
          <td colSpan={13}>
            {record.error ? <div className="notice bad small">{record.error}</div> : null}
            {record.telemetry_classes ? (
              <p className="small" data-testid="telemetry-classes">
                Telemetry classes: expected {record.telemetry_classes.expected.join(', ') || 'none'}; generated{' '}
                {record.telemetry_classes.generated.join(', ') || 'none'} — precision {percent(record.telemetry_classes.precision)}, recall{' '}
                {percent(record.telemetry_classes.recall)}.
                {record.undecomposable
                  ? ` ${record.undecomposable} generated rule(s) could not be decomposed into atoms and are not scored.`
                  : ''}
              </p>
            ) : null}
            <div className="grid cols-3">
              <ItemList title={record.subagent === 'sigma' ? 'expected atoms matched' : 'matched'} items={record.matched_items} tone="ok" />
              <ItemList title={record.subagent === 'sigma' ? 'expected atoms missed' : 'missed'} items={record.missed_items} tone="bad" />
              <ItemList
                title={record.subagent === 'sigma' ? 'generated atoms not expected' : 'extra (not in the ground truth)'}
                items={record.extra_items}
                tone="warn"
              />
            </div>
            {actualSplit(record) ? (
              <p className="small" data-testid="actual-split">
                Actual {record.actual_count} = {record.matched_count} matched + {record.extra_count} extra
                {(actualSplit(record)?.other ?? 0) !== 0
                  ? ` + ${actualSplit(record)?.other} neither rewarded nor penalised (borderline items, or repeats of an item already counted)`
                  : ''}
                .
              </p>
            ) : null}
            {record.optional_items.length > 0 ? (
              <p className="small muted">Borderline items, neither rewarded nor penalised: {record.optional_items.join(' · ')}</p>
            ) : null}
            {record.execution_id ? (
              <p className="small">
                <a href={`/workflow?execution=${record.execution_id}#executions`}>execution #{record.execution_id}</a>
              </p>
            ) : null}
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}

/** Records of the subagent, newest first; polls while any is still open. */
function ResultsPanel({ subagent }: { subagent: EvalSubagent }) {
  const canWrite = useCan('analyst');
  const results = useApi(
    routes.getSubagentEvalResults,
    { query: { subagent, status: 'all', limit: 200 } },
    { refetchInterval: (data) => (data?.results.some((r) => r.status === 'pending' || r.status === 'running') ? 2000 : false) },
  );
  const backfill = useApiMutation(routes.postSubagentEvalBackfill, { invalidates: RESULT_ROUTES });
  const clear = useApiMutation(routes.deleteSubagentEvalClearPending, { invalidates: RESULT_ROUTES });
  const rows = results.data?.results ?? [];
  const open = rows.filter((r) => r.status === 'pending' || r.status === 'running').length;
  // Each record that settles changes what the aggregate and the model list show.
  useRefetchOnChange(rows.filter((r) => r.status === 'completed' || r.status === 'failed').length, SETTLED_ROUTES);
  return (
    <Panel
      id="eval-results"
      headingClassName="row spread"
      title={
        <>
          <span>Results</span>
          <span className="row">
            <button
              type="button"
              disabled={!canWrite || backfill.isPending}
              title="Complete open records from their executions"
              onClick={() => backfill.mutate({ query: { subagent } })}
            >
              Backfill
            </button>
            <button
              type="button"
              disabled={!canWrite || clear.isPending || open === 0}
              title="Delete open records and cancel their executions"
              onClick={() => clear.mutate({ query: { subagent } })}
            >
              Clear pending
            </button>
          </span>
        </>
      }
    >
      {open > 0 ? (
        <div data-testid="eval-progress">
          <div className="small">
            {rows.length - open} of {rows.length} settled — {open} still running
          </div>
          <div
            className="bar"
            role="progressbar"
            aria-label="evaluation progress"
            aria-valuenow={rows.length - open}
            aria-valuemax={rows.length}
          >
            <span style={{ width: `${((rows.length - open) / Math.max(rows.length, 1)) * 100}%` }} />
          </div>
        </div>
      ) : null}
      {backfill.data ? (
        <p className="small muted">
          Backfill: {backfill.data.scored} scored, {backfill.data.failed} failed, {backfill.data.still_pending} still running.
        </p>
      ) : null}
      <ErrorNote error={backfill.error ?? clear.error} />
      <QueryState
        query={results}
        label="evaluation results"
        empty={(data) => (data.results.length === 0 ? 'No evaluation yet: run one above.' : null)}
      >
        {(data) => (
          <div className="table-scroll" tabIndex={0} role="region" aria-label="evaluation results">
            <table className="data small" data-testid="eval-results">
              <thead>
                <tr>
                  <th>article</th>
                  <th>config</th>
                  <th>model</th>
                  <th>status</th>
                  <th className="num">expected</th>
                  <th className="num">actual</th>
                  <th>delta</th>
                  <th className="num">matched</th>
                  <th className="num">missed</th>
                  <th className="num">extra</th>
                  <th className="num">precision</th>
                  <th className="num">recall</th>
                  <th>when</th>
                </tr>
              </thead>
              <tbody>
                {data.results.map((record) => (
                  <RecordRow key={record.id} record={record} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </Panel>
  );
}

/** Count error (MAE, nMAE) and item-level figures per config version. */
function AggregatePanel({ subagent }: { subagent: EvalSubagent }) {
  const aggregate = useApi(routes.getSubagentEvalAggregate, { query: { subagent } });
  return (
    <Panel id="eval-aggregate" title="By config version">
      <QueryState
        query={aggregate}
        label="aggregates"
        empty={(data) => (data.versions.length === 0 ? 'No completed evaluation for this subagent yet.' : null)}
      >
        {(data) => (
          <div className="table-scroll" tabIndex={0} role="region" aria-label="aggregates by config version">
            <table className="data small" data-testid="eval-aggregate">
              <thead>
                <tr>
                  <th>config</th>
                  <th>models</th>
                  <th className="num">scored</th>
                  <th className="num">mean score</th>
                  <th className="num">MAE</th>
                  <th className="num">nMAE</th>
                  <th>count accuracy</th>
                  <th className="num">precision</th>
                  <th className="num">recall</th>
                  <th className="num">F1</th>
                </tr>
              </thead>
              <tbody>
                {data.versions.map((version) => (
                  <tr key={String(version.config_version)}>
                    <td>v{version.config_version ?? '—'}</td>
                    <td>{version.models.join(', ')}</td>
                    <td className="num">
                      {version.scored_articles} / {data.eval_set_total}
                    </td>
                    <td className="num">{fixed(version.mean_score)}</td>
                    <td className="num">{fixed(version.raw_mae)}</td>
                    <td className="num">{fixed(version.nmae)}</td>
                    <td>
                      <span className="badge ok" title="exact count">
                        {version.count_accuracy.pass}
                      </span>{' '}
                      <span className="badge warn" title="within 2">
                        {version.count_accuracy.partial}
                      </span>{' '}
                      <span className="badge bad" title="more than 2 off">
                        {version.count_accuracy.fail}
                      </span>
                    </td>
                    <td className="num">{percent(version.mean_precision)}</td>
                    <td className="num">{percent(version.mean_recall)}</td>
                    <td className="num">{percent(version.mean_f1)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      <p className="small muted">
        Score is actual − expected count per article; MAE its mean absolute value; nMAE the absolute errors over the expected total. Count
        accuracy: exact (pass), within 2 (partial), further (fail); the spec&apos;s baseline target is 80% pass, the goal 90%.
      </p>
    </Panel>
  );
}

export function AgentEvalsPage() {
  usePageTitle('Agent evaluations');
  const [subagent, setSubagent] = useSubagent();
  return (
    <>
      <h1>Agent evaluations</h1>
      <EvalPageTabs />
      <SubagentTabs value={subagent} onChange={setSubagent} />
      <div className="grid" style={{ gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr)' }}>
        <RunPanel subagent={subagent} />
        <AggregatePanel subagent={subagent} />
      </div>
      <ResultsPanel subagent={subagent} />
    </>
  );
}
