import { useEffect, useState } from 'react';
import { ApiError } from '@huntforge/api-client';
import { workflowRoutes, type RouteResponse } from '@huntforge/contracts/api';
import { type PresetFile } from '@huntforge/contracts/workflow';
import { api } from '../../api/client';
import { useApi, useApiMutation } from '../../api/hooks';
import { formatTime } from '../../components/format';
import { ErrorNote, QueryState, fieldIssues } from '../../components/query-state';
import { useCan } from '../../components/session';
import { PromptEditor } from './prompt-editor';
import { Panel } from '../../components/panel';

type Config = RouteResponse<typeof workflowRoutes.getWorkflowConfig>;
type AgentSettings = Config['agents'][string];
type Warning = { code: string; agent: string; message: string };

/** Field-level messages of a 400 (`details: [{path, message}]`), keyed `thresholds.RankingThreshold`. */
function fieldErrors(error: unknown): Record<string, string> {
  return Object.fromEntries(fieldIssues(error).map((issue) => [issue.field, issue.message]));
}

type Unavailable = { provider: string; reason: string; agents: string[] };

/** The providers a 409 provider_unavailable names, or null for any other answer. */
function unavailableOf(error: unknown): Unavailable[] | null {
  if (!(error instanceof ApiError) || error.code !== 'provider_unavailable') return null;
  return (error.details as { providers?: Unavailable[] } | undefined)?.providers ?? [];
}

/**
 * Applying a configuration whose provider cannot be used (no key, not reachable) would make every run fail:
 * the server refuses, and this asks whether to apply anyway. Any other error is shown as it is.
 */
