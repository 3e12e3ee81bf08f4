import { useState, type FormEvent } from 'react';
import { ApiError } from '@huntforge/api-client';
import { ingestionRoutes } from '@huntforge/contracts/api';
import { SOURCE_KINDS, type SourceCheck } from '@huntforge/contracts/ingestion';
import { useApiMutation } from '../../api/hooks';
import { ErrorNote } from '../../components/query-state';

type Kind = (typeof SOURCE_KINDS)[number];
export interface SourceDraft {
  identifier: string;
  name: string;
  url: string;
  kind: Kind;
  check_frequency_seconds: number;
  lookback_days: number;
}

const SOURCE_ROUTES = [ingestionRoutes.getSources, ingestionRoutes.getSource];
const EMPTY: SourceDraft = { identifier: '', name: '', url: '', kind: 'rss', check_frequency_seconds: 1800, lookback_days: 180 };

/** What the connectivity check said, in words. */
export function CheckNote({ check }: { check: SourceCheck | null | undefined }) {
  if (!check) return null;
  return (
    <div className={`notice small ${check.ok ? 'ok' : 'bad'}`} role="status" data-testid="source-check">
      {check.ok
        ? `Reachable (HTTP ${check.status ?? '?'}, ${check.content_type ?? 'no content type'})${check.items !== null ? `: ${check.items} entries in the feed` : ''}.`
        : `Not reachable as configured: ${check.reason ?? 'no answer'}.`}
    </div>
  );
}

function checkOf(error: unknown): SourceCheck | null {
  return error instanceof ApiError && error.code === 'source_unreachable'
    ? ((error.details as { check?: SourceCheck } | undefined)?.check ?? null)
    : null;
}

/** The source's fields; the identifier only when adding (it never changes afterwards). */
function SourceFields({
  draft,
  onChange,
  idPrefix,
  withIdentifier,
}: {
  draft: SourceDraft;
  onChange: (draft: SourceDraft) => void;
  idPrefix: string;
  withIdentifier: boolean;
}) {
  const field = (name: keyof SourceDraft) => `${idPrefix}-${name}`;
  return (
    <div className="form-grid">
      {withIdentifier ? (
        <label htmlFor={field('identifier')}>
          Identifier
          <input
            id={field('identifier')}
            required
            pattern="[a-z0-9][a-z0-9_.\-]{0,99}"
            title="lower-case letters, digits, . _ -"
            value={draft.identifier}
            onChange={(event) => onChange({ ...draft, identifier: event.target.value })}
            placeholder="vendor-blog"
          />
        </label>
      ) : null}
      <label htmlFor={field('name')}>
        Name
        <input
          id={field('name')}
          required
          value={draft.name}
          onChange={(event) => onChange({ ...draft, name: event.target.value })}
          placeholder="Vendor threat research"
        />
      </label>
      <label htmlFor={field('url')} className="wide">
        Feed or page URL
        <input
          id={field('url')}
          type="url"
          required
          value={draft.url}
          onChange={(event) => onChange({ ...draft, url: event.target.value })}
          placeholder="https://vendor.example/feed.xml"
        />
      </label>
      <label htmlFor={field('kind')}>
        Kind
        <select id={field('kind')} value={draft.kind} onChange={(event) => onChange({ ...draft, kind: event.target.value as Kind })}>
          {SOURCE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kind === 'html' ? 'html (a page listing articles)' : kind}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={field('check_frequency_seconds')}>
        Every (minutes)
        <input
          id={field('check_frequency_seconds')}
          type="number"
          min={1}
          max={10080}
          value={Math.round(draft.check_frequency_seconds / 60)}
          onChange={(event) => onChange({ ...draft, check_frequency_seconds: Math.max(1, Number(event.target.value)) * 60 })}
        />
      </label>
      <label htmlFor={field('lookback_days')}>
        Look back (days)
        <input
          id={field('lookback_days')}
          type="number"
          min={0}
          max={3650}
          value={draft.lookback_days}
          onChange={(event) => onChange({ ...draft, lookback_days: Math.max(0, Number(event.target.value)) })}
        />
      </label>
    </div>
  );
}

/**
 * Add (no `editing`) or edit a source. The service fetches the URL once first; when it does not answer as
 * the chosen kind, this says why and offers to store it anyway.
 */
export function SourceForm({
  editing,
  initial,
  onDone,
  onCancel,
}: {
  editing?: { id: number };
  initial?: SourceDraft;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState<SourceDraft>(initial ?? EMPTY);
  const create = useApiMutation(ingestionRoutes.postSources, {
    invalidates: SOURCE_ROUTES,
    onSuccess: () => {
      setDraft(EMPTY);
      onDone?.();
    },
  });
  const update = useApiMutation(ingestionRoutes.patchSource, { invalidates: SOURCE_ROUTES, onSuccess: () => onDone?.() });
  const write = editing ? update : create;
  const failedCheck = checkOf(write.error);
  const send = (skipCheck: boolean) => {
    if (editing) {
      update.mutate({
        params: { source_id: String(editing.id) },
        body: {
          name: draft.name,
          url: draft.url,
          kind: draft.kind,
          check_frequency_seconds: draft.check_frequency_seconds,
          lookback_days: draft.lookback_days,
          skip_check: skipCheck,
        },
      });
    } else {
      create.mutate({ body: { ...draft, skip_check: skipCheck } });
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };
  return (
    <form className="stack" onSubmit={submit} aria-label={editing ? `edit ${initial?.name ?? 'source'}` : 'add a source'}>
      <SourceFields draft={draft} onChange={setDraft} idPrefix={`source-${editing ? editing.id : 'new'}`} withIdentifier={!editing} />
      <div className="row">
        <button type="submit" className="primary" disabled={write.isPending}>
          {write.isPending ? 'Checking…' : editing ? 'Save' : 'Check and add'}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      {failedCheck ? (
        <div className="notice warn small" role="alert" data-testid="source-unreachable">
          <strong>{draft.url}</strong> did not answer as a {draft.kind} source: {failedCheck.reason ?? 'no answer'}. Fix the URL or the
          kind, or{' '}
          <button type="button" onClick={() => send(true)}>
            store it anyway
          </button>
        </div>
      ) : (
        <ErrorNote error={write.error} action={editing ? 'Saving the source' : 'Adding the source'} />
      )}
      {create.data && !editing ? (
        <div className="notice ok small" role="status">
          Added {create.data.name}.
        </div>
      ) : null}
      <CheckNote check={write.data?.check} />
    </form>
  );
}
