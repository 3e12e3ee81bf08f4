import { useEffect, useState } from 'react';
import { ApiError } from '@huntforge/api-client';
import { workflowRoutes, type RouteResponse } from '@huntforge/contracts';
import { useApi, useApiMutation } from '../../api/hooks';
import { formatTime } from '../../components/format';
import { ErrorNote, QueryState } from '../../components/query-state';
import { useCan } from '../../components/session';

type Config = RouteResponse<typeof workflowRoutes.getWorkflowConfig>;
type AgentSettings = Config['agents'][string];
type Warning = { code: string; agent: string; message: string };

/** Field-level messages from a 400's zod issues (`details.issues[].path`). */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const issues = (error.details as { issues?: Array<{ path?: unknown[]; message?: string }> } | undefined)?.issues ?? [];
  return Object.fromEntries(issues.map((issue) => [(issue.path ?? []).join('.'), issue.message ?? 'invalid']));
}

function Warnings({ warnings }: { warnings: readonly Warning[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="notice warn small" role="status">
      <strong>Saved, but runs will fail until this is fixed:</strong>
      <ul>{warnings.map((warning) => <li key={`${warning.agent}:${warning.code}`}>{warning.agent}: {warning.message}</li>)}</ul>
    </div>
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
  const save = useApiMutation(workflowRoutes.putWorkflowConfig, { invalidates: [workflowRoutes.getWorkflowConfig, workflowRoutes.getWorkflowConfigVersions], onSuccess: (data) => setWarnings(data.warnings) });
  const errors = fieldErrors(save.error);
  const providers = options.data?.providers;
  const setAgent = (name: string, change: Partial<AgentSettings>) => setAgents((current) => ({ ...current, [name]: { ...current[name], ...change } as AgentSettings }));

  return (
    <form className="stack" onSubmit={(event) => { event.preventDefault(); save.mutate({ body: { thresholds, agents } }); }}>
      <h3>Thresholds</h3>
      <div className="row">
        {(Object.keys(thresholds) as Array<keyof typeof thresholds>).map((name) => (
          <label key={name} className="block">
            {name}
            <input type="number" step="any" value={thresholds[name]} onChange={(event) => setThresholds({ ...thresholds, [name]: Number(event.target.value) })} aria-invalid={Boolean(errors[`thresholds.${name}`])} />
            {errors[`thresholds.${name}`] ? <span className="finding error">{errors[`thresholds.${name}`]}</span> : null}
          </label>
        ))}
      </div>
      <h3>Agents</h3>
      <table className="data small">
        <thead><tr><th>agent</th><th>enabled</th><th>provider</th><th>model</th><th>temperature</th><th>top_p</th><th>effort</th></tr></thead>
        <tbody>
          {Object.entries(agents).map(([name, agent]) => {
            const block = providers?.[agent.provider as keyof typeof providers];
            const error = Object.entries(errors).find(([path]) => path.startsWith(`agents.${name}`))?.[1];
            return (
              <tr key={name}>
                <td>{name}{error ? <div className="finding error">{error}</div> : null}</td>
                <td><input type="checkbox" aria-label={`${name} enabled`} checked={agent.enabled} onChange={(event) => setAgent(name, { enabled: event.target.checked })} /></td>
                <td>
                  <select aria-label={`${name} provider`} value={agent.provider} onChange={(event) => setAgent(name, { provider: event.target.value as AgentSettings['provider'], model: null, effort: null })}>
                    {Object.entries(providers ?? { [agent.provider]: { available: true, reason: null } }).map(([id, entry]) => (
                      <option key={id} value={id} disabled={!entry.available && id !== agent.provider} title={entry.reason ?? undefined}>
                        {id}{entry.available ? '' : ` — ${entry.reason ?? 'unavailable'}`}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <input aria-label={`${name} model`} list={`models-${agent.provider}`} value={agent.model ?? ''} placeholder={agent.provider === 'builtin' ? 'builtin' : 'model id'} disabled={agent.provider === 'builtin'} onChange={(event) => setAgent(name, { model: event.target.value || null })} />
                  <datalist id={`models-${agent.provider}`}>{(block?.models ?? []).map((model) => <option key={model} value={model} />)}</datalist>
                </td>
                <td><input aria-label={`${name} temperature`} type="number" step="0.1" min={0} max={2} style={{ width: 70 }} value={agent.temperature ?? ''} onChange={(event) => setAgent(name, { temperature: event.target.value === '' ? null : Number(event.target.value) })} /></td>
                <td><input aria-label={`${name} top_p`} type="number" step="0.05" min={0} max={1} style={{ width: 70 }} value={agent.top_p ?? ''} onChange={(event) => setAgent(name, { top_p: event.target.value === '' ? null : Number(event.target.value) })} /></td>
                <td><input aria-label={`${name} effort`} style={{ width: 80 }} value={agent.effort ?? ''} onChange={(event) => setAgent(name, { effort: event.target.value || null })} /></td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="row">
        <button type="submit" className="primary" disabled={!canWrite || save.isPending}>Save as a new config version</button>
        {save.data ? <span className="small">Saved version {save.data.version}{save.data.created ? '' : ' (nothing changed)'}</span> : null}
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
      <p className="small muted">New articles start the workflow by themselves when their hunt score is strictly above this value. 100 (above the 99.9 ceiling) keeps auto-trigger off.</p>
      <div className="row">
        <input aria-label="auto-trigger hunt score threshold" type="number" min={0} max={100} step="0.1" value={draft} onChange={(event) => setDraft(event.target.value)} />
        <button type="button" disabled={!canWrite || patch.isPending} onClick={() => patch.mutate({ body: { auto_trigger_hunt_score_threshold: Number(draft) } })}>Set</button>
        <span className="small">{value >= 100 ? 'auto-trigger is off' : `articles above ${value} start by themselves`}</span>
      </div>
      <ErrorNote error={patch.error} action="Setting the auto-trigger threshold" />
    </div>
  );
}

function Presets() {
  const canWrite = useCan('analyst');
  const presets = useApi(workflowRoutes.getWorkflowConfigPresetList);
  const [warnings, setWarnings] = useState<Warning[]>([]);
  const apply = useApiMutation(workflowRoutes.postWorkflowConfigPresetApply, { invalidates: [workflowRoutes.getWorkflowConfig], onSuccess: (data) => setWarnings(data.warnings) });
  return (
    <QueryState query={presets} label="presets" empty={(data) => (data.presets.length === 0 ? 'No presets saved.' : null)}>
      {(data) => (
        <>
          <table className="data small">
            <tbody>
              {data.presets.map((preset) => (
                <tr key={preset.name}>
                  <td><strong>{preset.name}</strong> {preset.is_quickstart ? <span className="badge info">quickstart</span> : null}<div className="muted">{preset.description}</div></td>
                  <td className="small">{formatTime(preset.updated_at)}</td>
                  <td><button type="button" disabled={!canWrite || apply.isPending} onClick={() => apply.mutate({ body: { name: preset.name } })}>Apply</button></td>
                </tr>
              ))}
            </tbody>
          </table>
          <Warnings warnings={warnings} />
          <ErrorNote error={apply.error} action="Applying the preset" />
        </>
      )}
    </QueryState>
  );
}

export function ConfigTab() {
  const config = useApi(workflowRoutes.getWorkflowConfig);
  return (
    <QueryState query={config} label="configuration">
      {(data) => (
        <div className="grid" style={{ gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' }}>
          <section className="panel">
            <h2>Active configuration v{data.version}</h2>
            <ConfigForm config={data} />
          </section>
          <div>
            <section className="panel"><h2>Auto-trigger</h2><AutoTrigger value={data.auto_trigger_hunt_score_threshold} /></section>
            <section className="panel"><h2>Presets</h2><Presets /></section>
          </div>
        </div>
      )}
    </QueryState>
  );
}