function ProviderWarning({
  error,
  what,
  onConfirm,
  onCancel,
  action,
}: {
  error: unknown;
  what: string;
  onConfirm: () => void;
  onCancel: () => void;
  action: string;
}) {
  const providers = unavailableOf(error);
  if (!providers) return <ErrorNote error={error} action={action} />;
  return (
    <div className="notice warn small" role="alert" data-testid="provider-warning">
      <strong>{what} was not applied:</strong> runs would fail, because
      <ul>
        {providers.map((entry) => (
          <li key={entry.provider}>
            <strong>{entry.provider}</strong>: {entry.reason} (used by {entry.agents.join(', ')})
          </li>
        ))}
      </ul>
      Set the key in <a href="/settings">Settings</a> first, or:{' '}
      <button type="button" className="danger" onClick={onConfirm}>
        Apply anyway
      </button>{' '}
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

function Warnings({ warnings }: { warnings: readonly Warning[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="notice warn small" role="status">
      <strong>Saved, but runs will fail until this is fixed:</strong>
      <ul>
        {warnings.map((warning) => (
          <li key={`${warning.agent}:${warning.code}`}>
            {warning.agent}: {warning.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

type ProviderOptions = RouteResponse<typeof workflowRoutes.getWorkflowProviderOptions>['providers'];

/** One agent's settings: enabled, provider (unavailable ones disabled with the reason), model, sampling and effort. */
function AgentRow({
  name,
  agent,
  providers,
  error,
  onChange,
}: {
  name: string;
  agent: AgentSettings;
  providers: ProviderOptions | undefined;
  error: string | undefined;
  onChange: (change: Partial<AgentSettings>) => void;
}) {
  const block = providers?.[agent.provider as keyof typeof providers];
  return (
    <tr>
      <td>
        <span className="nowrap">{name}</span>
        {error ? <div className="finding error">{error}</div> : null}
      </td>
      <td>
        <input
          type="checkbox"
          aria-label={`${name} enabled`}
          checked={agent.enabled}
          onChange={(event) => onChange({ enabled: event.target.checked })}
        />
      </td>
      <td>
        <select
          className="provider-select"
          aria-label={`${name} provider`}
          value={agent.provider}
          onChange={(event) => onChange({ provider: event.target.value as AgentSettings['provider'], model: null, effort: null })}
        >
          {Object.entries(providers ?? { [agent.provider]: { available: true, reason: null } }).map(([id, entry]) => (
            <option key={id} value={id} disabled={!entry.available && id !== agent.provider} title={entry.reason ?? undefined}>
              {id}
              {entry.available ? '' : ` — ${entry.reason ?? 'unavailable'}`}
            </option>
          ))}
        </select>
      </td>
      <td>
        <input
          aria-label={`${name} model`}
          list={`models-${agent.provider}`}
          value={agent.model ?? ''}
          placeholder={agent.provider === 'builtin' ? 'builtin' : 'model id'}
          disabled={agent.provider === 'builtin'}
          onChange={(event) => onChange({ model: event.target.value || null })}
        />
        <datalist id={`models-${agent.provider}`}>
          {(block?.models ?? []).map((model) => (
            <option key={model} value={model} />
          ))}
        </datalist>
      </td>
      <td>
        <input
          aria-label={`${name} temperature`}
          type="number"
          step="0.1"
          min={0}
          max={2}
          style={{ width: 70 }}
          value={agent.temperature ?? ''}
          onChange={(event) => onChange({ temperature: event.target.value === '' ? null : Number(event.target.value) })}
        />
      </td>
      <td>
        <input
          aria-label={`${name} top_p`}
          type="number"
          step="0.05"
          min={0}
          max={1}
          style={{ width: 70 }}
          value={agent.top_p ?? ''}
          onChange={(event) => onChange({ top_p: event.target.value === '' ? null : Number(event.target.value) })}
        />
      </td>
      <td>
        <input
          aria-label={`${name} effort`}
          style={{ width: 80 }}
          value={agent.effort ?? ''}
          onChange={(event) => onChange({ effort: event.target.value || null })}
        />
      </td>
    </tr>
  );
}

function ConfigForm({ config }: { config: Config }) {
  const canWrite = useCan('analyst');
  const options = useApi(workflowRoutes.getWorkflowProviderOptions);
  const [thresholds, setThresholds] = useState(config.thresholds);
  const [agents, setAgents] = useState(config.agents);
  const [warnings, setWarnings] = useState<Warning[]>([]);
  useEffect(() => {
    setThresholds(config.thresholds);
    setAgents(config.agents);
  }, [config]);
  const save = useApiMutation(workflowRoutes.putWorkflowConfig, {
    invalidates: [workflowRoutes.getWorkflowConfig, workflowRoutes.getWorkflowConfigVersions],
    onSuccess: (data) => setWarnings(data.warnings),
  });
  const errors = fieldErrors(save.error);
  const providers = options.data?.providers;
  const setAgent = (name: string, change: Partial<AgentSettings>) =>
    setAgents((current) => ({ ...current, [name]: { ...current[name], ...change } as AgentSettings }));

  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ body: { thresholds, agents } });
      }}
    >
      <h3>Thresholds</h3>
      <div className="row">
        {(Object.keys(thresholds) as Array<keyof typeof thresholds>).map((name) => (
          <div key={name} className="stack tight">
            <label className="block">
              {name}
              <input
                type="number"
                step="any"
                value={thresholds[name]}
                onChange={(event) => setThresholds({ ...thresholds, [name]: Number(event.target.value) })}
                aria-invalid={Boolean(errors[`thresholds.${name}`])}
                aria-describedby={errors[`thresholds.${name}`] ? `threshold-error-${name}` : undefined}
              />
            </label>
            {errors[`thresholds.${name}`] ? (
              <span className="finding error small" role="alert" id={`threshold-error-${name}`}>
                {name}: {errors[`thresholds.${name}`]}
              </span>
            ) : null}
          </div>
        ))}
      </div>
      <h3>Agents</h3>
      <table className="data small">
        <thead>
          <tr>
            <th>agent</th>
            <th>enabled</th>
            <th>provider</th>
            <th>model</th>
            <th>temperature</th>
            <th>top_p</th>
            <th>effort</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(agents).map(([name, agent]) => (
            <AgentRow
              key={name}
              name={name}
              agent={agent}
              providers={providers}
              error={Object.entries(errors).find(([path]) => path.startsWith(`agents.${name}`))?.[1]}
              onChange={(change) => setAgent(name, change)}
            />
          ))}
        </tbody>
      </table>
      <div className="row">
        <button type="submit" className="primary" disabled={!canWrite || save.isPending}>
          Save as a new config version
        </button>
        {save.data ? (
          <span className="small">
            Saved version {save.data.version}
            {save.data.created ? '' : ' (nothing changed)'}
          </span>
        ) : null}
      </div>
      <Warnings warnings={warnings} />
      <ErrorNote error={save.error} action="Saving the configuration" />
    </form>
  );
}

function AutoTrigger({ value }: { value: number }) {
  const canWrite = useCan('analyst');
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const patch = useApiMutation(workflowRoutes.patchWorkflowConfigAutoTriggerThreshold, { invalidates: [workflowRoutes.getWorkflowConfig] });
  return (
    <div className="stack">
      <p className="small muted">
        New articles start the workflow by themselves when their hunt score is strictly above this value. 100 (above the 99.9 ceiling) keeps
        auto-trigger off.
      </p>
      <div className="row">
        <input
          aria-label="auto-trigger hunt score threshold"
          type="number"
          min={0}
          max={100}
          step="0.1"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button
          type="button"
          disabled={!canWrite || patch.isPending}
          onClick={() => patch.mutate({ body: { auto_trigger_hunt_score_threshold: Number(draft) } })}
        >
          Set
        </button>
        <span className="small">{value >= 100 ? 'auto-trigger is off' : `articles above ${value} start by themselves`}</span>
      </div>
      <ErrorNote error={patch.error} action="Setting the auto-trigger threshold" />
    </div>
  );
}

const PRESET_ROUTES = [workflowRoutes.getWorkflowConfigPresetList];
const APPLIED_ROUTES = [workflowRoutes.getWorkflowConfig, workflowRoutes.getWorkflowConfigVersions, ...PRESET_ROUTES];

/** Save the active configuration under a name; an existing name asks before it is replaced. */
function SavePreset() {
  const canWrite = useCan('analyst');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [includePrompts, setIncludePrompts] = useState(true);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useApiMutation(workflowRoutes.postWorkflowConfigPresetSave, {
    invalidates: PRESET_ROUTES,
    onSuccess: (data) => {
      setSaved(data.name);
      setName('');
      setDescription('');
    },
  });
  const exists = save.error instanceof ApiError && save.error.code === 'preset_exists';
  const submit = (overwrite: boolean) =>
    save.mutate({ body: { name: name.trim(), description: description || undefined, include_prompts: includePrompts, overwrite } });
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        submit(false);
      }}
    >
      <div className="row">
        <input
          aria-label="preset name"
          placeholder="preset name"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            save.reset();
            setSaved(null);
          }}
        />
        <input
          aria-label="preset description"
          placeholder="description (optional)"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <div className="row">
        <label>
          <input type="checkbox" checked={includePrompts} onChange={(event) => setIncludePrompts(event.target.checked)} /> include prompts
        </label>
        <button type="submit" disabled={!canWrite || !name.trim() || save.isPending}>
          Save current as preset
        </button>
      </div>
      {exists ? (
        <div className="notice warn small" role="alert">
          A preset named <strong>{name.trim()}</strong> exists.{' '}
          <button type="button" className="danger" onClick={() => submit(true)}>
            Replace it
          </button>
        </div>
      ) : (
        <ErrorNote error={save.error} action="Saving the preset" />
      )}
      {saved ? <div className="notice ok small">Saved preset {saved}.</div> : null}
    </form>
  );
}

