import { useState } from 'react';
import { Cron } from 'croner';
import { gatewayRoutes, mcpRoutes, providerTestRoutes, settingsRoutes, type RouteResponse } from '@huntforge/contracts/api';
import { useApi, useApiMutation } from '../api/hooks';
import { formatTime } from '../components/format';
import { ErrorNote, QueryState } from '../components/query-state';
import { useCan, useSession } from '../components/session';
import { BackupSchedulePanel } from './backup-schedule-panel';
import { Panel } from '../components/panel';
import { usePageTitle } from '../components/page-title';

type Setting = RouteResponse<typeof settingsRoutes.getSettings>['settings'][number];

/** The connectivity test of a setting (canonical routes only; the neutral aliases are for API callers). */
const SERVICE_OF_KEY: Record<string, string> = {
  OPENAI_API_KEY: 'openai',
  ANTHROPIC_API_KEY: 'anthropic',
  OLLAMA_BASE_URL: 'ollama',
  GITHUB_TOKEN: 'github',
};
const testOf = (key: string) => providerTestRoutes.find((test) => test.canonical && test.service === SERVICE_OF_KEY[key]);
type TestRoute = (typeof providerTestRoutes)[number]['route'];

function ProviderTest({ route }: { route: TestRoute }) {
  const canTest = useCan('analyst');
  const run = useApiMutation(route);
  const result = run.data;
  return (
    <span className="row">
      <button type="button" disabled={!canTest || run.isPending} onClick={() => run.mutate({})}>
        Test
      </button>
      {result ? (
        <span className={`small finding ${result.success ? '' : 'error'}`}>
          {result.success ? '✓ ' : '✗ '}
          {result.message}
        </span>
      ) : null}
      {run.error ? <ErrorNote error={run.error} /> : null}
    </span>
  );
}

function SettingRow({ setting }: { setting: Setting }) {
  const canAdmin = useCan('admin');
  const test = testOf(setting.key);
  const [draft, setDraft] = useState('');
  const put = useApiMutation(settingsRoutes.putSetting, { invalidates: [settingsRoutes.getSettings], onSuccess: () => setDraft('') });
  const remove = useApiMutation(settingsRoutes.deleteSetting, { invalidates: [settingsRoutes.getSettings] });
  return (
    <tr>
      <td>
        <code>{setting.key}</code>
        <div className="muted small">{setting.description}</div>
      </td>
      <td className="small" data-label="current">
        {setting.sensitive ? (
          setting.configured ? (
            <span className="badge ok">configured {setting.hint ? `(${setting.hint})` : ''}</span>
          ) : (
            <span className="badge">not set</span>
          )
        ) : (
          <code>{setting.value ?? '—'}</code>
        )}
        {setting.source ? <div className="muted">from {setting.source}</div> : null}
      </td>
      <td data-label="change">
        <form
          className="row"
          onSubmit={(event) => {
            event.preventDefault();
            put.mutate({ params: { key: setting.key }, body: { value: draft } });
          }}
        >
          <input
            aria-label={`new value for ${setting.key}`}
            type={setting.sensitive ? 'password' : 'text'}
            autoComplete="off"
            placeholder={setting.sensitive ? 'write-only' : 'new value'}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            disabled={!canAdmin}
          />
          <button type="submit" disabled={!canAdmin || !draft || put.isPending}>
            Save
          </button>
          {setting.source === 'stored' ? (
            <button
              type="button"
              className="danger"
              disabled={!canAdmin || remove.isPending}
              onClick={() => remove.mutate({ params: { key: setting.key } })}
            >
              Clear
            </button>
          ) : null}
          {test ? <ProviderTest route={test.route} /> : null}
        </form>
        <ErrorNote error={put.error ?? remove.error} />
      </td>
    </tr>
  );
}

function nextRuns(cron: string): string[] | string {
  try {
    return new Cron(cron, { timezone: 'UTC', paused: true })
      .nextRuns(3)
      .map((date) => date.toISOString().replace('T', ' ').slice(0, 16) + ' UTC');
  } catch (error) {
    return error instanceof Error ? error.message : 'invalid cron expression';
  }
}

