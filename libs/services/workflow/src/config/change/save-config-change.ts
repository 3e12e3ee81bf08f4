import type { ConfigWarning, Prompt, Thresholds, WorkflowSettings } from '@huntforge/contracts/workflow';
import type { ConfigVersionRecord, WorkflowConfigRepository } from '../../repositories/config-repository';
import { ConcurrentConfigSaveError, type ConfigVersionWriter } from '../../repositories/config-stores';
import type { PromptChange, PromptRepository } from '../../repositories/prompt-repository';
import { canonical, mergeSettings } from './merge-settings';

export interface ConfigChangeDeps {
  configs: Pick<WorkflowConfigRepository, 'ensureActive'>;
  prompts: Pick<PromptRepository, 'current'>;
  versions: Pick<ConfigVersionWriter, 'save'>;
}

export interface ConfigChangeCommand {
  thresholds?: Partial<Thresholds>;
  /** Raw per-agent changes keyed by agent name; names and values are checked here. */
  agents?: Record<string, unknown>;
  /** Normalised prompts keyed by (already validated) agent name; null removes a prompt. */
  prompts?: Record<string, Prompt | null>;
  description: string | null;
  actor: string | null;
}

export interface ConfigChangeResult {
  record: ConfigVersionRecord;
  created: boolean;
  warnings: ConfigWarning[];
  changedPrompts: string[];
}

/** A change as it would be saved, for a review to refuse (by throwing) or warn about before anything is written. */
export interface ConfigDraft {
  before: WorkflowSettings;
  after: WorkflowSettings;
  /** Every agent's prompt after the change; null or absent: none. */
  promptsAfter: ReadonlyMap<string, Prompt | null>;
  /** The agents whose prompt the change sent. */
  promptAgents: string[];
}

export type ConfigReview = (draft: ConfigDraft) => Promise<ConfigWarning[]>;

const MAX_ATTEMPTS = 3;

/**
 * Every change that differs from the active config becomes a new integer version (settings and prompts
 * together, in one transaction); an identical change creates none. Two saves racing for one version number:
 * the loser recomputes on the new active config, up to three attempts in all.
 */
export async function saveConfigChange(
  deps: ConfigChangeDeps,
  command: ConfigChangeCommand,
  review?: ConfigReview,
): Promise<ConfigChangeResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await changeOnce(deps, command, review);
    } catch (error) {
      if (!(error instanceof ConcurrentConfigSaveError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

async function changeOnce(deps: ConfigChangeDeps, command: ConfigChangeCommand, review?: ConfigReview): Promise<ConfigChangeResult> {
  const before = await deps.configs.ensureActive();
  const after = mergeSettings(before.settings, command);
  const current = await deps.prompts.current();
  const sent = Object.entries(command.prompts ?? {});
  const promptChanges: PromptChange[] = sent
    .filter(([agent, prompt]) => canonical(prompt) !== canonical(current.get(agent)?.prompt ?? null))
    .map(([agentName, prompt]) => ({ agentName, prompt }));
  const promptsAfter = new Map<string, Prompt | null>([...current].map(([agent, stored]) => [agent, stored.prompt]));
  for (const [agent, prompt] of sent) promptsAfter.set(agent, prompt);

  const warnings = review ? await review({ before: before.settings, after, promptsAfter, promptAgents: sent.map(([agent]) => agent) }) : [];

  if (canonical(before.settings) === canonical(after) && promptChanges.length === 0) {
    return { record: before, created: false, warnings, changedPrompts: [] };
  }
  const record = await deps.versions.save({
    settings: after,
    description: command.description,
    prompts: promptChanges,
    actor: command.actor,
  });
  return { record, created: true, warnings, changedPrompts: promptChanges.map((change) => change.agentName) };
}
