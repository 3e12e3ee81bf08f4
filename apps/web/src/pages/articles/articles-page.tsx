import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ingestionRoutes } from '@huntforge/contracts/api';
import { type ArticleSummary } from '@huntforge/contracts/ingestion';
import { useApi } from '../../api/hooks';
import { ScoreBadge } from '../../components/badges';
import { formatTime } from '../../components/format';
import { Pager } from '../../components/pager';
import { QueryState } from '../../components/query-state';
import { useUrlState } from '../../components/url-state';
import { usePageTitle } from '../../components/page-title';

const BANDS = [
  { id: '', label: 'any score' },
  { id: 'high', label: 'high (≥ 60)', min: 60 },
  { id: 'medium', label: 'medium (30–60)', min: 30, max: 60 },
  { id: 'low', label: 'low (< 30)', max: 30 },
] as const;
const SORTS = ['published_at', 'collected_at', 'hunt_score', 'title'] as const;
type Sort = (typeof SORTS)[number];

function SemanticTable({ query, source }: { query: string; source?: string }) {
  const results = useApi(ingestionRoutes.postSearchSemantic, { body: { query, limit: 25, source: source ?? null } });
  return (
    <QueryState
      query={results}
      label="semantic results"
      empty={(data) => (data.results.length === 0 ? 'No article is similar enough.' : null)}
    >
      {(data) => (
        <>
          <p className="small muted">
            Semantic search with {data.embedder}: {data.total} results, most similar first.
          </p>
          <table className="data">
            <thead>
              <tr>
                <th className="num">similarity</th>
                <th>score</th>
                <th>article</th>
                <th>published</th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((article) => (
                <tr key={article.id}>
                  <td className="num">{article.similarity.toFixed(3)}</td>
                  <td>
                    <ScoreBadge score={article.hunt_score} />
                  </td>
                  <td>
                    <Link to={`/articles/${article.id}`}>{article.title}</Link>
                    <div className="small muted">{article.snippet}</div>
                  </td>
                  <td className="small">{formatTime(article.published_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </QueryState>
  );
}

/** A page of articles: score, title (with its duplicate mark), source and dates. */
function ArticleTable({ articles }: { articles: ArticleSummary[] }) {
  return (
    <table className="data">
      <thead>
        <tr>
          <th>score</th>
          <th>title</th>
          <th>source</th>
          <th>published</th>
          <th>collected</th>
        </tr>
      </thead>
      <tbody>
        {articles.map((article) => (
          <tr key={article.id}>
            <td>
              <ScoreBadge score={article.hunt_score} />
            </td>
            <td className="title-cell">
              <Link to={`/articles/${article.id}`}>{article.title}</Link>
              {article.duplicate_of ? <span className="badge small">duplicate of #{article.duplicate_of}</span> : null}
            </td>
            <td className="small words">{article.source}</td>
            <td className="small words">{formatTime(article.published_at)}</td>
            <td className="small words">{formatTime(article.collected_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The source of the seeded evaluation snapshots. */
export const EVAL_SOURCE = 'eval';

type Band = (typeof BANDS)[number];

/** The search box and filters; every choice lives in the URL, so a filtered list can be linked and reloaded. */
function ArticleSearch({
  url,
  q,
  mode,
  source,
  band,
  sort,
  order,
  withEval,
}: {
  url: ReturnType<typeof useUrlState>;
  q: string | undefined;
  mode: 'text' | 'semantic';
  source: string | undefined;
  band: Band;
  sort: Sort;
  order: 'asc' | 'desc';
  withEval: boolean;
}) {
  const [draft, setDraft] = useState(q ?? '');
  const sources = useApi(ingestionRoutes.getSources);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    url.set({ q: draft.trim() || undefined });
  };
  return (
    <form className="panel row" onSubmit={submit} role="search">
      <label className="sr-only" htmlFor="article-search">
        Search articles
      </label>
      <input
        id="article-search"
        type="search"
        placeholder={mode === 'semantic' ? 'Describe what you hunt for…' : 'Search title and text…'}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        style={{ flex: 1, minWidth: 260 }}
      />
      <label>
        <select
          aria-label="search mode"
          value={mode}
          onChange={(event) => url.set({ mode: event.target.value === 'semantic' ? 'semantic' : undefined })}
        >
          <option value="text">text</option>
          <option value="semantic">semantic</option>
        </select>
      </label>
      <select aria-label="source" value={source ?? ''} onChange={(event) => url.set({ source: event.target.value || undefined })}>
        <option value="">all sources</option>
        {(sources.data?.sources ?? []).map((entry) => (
          <option key={entry.id} value={entry.identifier}>
            {entry.name}
          </option>
        ))}
      </select>
      <select aria-label="hunt score band" value={band.id} onChange={(event) => url.set({ band: event.target.value || undefined })}>
        {BANDS.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {entry.label}
          </option>
        ))}
      </select>
      <select
        aria-label="sort by"
        value={`${sort}:${order}`}
        onChange={(event) => {
          const [by, direction] = event.target.value.split(':');
          url.set({ sort: by, order: direction });
        }}
      >
        <option value="collected_at:desc">newest collected</option>
        <option value="published_at:desc">newest published</option>
        <option value="published_at:asc">oldest published</option>
        <option value="hunt_score:desc">highest hunt score</option>
        <option value="title:asc">title A–Z</option>
      </select>
      <label className="small nowrap">
        <input type="checkbox" checked={withEval} onChange={(event) => url.set({ eval: event.target.checked ? '1' : undefined })} /> include
        evaluation articles
      </label>
      <button type="submit" className="primary">
        Search
      </button>
    </form>
  );
}

export function ArticlesPage() {
  usePageTitle('Articles');
  const url = useUrlState();
  const q = url.get('q');
  const mode = url.get('mode') === 'semantic' ? 'semantic' : 'text';
  const band = BANDS.find((entry) => entry.id === (url.get('band') ?? '')) ?? BANDS[0];
  const sort = (SORTS as readonly string[]).includes(url.get('sort') ?? '') ? (url.get('sort') as Sort) : 'collected_at';
  const order = url.get('order') === 'asc' ? 'asc' : 'desc';
  const page = url.getNumber('page') ?? 1;
  const source = url.get('source');
  // The seeded evaluation snapshots are not collected CTI: left out unless asked for (or their source is chosen).
  const withEval = url.get('eval') === '1';
  const excludeSource = withEval || source ? undefined : EVAL_SOURCE;
  const articles = useApi(
    ingestionRoutes.getArticles,
    {
      query: {
        page,
        limit: 50,
        q,
        source,
        exclude_source: excludeSource,
        min_hunt_score: 'min' in band ? band.min : undefined,
        max_hunt_score: 'max' in band ? band.max : undefined,
        sort_by: sort,
        sort_order: order,
      },
    },
    { enabled: mode === 'text' || !q },
  );

  return (
    <>
      <h1>Articles</h1>
      <ArticleSearch url={url} q={q} mode={mode} source={source} band={band} sort={sort} order={order} withEval={withEval} />
      {mode === 'semantic' && q ? (
        <section className="panel">
          <SemanticTable query={q} source={source} />
        </section>
      ) : (
        <section className="panel">
          <QueryState
            query={articles}
            label="articles"
            empty={(data) =>
              data.total === 0 ? (
                q || source || band.id ? (
                  'No article matches these filters.'
                ) : (
                  <>
                    No articles yet. <Link to="/sources">Collect a source or scrape a URL</Link>.
                  </>
                )
              ) : null
            }
          >
            {(data) => (
              <>
                <ArticleTable articles={data.articles} />
                <Pager
                  page={data.page}
                  totalPages={data.total_pages}
                  total={data.total}
                  totalExact={data.total_exact}
                  onPage={(next) => url.set({ page: next })}
                />
              </>
            )}
          </QueryState>
        </section>
      )}
    </>
  );
}