/** Apply a preset file (as exported here or by a colleague), optionally keeping it under a name. */
function ImportPreset({ onWarnings }: { onWarnings: (warnings: Warning[]) => void }) {
  const canWrite = useCan('analyst');
  const [saveAs, setSaveAs] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [pending, setPending] = useState<PresetFile | null>(null);
  const importFile = useApiMutation(workflowRoutes.postWorkflowConfigPresetImport, {
    invalidates: APPLIED_ROUTES,
    onSuccess: (data) => {
      setPending(null);
      onWarnings(data.warnings);
    },
  });
  const send = (preset: PresetFile, allowUnavailable = false) =>
    importFile.mutate({
      body: { preset, save_as: saveAs.trim() || undefined, ...(allowUnavailable ? { allow_unavailable_providers: true } : {}) },
    });
  const read = async (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    let preset: unknown;
    try {
      preset = JSON.parse(await file.text());
    } catch {
      setFileError(`${file.name} is not a JSON preset file`);
      return;
    }
    // Whatever the file holds goes to the server, which validates it and names each bad field.
    setPending(preset as PresetFile);
    send(preset as PresetFile);
  };
  return (
    <div className="stack">
      <div className="row">
        <input
          aria-label="import as preset name"
          placeholder="also save as (optional)"
          value={saveAs}
          onChange={(event) => setSaveAs(event.target.value)}
        />
        <label className="button">
          Import file…
          <input
            type="file"
            accept="application/json,.json"
            className="visually-hidden"
            disabled={!canWrite || importFile.isPending}
            aria-label="preset file to import"
            onChange={(event) => {
              void read(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
      </div>
      {fileError ? (
        <div className="notice bad small" role="alert">
          {fileError}
        </div>
      ) : null}
      <ProviderWarning
        error={importFile.error}
        what="The imported preset"
        action="Importing the preset"
        onConfirm={() => (pending ? send(pending, true) : undefined)}
        onCancel={() => {
          importFile.reset();
          setPending(null);
        }}
      />
      {importFile.data ? (
        <div className="notice ok small" role="status">
          Applied as configuration v{importFile.data.version}.
        </div>
      ) : null}
    </div>
  );
}

function Presets() {
  const canWrite = useCan('analyst');
  const presets = useApi(workflowRoutes.getWorkflowConfigPresetList);
  const [warnings, setWarnings] = useState<Warning[]>([]);
  const [applying, setApplying] = useState<string | null>(null);
  const apply = useApiMutation(workflowRoutes.postWorkflowConfigPresetApply, {
    invalidates: APPLIED_ROUTES,
    onSuccess: (data) => setWarnings(data.warnings),
  });
  const applyPreset = (name: string, allowUnavailable = false) => {
    setApplying(name);
    apply.mutate({ body: { name, ...(allowUnavailable ? { allow_unavailable_providers: true } : {}) } });
  };
  const remove = useApiMutation(workflowRoutes.deleteWorkflowConfigPreset, { invalidates: PRESET_ROUTES });
  return (
    <div className="stack">
      <QueryState query={presets} label="presets" empty={(data) => (data.presets.length === 0 ? 'No presets saved.' : null)}>
        {(data) => (
          <table className="data small presets">
            <tbody>
              {data.presets.map((preset) => (
                <tr key={preset.name}>
                  <td>
                    <strong>{preset.name}</strong> {preset.is_quickstart ? <span className="badge info">quickstart</span> : null}
                    <div className="muted">{preset.description}</div>
                  </td>
                  <td className="small nowrap" title={`saved ${formatTime(preset.updated_at)}`}>
                    {formatTime(preset.updated_at).split(',').slice(0, 2).join(',')}
                  </td>
                  <td className="nowrap">
                    <button
                      type="button"
                      disabled={!canWrite || apply.isPending}
                      onClick={() => applyPreset(preset.name)}
                      aria-label={`Apply ${preset.name}`}
                    >
                      Apply
                    </button>{' '}
                    <a
                      className="button"
                      href={api.url(workflowRoutes.getWorkflowConfigPresetExport, { query: { name: preset.name } })}
                      download
                    >
                      Export
                    </a>{' '}
                    {preset.is_quickstart ? null : (
                      <button
                        type="button"
                        className="danger"
                        disabled={!canWrite || remove.isPending}
                        onClick={() => {
                          if (window.confirm(`Delete preset ${preset.name}?`)) remove.mutate({ params: { name: preset.name } });
                        }}
                      >
                        Delete
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
      <Warnings warnings={warnings} />
      {apply.data && applying ? (
        <div className="notice ok small" role="status">
          Applied {applying} as configuration v{apply.data.version}
          {apply.data.created ? '' : ' (nothing changed)'}.
        </div>
      ) : null}
      <ProviderWarning
        error={apply.error}
        what={`Preset ${applying ?? ''}`}
        action="Applying the preset"
        onConfirm={() => (applying ? applyPreset(applying, true) : undefined)}
        onCancel={() => apply.reset()}
      />
      <ErrorNote error={remove.error} action="Deleting the preset" />
      <a className="small" href={api.url(workflowRoutes.getWorkflowConfigPresetExport, {})} download>
        Export the active configuration
      </a>
      <h3>Save</h3>
      <SavePreset />
      <h3>Import</h3>
      <ImportPreset onWarnings={setWarnings} />
    </div>
  );
}

const VERSIONS_PAGE = 10;

/** Every saved configuration, newest first: what changed when, which one runs now, and any earlier one made active again. */
function ConfigVersions() {
  const canWrite = useCan('analyst');
  const [page, setPage] = useState(1);
  const versions = useApi(workflowRoutes.getWorkflowConfigVersions, { query: { limit: VERSIONS_PAGE, page } });
  const [target, setTarget] = useState<number | null>(null);
  const activate = useApiMutation(workflowRoutes.postWorkflowConfigVersionActivate, {
    invalidates: APPLIED_ROUTES,
    onSuccess: () => setPage(1),
  });
  const reactivate = (version: number, allowUnavailable = false) => {
    setTarget(version);
    activate.mutate({ params: { version }, body: allowUnavailable ? { allow_unavailable_providers: true } : {} });
  };
  return (
    <QueryState query={versions} label="configuration versions">
      {(data) => (
        <div className="stack">
          <div className="table-scroll" tabIndex={0} role="region" aria-label="configuration versions">
            <table className="data small">
              <thead>
                <tr>
                  <th>version</th>
                  <th>saved</th>
                  <th>change</th>
                  <th>
                    <span className="visually-hidden">action</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.versions.map((version) => (
                  <tr key={version.version}>
                    <td className="nowrap">
                      v{version.version}
                      {version.is_active ? (
                        <>
                          {' '}
                          <span className="badge ok">active</span>
                        </>
                      ) : null}
                    </td>
                    <td>{formatTime(version.created_at)}</td>
                    <td>{version.description ?? '—'}</td>
                    <td>
                      {version.is_active ? null : (
                        <button
                          type="button"
                          disabled={!canWrite || activate.isPending}
                          onClick={() => reactivate(version.version)}
                          aria-label={`Re-activate v${version.version}`}
                        >
                          Re-activate
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.total_pages > 1 ? (
            <div className="row small">
              <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Newer
              </button>
              <span className="muted">
                page {page} of {data.total_pages} ({data.total} versions)
              </span>
              <button type="button" disabled={page >= data.total_pages} onClick={() => setPage(page + 1)}>
                Older
              </button>
            </div>
          ) : null}
          {activate.data && target !== null ? (
            <div className="notice ok small" role="status">
              Re-activated v{target} as configuration v{activate.data.version}
              {activate.data.created ? '' : ' (it was already the active settings)'}.
            </div>
          ) : null}
          <ProviderWarning
            error={activate.error}
            what={`Version v${target ?? ''}`}
            action="Re-activating the version"
            onConfirm={() => (target !== null ? reactivate(target, true) : undefined)}
            onCancel={() => activate.reset()}
          />
        </div>
      )}
    </QueryState>
  );
}

export function ConfigTab() {
  const config = useApi(workflowRoutes.getWorkflowConfig);
  return (
    <QueryState query={config} label="configuration">
      {(data) => (
        <div className="stack">
          <Panel id="active-config" title={<>Active configuration v{data.version}</>}>
            <ConfigForm config={data} />
          </Panel>
          <div className="grid config-side">
            <Panel id="auto-trigger" title="Auto-trigger">
              <AutoTrigger value={data.auto_trigger_hunt_score_threshold} />
            </Panel>
            <Panel id="presets" title="Presets">
              <Presets />
            </Panel>
            <Panel id="config-versions" title="Configuration versions">
              <ConfigVersions />
            </Panel>
          </div>
          <Panel id="prompts" title="Prompts">
            <PromptEditor />
          </Panel>
        </div>
      )}
    </QueryState>
  );
}
