import { evaluationRoutes as routes } from '@huntforge/contracts/api';
import { type EvalSubagent } from '@huntforge/contracts/workflow';
import { useApi } from '../../api/hooks';
import { DiffView } from '../../components/diff-view';
import { percent } from '../../components/format';
import { ErrorNote, QueryState } from '../../components/query-state';
import { useUrlState } from '../../components/url-state';
import { DeltaBadge, EvalPageTabs, SUBAGENT_LABELS, SubagentTabs, fixed, useSubagent } from './eval-shared';
import { MetricTrendChart } from './metric-trend-chart';
import { Panel } from '../../components/panel';
import { usePageTitle } from '../../components/page-title';

/** Item-level precision, recall and F1 per config version, optionally for one model. */
function TrendPanel({
  subagent,
  model,
  onModel,
}: {
  subagent: EvalSubagent;
  model: string | undefined;
  onModel: (model: string | undefined) => void;
}) {
  const models = useApi(routes.getSubagentEvalModels, { query: { subagent } });
  const aggregate = useApi(routes.getSubagentEvalAggregate, { query: { subagent, ...(model ? { model } : {}) } });
  const ascending = [...(aggregate.data?.versions ?? [])].filter((v) => v.config_version !== null).reverse();
  return (
    <Panel
      id="trend"
      headingClassName="row spread"
      title={
        <>
          <span>Precision, recall and F1 by config version — {SUBAGENT_LABELS[subagent]}</span>
          <label className="small">
            model{' '}
            <select value={model ?? ''} onChange={(event) => onModel(event.target.value || undefined)} aria-label="model">
              <option value="">all models</option>
              {(models.data?.models ?? []).map((m) => (
                <option key={m.model} value={m.model}>
                  {m.model} ({m.records})
                </option>
              ))}
            </select>
          </label>
        </>
      }
    >
      <QueryState
        query={aggregate}
        label="trend"
        empty={(data) => (data.versions.length === 0 ? 'No completed evaluation for this subagent yet.' : null)}
      >
        {() => (
          <>
            <MetricTrendChart
              points={ascending.map((v) => ({
                version: v.config_version as number,
                precision: v.mean_precision,
                recall: v.mean_recall,
                f1: v.mean_f1,
              }))}
            />
            <table className="data small" data-testid="trend-table">
              <thead>
                <tr>
                  <th>config</th>
                  <th>models</th>
                  <th className="num">articles</th>
                  <th className="num">precision</th>
                  <th className="num">recall</th>
                  <th className="num">F1</th>
                  <th className="num">nMAE</th>
                </tr>
              </thead>
              <tbody>
                {ascending.map((v) => (
                  <tr key={v.config_version}>
                    <td>v{v.config_version}</td>
                    <td>{v.models.join(', ')}</td>
                    <td className="num">{v.scored_articles}</td>
                    <td className="num">{percent(v.mean_precision)}</td>
                    <td className="num">{percent(v.mean_recall)}</td>
                    <td className="num">{percent(v.mean_f1)}</td>
                    <td className="num">{fixed(v.nmae)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </QueryState>
    </Panel>
  );
}

/** Two config versions of the subagent side by side, with the prompt diff between them. */
function ComparePanel({ subagent }: { subagent: EvalSubagent }) {
  const url = useUrlState();
  const versions = useApi(routes.getConfigVersionsModels);
  const aggregate = useApi(routes.getSubagentEvalAggregate, { query: { subagent } });
  const list = versions.data?.versions ?? [];
  // By default the two newest versions with results for this subagent (or the one before the newest).
  const evaluated = (aggregate.data?.versions ?? []).flatMap((v) => (v.config_version === null ? [] : [v.config_version]));
  const b = url.getNumber('version_b') ?? evaluated[0] ?? list[0]?.config_version;
  const a = url.getNumber('version_a') ?? evaluated[1] ?? list.find((v) => b !== undefined && v.config_version < b)?.config_version;
  const ready = a !== undefined && b !== undefined;
  const compare = useApi(routes.getSubagentEvalCompare, { query: { subagent, version_a: a ?? 0, version_b: b ?? 0 } }, { enabled: ready });
  const picker = (name: 'version_a' | 'version_b', value: number | undefined) => (
    <select aria-label={name.replace('_', ' ')} value={value ?? ''} onChange={(event) => url.set({ [name]: event.target.value }, true)}>
      {list.map((v) => (
        <option key={v.config_version} value={v.config_version}>
          v{v.config_version}
          {v.is_active ? ' (active)' : ''} —{' '}
          {Object.entries(v.agents).find(([agent]) => agent === compare.data?.agent)?.[1]?.model ?? 'builtin'}
        </option>
      ))}
    </select>
  );
  return (
    <Panel id="compare" title="Compare config versions">
      <div className="row">
        <span className="small">A</span> {picker('version_a', a)} <span className="small">B</span> {picker('version_b', b)}
      </div>
      {!ready ? (
        <p className="muted small">Two config versions are needed to compare; saving the workflow config makes a new one.</p>
      ) : null}
      <ErrorNote error={compare.error} />
      {compare.data ? (
        <>
          <table className="data small" data-testid="compare-summary" style={{ marginTop: 8 }}>
            <thead>
              <tr>
                <th />
                <th className="num">A: v{compare.data.version_a.config_version}</th>
                <th className="num">B: v{compare.data.version_b.config_version}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>model</td>
                <td className="num">{compare.data.model.a ?? '—'}</td>
                <td className="num">{compare.data.model.b ?? '—'}</td>
              </tr>
              <tr>
                <td>articles scored</td>
                <td className="num">{compare.data.version_a.scored_articles}</td>
                <td className="num">{compare.data.version_b.scored_articles}</td>
              </tr>
              {(['mean_precision', 'mean_recall', 'mean_f1'] as const).map((metric) => (
                <tr key={metric}>
                  <td>{metric.replace('mean_', '')}</td>
                  <td className="num">{percent(compare.data.version_a[metric])}</td>
                  <td className="num">{percent(compare.data.version_b[metric])}</td>
                </tr>
              ))}
              <tr>
                <td>MAE</td>
                <td className="num">{fixed(compare.data.version_a.raw_mae)}</td>
                <td className="num">{fixed(compare.data.version_b.raw_mae)}</td>
              </tr>
              <tr>
                <td>nMAE</td>
                <td className="num">{fixed(compare.data.version_a.nmae)}</td>
                <td className="num">{fixed(compare.data.version_b.nmae)}</td>
              </tr>
            </tbody>
          </table>
          {compare.data.articles.length > 0 ? (
            <table className="data small" data-testid="compare-articles">
              <thead>
                <tr>
                  <th>article</th>
                  <th>A delta</th>
                  <th className="num">A F1</th>
                  <th>B delta</th>
                  <th className="num">B F1</th>
                </tr>
              </thead>
              <tbody>
                {compare.data.articles.map((article) => (
                  <tr key={article.article_url}>
                    <td>{article.title ?? article.article_url}</td>
                    <td>
                      <DeltaBadge score={article.a?.score ?? null} />
                    </td>
                    <td className="num">{percent(article.a?.f1)}</td>
                    <td>
                      <DeltaBadge score={article.b?.score ?? null} />
                    </td>
                    <td className="num">{percent(article.b?.f1)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="muted small">Neither version has a completed evaluation of this subagent.</p>
          )}
          <h3 className="small">Prompt of {compare.data.agent}</h3>
          {compare.data.prompt.a === null && compare.data.prompt.b === null ? (
            <p className="muted small">No stored prompt for either version (the builtin agent uses none).</p>
          ) : (
            <DiffView
              before={compare.data.prompt.a ?? ''}
              after={compare.data.prompt.b ?? ''}
              labels={[`v${compare.data.version_a.config_version}`, `v${compare.data.version_b.config_version}`]}
            />
          )}
        </>
      ) : null}
    </Panel>
  );
}

export function AgentEvals2Page() {
  usePageTitle('Evaluation trends');
  const [subagent, setSubagent] = useSubagent();
  const url = useUrlState();
  return (
    <>
      <h1>Agent evaluations</h1>
      <EvalPageTabs />
      <SubagentTabs value={subagent} onChange={setSubagent} />
      <div className="grid cols-2">
        <TrendPanel subagent={subagent} model={url.get('model')} onModel={(model) => url.set({ model }, true)} />
        <ComparePanel subagent={subagent} />
      </div>
    </>
  );
}
