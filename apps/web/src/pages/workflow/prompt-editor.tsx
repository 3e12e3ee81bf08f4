import { useEffect, useState } from 'react';
import { workflowRoutes } from '@huntforge/contracts/api';
import { PROMPT_AGENT_NAMES, type Prompt } from '@huntforge/contracts/workflow';
import { useApi, useApiMutation } from '../../api/hooks';
import { DiffView } from '../../components/diff-view';
import { formatTime } from '../../components/format';
import { ErrorNote, QueryState } from '../../components/query-state';
import { useCan } from '../../components/session';

interface Draft {
  role: string;
  task: string;
  instructions: string;
  json_example: string;
}

const exampleText = (example: Prompt['json_example']) =>
  example === undefined ? '' : typeof example === 'string' ? example : JSON.stringify(example, null, 2);

const draftOf = (prompt: Prompt | null): Draft => ({
  role: prompt?.role ?? '',
  task: prompt?.task ?? '',
  instructions: prompt?.instructions ?? '',
  json_example: exampleText(prompt?.json_example),
});

/** The prompt as one text, so two versions can be diffed line by line. */
function promptText(prompt: Prompt | null): string {
  if (!prompt) return '(no prompt)\n';
  return [
    'role:',
    prompt.role,
    '',
    'task:',
    prompt.task,
    '',
    'instructions:',
    prompt.instructions,
    '',
    'json_example:',
    exampleText(prompt.json_example),
    '',
  ].join('\n');
}

/** A JSON object stays an object (the agents read its keys); anything else is sent as the text typed. */
function exampleValue(text: string): string | Record<string, unknown> | undefined {
  if (!text.trim()) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : text;
  } catch {
    return text;
  }
}

const PROMPT_ROUTES = [
  workflowRoutes.getWorkflowConfigPrompt,
  workflowRoutes.getWorkflowConfigPromptsVersions,
  workflowRoutes.getWorkflowConfig,
  workflowRoutes.getWorkflowConfigVersions,
];

