import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ingestionRoutes, type RouteResponse } from '@huntforge/contracts/api';
import { useApi, useApiMutation } from '../api/hooks';
import { StatusBadge } from '../components/badges';
import { formatAgo, formatTime } from '../components/format';
import { ErrorNote, QueryState } from '../components/query-state';
import { useCan } from '../components/session';
import { Panel } from '../components/panel';
import { SourceForm } from './sources/source-form';
import { usePageTitle } from '../components/page-title';

type Source = RouteResponse<typeof ingestionRoutes.getSources>['sources'][number];

function CollectionRun({ sourceId, runId }: { sourceId: number; runId: number }) {
  const run = useApi(
    ingestionRoutes.getSourcesRuns,
    { params: { source_id: String(sourceId), run_id: runId } },
    { refetchInterval: (data) => (data?.status === 'running' ? 1000 : false) },
  );
  if (!run.data) return <ErrorNote error={run.error} action="Reading the collection" />;
  const { progress } = run.data;
  return (
    <div className="stack small" aria-live="polite">
      <div className="row">
        <StatusBadge status={run.data.status} />
        {run.data.status === 'running' ? (
          <span>
            {progress.processed} of {progress.total || '?'} items
          </span>
        ) : null}
        {run.data.status !== 'running' ? (
          <span>
            {run.data.items_found} found, {run.data.articles_created} new, {run.data.duplicates} duplicates, {run.data.failures} failed
            {run.data.not_modified ? ' (feed not modified)' : ''}
          </span>
        ) : null}
      </div>
      {run.data.status === 'running' ? (
        <div
          className="bar"
          role="progressbar"
          aria-label="collection progress"
          aria-valuenow={progress.processed}
          aria-valuemax={progress.total}
        >
          <span style={{ width: `${progress.total ? (100 * progress.processed) / progress.total : 5}%` }} />
        </div>
      ) : null}
      {run.data.error ? <div className="notice bad">{run.data.error}</div> : null}
    </div>
  );
}