function JobRow({
  id,
  job,
}: {
  id: string;
  job: { enabled: boolean; cron: string; editable: boolean; description: string; default_cron: string };
}) {
  const canAdmin = useCan('admin');
  const [cron, setCron] = useState(job.cron);
  const [enabled, setEnabled] = useState(job.enabled);
  const save = useApiMutation(gatewayRoutes.putScheduledJobs, { invalidates: [gatewayRoutes.getScheduledJobs] });
  const runNow = useApiMutation(gatewayRoutes.postScheduledJobRun);
  const runs = nextRuns(cron);
  const editable = job.editable && canAdmin;
  return (
    <tr>
      <td>
        <code>{id}</code>
        <div className="muted small">{job.description}</div>
      </td>
      <td data-label="enabled">
        <input
          type="checkbox"
          aria-label={`${id} enabled`}
          checked={enabled}
          disabled={!editable}
          onChange={(event) => setEnabled(event.target.checked)}
        />
      </td>
      <td data-label="schedule">
        <input
          aria-label={`${id} schedule`}
          className="mono"
          value={cron}
          disabled={!editable}
          onChange={(event) => setCron(event.target.value)}
          aria-invalid={typeof runs === 'string'}
          style={{ width: 130 }}
        />
        <div className="small muted">
          {typeof runs === 'string' ? <span className="finding error">{runs}</span> : `next: ${runs.join(', ')}`}
        </div>
      </td>
      <td>
        {job.editable ? (
          <button
            type="button"
            disabled={!editable || typeof runs === 'string' || save.isPending || (cron === job.cron && enabled === job.enabled)}
            onClick={() => save.mutate({ body: { jobs: { [id]: { enabled, cron } } } })}
          >
            Save
          </button>
        ) : (
          <span className="small muted">fixed</span>
        )}
        <ErrorNote error={save.error} />
      </td>
      <td>
        {canAdmin ? (
          <button type="button" disabled={runNow.isPending} onClick={() => runNow.mutate({ params: { job_id: id } })}>
            {runNow.isPending ? 'Running…' : 'Run now'}
          </button>
        ) : null}
        {runNow.data ? (
          <div className="small muted" role="status">
            {runNow.data.outcome} at {new Date(runNow.data.finished_at ?? runNow.data.started_at).toLocaleTimeString()}
            {runNow.data.detail !== null && runNow.data.detail !== undefined ? `: ${JSON.stringify(runNow.data.detail).slice(0, 160)}` : ''}
          </div>
        ) : null}
        <ErrorNote error={runNow.error} />
      </td>
    </tr>
  );
}

