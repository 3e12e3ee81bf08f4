import { WORKFLOW_ERROR_CODES, type ConfigWarning } from '@huntforge/contracts/workflow';
import { HttpError } from '@huntforge/platform';
import type { ModelRegistry } from '../../providers/model-registry';
import { changedAgents, invalidEfforts, missingPrompts, providerModelMismatches } from '../config-rules';
import { assertProvidersAvailable, type ProviderAvailability } from '../provider-availability';
import {
  saveConfigChange,
  type ConfigChangeCommand,
  type ConfigChangeDeps,
  type ConfigChangeResult,
  type ConfigDraft,
} from './save-config-change';

export interface ApplyConfigChangeDeps extends ConfigChangeDeps {
  registry: Pick<ModelRegistry, 'catalog' | 'capabilitiesOf'>;
  /** Whether the providers a change needs can be used now; without it no provider is checked. */
  availability?: ProviderAvailability;
}

export interface ApplyConfigChangeCommand extends ConfigChangeCommand {
  /** Save although an enabled extractor has no prompt (reported as a warning instead). */
  allowPromptWarnings: boolean;
  /**
   * Refuse (409 provider_unavailable) when an enabled agent would use a provider that cannot be used now:
   * any agent, or only the agents named. Absent: providers are not checked.
   */
  providerCheck?: { agents: 'all' | readonly string[]; allowUnavailable: boolean };
}

/**
 * A config save under the PUT rules (config saves, re-activations and presets): 1. an enabled extractor the
 * change touched needs a prompt, 2. a provider and model the catalog pairs, 3. an effort the model offers;
 * each judged only on what the change touched. Then, when asked, the providers must be usable now.
 */
export function applyConfigChange(deps: ApplyConfigChangeDeps, command: ApplyConfigChangeCommand): Promise<ConfigChangeResult> {
  return saveConfigChange(deps, command, async (draft) => {
    const warnings = await reviewRules(deps, draft, command.allowPromptWarnings);
    if (command.providerCheck) {
      const { agents, allowUnavailable } = command.providerCheck;
      const checked = Object.entries(draft.after.agents).filter(([agent]) => agents === 'all' || agents.includes(agent));
      await assertProvidersAvailable(Object.fromEntries(checked), deps.availability, allowUnavailable);
    }
    return warnings;
  });
}

async function reviewRules(deps: ApplyConfigChangeDeps, draft: ConfigDraft, allowPromptWarnings: boolean): Promise<ConfigWarning[]> {
  const changes = changedAgents(draft.before, draft.after, draft.promptAgents);
  const missing = missingPrompts(draft.after, draft.promptsAfter, changes);
  if (missing.length > 0 && !allowPromptWarnings) {
    throw new HttpError(
      400,
      WORKFLOW_ERROR_CODES.missingPrompts,
      `Enabled extractors without a prompt: ${missing.map((m) => m.agent).join(', ')} (set allow_prompt_warnings to save anyway)`,
      { agents: missing },
    );
  }
  const mismatches = providerModelMismatches(draft.after, deps.registry.catalog(), changes);
  if (mismatches.length > 0) {
    const summary = mismatches
      .map((m) => `${m.agent}: ${m.model} is a ${m.catalog_providers.join('/')} model, not ${m.provider}`)
      .join('; ');
    throw new HttpError(400, WORKFLOW_ERROR_CODES.providerModelMismatch, `Provider and model do not match (${summary})`, {
      agents: mismatches,
    });
  }
  const efforts = await invalidEfforts(draft.after, changes, (provider, model) => deps.registry.capabilitiesOf(provider, model));
  if (efforts.length > 0) {
    const summary = efforts.map((e) => `${e.field}=${e.effort} (${e.model} allows ${e.allowed.join(', ') || 'none'})`).join('; ');
    throw new HttpError(400, WORKFLOW_ERROR_CODES.invalidEffort, `Effort outside the model's levels: ${summary}`, { agents: efforts });
  }
  return missing.map((m) => ({ code: 'missing_prompt', agent: m.agent, message: m.reason }));
}