/** A prompt's saved versions: diff any with the current one, roll back to it. */
function PromptHistory({ agent, currentPrompt, canWrite }: { agent: string; currentPrompt: Prompt | null; canWrite: boolean }) {
  const versions = useApi(workflowRoutes.getWorkflowConfigPromptsVersions, { params: { agent_name: agent } });
  const [compared, setCompared] = useState<number | null>(null);
  const rollback = useApiMutation(workflowRoutes.postWorkflowConfigPromptsRollback, {
    invalidates: PROMPT_ROUTES,
    onSuccess: () => setCompared(null),
  });
  useEffect(() => setCompared(null), [agent]);
  const comparedVersion = versions.data?.versions.find((version) => version.version === compared);
  return (
    <>
      <h3>History</h3>
      <QueryState query={versions} label="prompt versions" empty={(data) => (data.versions.length === 0 ? 'No saved versions yet.' : null)}>
        {(data) => (
          <table className="data small" aria-label={`${agent} prompt history`}>
            <thead>
              <tr>
                <th>version</th>
                <th>saved</th>
                <th>by</th>
                <th>change</th>
                <th>config</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.versions.map((version) => (
                <tr key={version.version} className={version.version === compared ? 'selected' : undefined}>
                  <td>
                    v{version.version}
                    {version.version === data.current_version ? <span className="badge ok"> current</span> : null}
                  </td>
                  <td>{formatTime(version.created_at)}</td>
                  <td>{version.created_by ?? '—'}</td>
                  <td>{version.change_description ?? '—'}</td>
                  <td>{version.config_version ?? '—'}</td>
                  <td className="nowrap">
                    {version.version === data.current_version ? null : (
                      <>
                        <button type="button" onClick={() => setCompared(version.version === compared ? null : version.version)}>
                          {version.version === compared ? 'Hide diff' : 'Diff with current'}
                        </button>{' '}
                        <button
                          type="button"
                          disabled={!canWrite || rollback.isPending}
                          onClick={() =>
                            rollback.mutate({
                              params: { agent_name: agent },
                              body: { version: version.version, change_description: `Rolled back to v${version.version}` },
                            })
                          }
                        >
                          Roll back
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
      <ErrorNote error={rollback.error} action="Rolling back" />
      {comparedVersion ? (
        <DiffView
          before={promptText(comparedVersion.prompt)}
          after={promptText(currentPrompt)}
          labels={[`v${comparedVersion.version}`, 'current']}
        />
      ) : null}
    </>
  );
}

/** One agent's prompt: edit it as the next version, compare any saved version with the current one, roll back. */
export function PromptEditor() {
  const canWrite = useCan('analyst');
  const [agent, setAgent] = useState<string>(PROMPT_AGENT_NAMES[0]);
  const current = useApi(workflowRoutes.getWorkflowConfigPrompt, { params: { agent_name: agent } });
  // Edits belong to the prompt they were made on: another agent's prompt, or the saved next version, starts clean.
  const [edits, setEdits] = useState<{ base: Prompt | null; draft: Draft } | null>(null);
  const [change, setChange] = useState('');
  const save = useApiMutation(workflowRoutes.putWorkflowConfigPrompts, { invalidates: PROMPT_ROUTES, onSuccess: () => setChange('') });

  const currentPrompt = current.data?.prompt ?? null;

  const saved = draftOf(currentPrompt);
  // Derived rather than copied in an effect, so the fields never show empty for a frame once the prompt is loaded.
  const draft = edits && edits.base === currentPrompt ? edits.draft : saved;
  const setDraft = (next: Draft) => setEdits({ base: currentPrompt, draft: next });
  const edited = (Object.keys(saved) as Array<keyof Draft>).some((key) => saved[key] !== draft[key]);
  const field = (key: keyof Draft, label: string, rows: number) => (
    <label className="stack" style={{ alignItems: 'stretch' }}>
      <span className="small muted">{label}</span>
      <textarea
        rows={rows}
        value={draft[key]}
        readOnly={!canWrite}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
        aria-label={`${agent} ${label}`}
      />
    </label>
  );

  return (
    <div className="stack">
      <label>
        Agent{' '}
        <select value={agent} onChange={(event) => setAgent(event.target.value)} aria-label="prompt agent">
          {PROMPT_AGENT_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        {current.data ? (
          <span className="small muted">
            {' '}
            version {current.data.version ?? '—'} · {formatTime(current.data.updated_at)}
          </span>
        ) : null}
      </label>
      <QueryState query={current} label="prompt">
        {() => (
          <>
            {field('role', 'role', 2)}
            {field('task', 'task', 3)}
            {field('instructions', 'instructions', 10)}
            {field('json_example', 'json_example (JSON object or text)', 5)}
            {edited ? (
              <div className="stack">
                <DiffView
                  before={promptText(currentPrompt)}
                  after={promptText({ ...draft, json_example: exampleValue(draft.json_example) } as Prompt)}
                  labels={['saved prompt', 'your edit']}
                />
                <div className="row">
                  <input
                    aria-label="what changed"
                    placeholder="what changed and why"
                    value={change}
                    onChange={(event) => setChange(event.target.value)}
                    style={{ flex: 1 }}
                  />
                  <button
                    type="button"
                    className="primary"
                    disabled={!canWrite || save.isPending}
                    onClick={() =>
                      save.mutate({
                        body: {
                          agent_name: agent,
                          prompt: {
                            role: draft.role,
                            task: draft.task,
                            instructions: draft.instructions,
                            json_example: exampleValue(draft.json_example),
                          },
                          change_description: change || undefined,
                        },
                      })
                    }
                  >
                    Save as next version
                  </button>
                  <button type="button" onClick={() => setDraft(saved)}>
                    Discard
                  </button>
                </div>
              </div>
            ) : null}
            <ErrorNote error={save.error} action="Saving the prompt" />
          </>
        )}
      </QueryState>
      <PromptHistory agent={agent} currentPrompt={currentPrompt} canWrite={canWrite} />
    </div>
  );
}