function Tokens() {
  const tokens = useApi(gatewayRoutes.getTokens);
  const [name, setName] = useState('');
  const [role, setRole] = useState<'viewer' | 'analyst' | 'admin'>('viewer');
  const [created, setCreated] = useState<string | null>(null);
  const create = useApiMutation(gatewayRoutes.postTokens, {
    invalidates: [gatewayRoutes.getTokens],
    onSuccess: (data) => {
      setCreated(data.token);
      setName('');
    },
  });
  const revoke = useApiMutation(gatewayRoutes.deleteToken, { invalidates: [gatewayRoutes.getTokens] });
  return (
    <>
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ body: { name, role } });
        }}
      >
        <input
          aria-label="token name"
          placeholder="token name (e.g. ci-reader)"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <select aria-label="token role" value={role} onChange={(event) => setRole(event.target.value as typeof role)}>
          <option value="viewer">viewer</option>
          <option value="analyst">analyst</option>
          <option value="admin">admin</option>
        </select>
        <button type="submit" disabled={!name || create.isPending}>
          Create token
        </button>
      </form>
      {created ? (
        <div className="notice ok small">
          Copy this token now; it is not shown again: <code data-testid="new-token">{created}</code>{' '}
          <button type="button" className="link" onClick={() => setCreated(null)}>
            hide
          </button>
        </div>
      ) : null}
      <ErrorNote error={create.error ?? revoke.error} />
      <QueryState query={tokens} label="tokens" empty={(data) => (data.tokens.length === 0 ? 'No API tokens yet.' : null)}>
        {(data) => (
          <table className="data small">
            <thead>
              <tr>
                <th>name</th>
                <th>role</th>
                <th>prefix</th>
                <th>last used</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.tokens.map((token) => (
                <tr key={token.id}>
                  <td>{token.name}</td>
                  <td>{token.role}</td>
                  <td className="mono">{token.prefix}…</td>
                  <td>{formatTime(token.last_used_at)}</td>
                  <td>
                    {token.revoked_at ? (
                      <span className="muted">revoked</span>
                    ) : (
                      <button type="button" className="danger" onClick={() => revoke.mutate({ params: { id: token.id } })}>
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
    </>
  );
}

/** Who is signed in where (AUTH_MODE=required): an admin ends a session on a lost laptop here. */
function Sessions() {
  const sessions = useApi(gatewayRoutes.getAuthSessions);
  const revoke = useApiMutation(gatewayRoutes.deleteAuthSessionById, { invalidates: [gatewayRoutes.getAuthSessions] });
  return (
    <>
      <ErrorNote error={revoke.error} action="Ending the session" />
      <QueryState
        query={sessions}
        label="sessions"
        empty={(data) => (data.sessions.length === 0 ? 'Nobody is signed in through the browser.' : null)}
      >
        {(data) => (
          <table className="data small">
            <thead>
              <tr>
                <th>token</th>
                <th>role</th>
                <th>browser</th>
                <th>signed in</th>
                <th>last seen</th>
                <th>ends</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.sessions.map((session) => (
                <tr key={session.id}>
                  <td>
                    {session.token_name}
                    {session.current ? <span className="badge"> this browser</span> : null}
                  </td>
                  <td className="nowrap">{session.role}</td>
                  <td className="truncate" title={session.user_agent ?? undefined}>
                    {session.user_agent ?? '—'}
                  </td>
                  <td>{formatTime(session.created_at)}</td>
                  <td>{formatTime(session.last_seen_at)}</td>
                  <td>{formatTime(session.expires_at)}</td>
                  <td>
                    {session.current ? null : (
                      <button type="button" className="danger" onClick={() => revoke.mutate({ params: { session_id: session.id } })}>
                        End session
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
    </>
  );
}

function Audit() {
  const audit = useApi(mcpRoutes.getAudit, { query: { limit: 50 } });
  return (
    <QueryState query={audit} label="audit log" empty={(data) => (data.events.length === 0 ? 'Nothing audited yet.' : null)}>
      {(data) => (
        <table className="data small">
          <thead>
            <tr>
              <th>when</th>
              <th>event</th>
              <th>actor</th>
              <th>outcome</th>
            </tr>
          </thead>
          <tbody>
            {data.events.map((event) => (
              <tr key={event.id}>
                <td>{formatTime(event.created_at)}</td>
                <td>
                  {event.type}
                  {event.tool ? <span className="muted"> ({event.tool})</span> : null}
                </td>
                <td>{event.actor ?? '—'}</td>
                <td>{event.outcome ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </QueryState>
  );
}

export function SettingsPage() {
  usePageTitle('Settings');
  const isAdmin = useCan('admin');
  const authRequired = useSession().auth_mode === 'required';
  const settings = useApi(settingsRoutes.getSettings);
  const jobs = useApi(gatewayRoutes.getScheduledJobs);
  return (
    <>
      <h1>Settings</h1>
      {!isAdmin ? <div className="notice warn">Only admins change settings; you can read them.</div> : null}
      <Panel id="providers" title="Providers and delivery">
        <p className="small muted">
          Secrets are write-only: the service shows whether one is configured and its last characters, never the value.
        </p>
        <QueryState query={settings} label="settings">
          {(data) => (
            <table className="data stack-narrow">
              <thead>
                <tr>
                  <th>setting</th>
                  <th>current</th>
                  <th>change</th>
                </tr>
              </thead>
              <tbody>
                {data.settings.map((setting) => (
                  <SettingRow key={setting.key} setting={setting} />
                ))}
              </tbody>
            </table>
          )}
        </QueryState>
      </Panel>
      <Panel id="jobs" title="Scheduled jobs (UTC)">
        <QueryState query={jobs} label="scheduled jobs">
          {(data) => (
            <table className="data small stack-narrow">
              <thead>
                <tr>
                  <th>job</th>
                  <th>enabled</th>
                  <th>schedule</th>
                  <th />
                  <th />
                </tr>
              </thead>
              <tbody>
                {Object.entries(data.jobs).map(([id, job]) => (
                  <JobRow key={`${id}:${job.cron}:${job.enabled}`} id={id} job={job} />
                ))}
              </tbody>
            </table>
          )}
        </QueryState>
      </Panel>
      <Panel id="backups" title="Backups">
        <BackupSchedulePanel />
      </Panel>
      {isAdmin ? (
        <>
          <Panel id="tokens" title="API tokens">
            <Tokens />
          </Panel>
          {authRequired ? (
            <Panel id="sessions" title="Browser sessions">
              <Sessions />
            </Panel>
          ) : null}
          <Panel id="audit" title="Audit log">
            <Audit />
          </Panel>
        </>
      ) : null}
    </>
  );
}