/** Admin actions on a source: edit, enable or disable, delete (protected sources are refused with the reason). */
function SourceAdmin({ source }: { source: Source }) {
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const toggle = useApiMutation(ingestionRoutes.patchSource, { invalidates: [ingestionRoutes.getSources] });
  const remove = useApiMutation(ingestionRoutes.deleteSource, { invalidates: [ingestionRoutes.getSources] });
  return (
    <div className="stack">
      <div className="row">
        <button type="button" disabled={source.protected} onClick={() => setEditing(!editing)} aria-expanded={editing}>
          Edit
        </button>
        <button
          type="button"
          disabled={source.protected || toggle.isPending}
          onClick={() => toggle.mutate({ params: { source_id: String(source.id) }, body: { active: !source.active } })}
        >
          {source.active ? 'Disable' : 'Enable'}
        </button>
        <button
          type="button"
          className="danger"
          onClick={() => {
            remove.reset();
            setConfirmDelete(true);
          }}
        >
          Delete
        </button>
      </div>
      {editing ? (
        <SourceForm
          editing={{ id: source.id }}
          initial={{
            identifier: source.identifier,
            name: source.name,
            url: source.url,
            kind: source.kind,
            check_frequency_seconds: source.check_frequency_seconds,
            lookback_days: source.lookback_days,
          }}
          onDone={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : null}
      {confirmDelete ? (
        <div className="notice warn small" role="alertdialog" aria-label={`delete ${source.name}`}>
          Delete <strong>{source.name}</strong> and its collection history? A source that holds articles is kept (disable it instead).{' '}
          <button
            type="button"
            className="danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ params: { source_id: String(source.id) } }, { onSuccess: () => setConfirmDelete(false) })}
          >
            Delete it
          </button>{' '}
          <button type="button" onClick={() => setConfirmDelete(false)}>
            Cancel
          </button>
        </div>
      ) : null}
      <ErrorNote error={toggle.error} action="Changing the source" />
      <ErrorNote error={remove.error} action="Deleting the source" />
    </div>
  );
}

function SourceCard({ source }: { source: Source }) {
  const canWrite = useCan('analyst');
  const isAdmin = useCan('admin');
  const [runId, setRunId] = useState<number | null>(null);
  const collect = useApiMutation(ingestionRoutes.postSourcesCollect, {
    invalidates: [ingestionRoutes.getSources],
    onSuccess: (data) => setRunId(data.run_id),
  });
  const ocr = useApiMutation(ingestionRoutes.putSourcesImageOcr, { invalidates: [ingestionRoutes.getSources] });
  const { health } = source;
  return (
    <article className="panel" aria-label={source.name}>
      <div className="row spread">
        <h2 style={{ margin: 0 }}>{source.name}</h2>
        <StatusBadge status={health.status} />
      </div>
      <div className="small muted mono" style={{ overflowWrap: 'anywhere' }}>
        {source.url}
      </div>
      <dl className="kv small">
        <dt>articles</dt>
        <dd>{source.article_count}</dd>
        <dt>last check</dt>
        <dd title={health.last_checked_at ?? ''}>{formatAgo(health.last_checked_at)}</dd>
        <dt>last success</dt>
        <dd>{formatTime(health.last_success_at)}</dd>
        <dt>every</dt>
        <dd>
          {Math.round(source.check_frequency_seconds / 60)} min · {source.kind}
          {source.active || source.protected ? '' : ' · disabled'}
        </dd>
      </dl>
      {health.last_error ? (
        <div className="notice bad small">
          {health.consecutive_failures} failure{health.consecutive_failures === 1 ? '' : 's'} in a row: {health.last_error}
        </div>
      ) : null}
      <div className="row" style={{ marginTop: 8 }}>
        <button
          type="button"
          disabled={!canWrite || collect.isPending || source.protected}
          title={source.protected ? 'Protected sources (eval, manual) hold articles added by hand and are never collected' : undefined}
          onClick={() => collect.mutate({ params: { source_id: String(source.id) } })}
        >
          Collect now
        </button>
        <label
          title={
            source.protected
              ? 'Protected sources (eval, manual) keep their own OCR setting'
              : 'Read text from images in articles of this source'
          }
        >
          <input
            type="checkbox"
            checked={source.image_ocr_effective}
            disabled={!canWrite || source.protected || ocr.isPending}
            onChange={(event) =>
              ocr.mutate({ params: { source_id: String(source.id) }, body: { image_ocr_enabled: event.target.checked } })
            }
          />
          image OCR{source.image_ocr_enabled === null ? ' (default)' : ''}
        </label>
        {source.protected ? <span className="small muted">protected source: never collected, OCR setting fixed</span> : null}
      </div>
      <ErrorNote error={collect.error} action="Collect" />
      <ErrorNote error={ocr.error} action="Image OCR" />
      {runId !== null ? <CollectionRun sourceId={source.id} runId={runId} /> : null}
      {isAdmin ? <SourceAdmin source={source} /> : null}
    </article>
  );
}

const SCRAPE_ERRORS: Record<string, string> = {
  invalid_url: 'that is not an http(s) URL',
  url_not_allowed: 'the address is private, loopback or otherwise internal; only public hosts are fetched',
  fetch_failed: 'the page could not be fetched (network error, timeout or an error status)',
  unsupported_content: 'the address did not answer with an HTML page, a feed or an image',
  no_content: 'no article text was found on the page',
  validation_error: 'the request was not understood',
};

function ScrapeForm() {
  const canWrite = useCan('analyst');
  const [url, setUrl] = useState('');
  const scrape = useApiMutation(ingestionRoutes.postScrapeUrl, { invalidates: [ingestionRoutes.getSources, ingestionRoutes.getArticles] });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    scrape.mutate({ body: { url } });
  };
  const code = (scrape.error as { code?: string } | null)?.code;
  return (
    <Panel id="scrape" title="Scrape one article">
      <form className="row" onSubmit={submit}>
        <label className="sr-only" htmlFor="scrape-url">
          Article URL
        </label>
        <input
          id="scrape-url"
          type="url"
          required
          placeholder="https://vendor.example/blog/threat-report"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          style={{ flex: 1, minWidth: 320 }}
        />
        <button type="submit" className="primary" disabled={!canWrite || scrape.isPending}>
          {scrape.isPending ? 'Fetching…' : 'Scrape'}
        </button>
      </form>
      {scrape.data ? (
        <div className="notice ok" style={{ marginTop: 8 }}>
          {scrape.data.duplicate ? 'Already collected' : 'Collected'}:{' '}
          <Link to={`/articles/${scrape.data.duplicate_of ?? scrape.data.article_id}`}>{scrape.data.title}</Link> (hunt score{' '}
          {scrape.data.hunt_score.toFixed(1)})
        </div>
      ) : null}
      {scrape.error ? (
        <div style={{ marginTop: 8 }}>
          <ErrorNote error={scrape.error} action="Scrape" />
          {code && SCRAPE_ERRORS[code] ? <div className="small muted">Meaning: {SCRAPE_ERRORS[code]}.</div> : null}
        </div>
      ) : null}
    </Panel>
  );
}

export function SourcesPage() {
  usePageTitle('Sources');
  const isAdmin = useCan('admin');
  const sources = useApi(ingestionRoutes.getSources, undefined, { refetchInterval: 15_000 });
  return (
    <>
      <h1>Sources</h1>
      <div className="grid cols-2">
        <ScrapeForm />
        {isAdmin ? (
          <Panel id="add-source" title="Add a source">
            <SourceForm />
          </Panel>
        ) : null}
      </div>
      <QueryState
        query={sources}
        label="sources"
        empty={(data) =>
          data.sources.length === 0
            ? 'No sources yet: add one above (admins), or list them in the sources file (SOURCES_FILE) and restart.'
            : null
        }
      >
        {(data) => (
          <div className="grid cols-3">
            {data.sources.map((source) => (
              <SourceCard key={source.id} source={source} />
            ))}
          </div>
        )}
      </QueryState>
    </>
  );
}
