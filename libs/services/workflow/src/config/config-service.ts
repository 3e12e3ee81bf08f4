import {
  ANY_PROMPT_AGENT_NAMES,
  CONFIG_AGENT_NAMES,
  WORKFLOW_ERROR_CODES,
  agentSettingsSchema,
  isConfigAgentName,
  thresholdsSchema,
  type ConfigWarning,
  type Prompt,
  type Thresholds,
  type WorkflowSettings,
} from '@huntforge/contracts/workflow';
import { HttpError, validationDetails } from '@huntforge/platform';
import { isUniqueViolation } from '@huntforge/data';
import type { ModelRegistry } from '../providers/model-registry';
import type { DefaultPrompts } from '../prompts/default-prompts';
import { unknownAgentError } from '../prompts/unknown-agent';
import type { ConfigVersionRecord, WorkflowConfigRepository } from '../repositories/config-repository';
import type { PromptChange, PromptRepository } from '../repositories/prompt-repository';
import { changedAgents, invalidEfforts, missingPrompts, providerModelMismatches } from './config-rules';

export interface ConfigChangeInput {
  thresholds?: Partial<Thresholds>;
  /** Raw per-agent changes keyed by agent name; names and values are checked here. */
  agents?: Record<string, unknown>;
  /** Normalised prompts keyed by (already validated) agent name; null removes a prompt. */
  prompts?: Record<string, Prompt | null>;
  description?: string | null;
  allowPromptWarnings?: boolean;
  /** PUT rules 1-3 (config saves and preset imports); the prompt routes save prompts without them. */
  enforceRules: boolean;
  actor: string | null;
  /** A last check of the settings as they would be saved, after the rules (e.g. are their providers usable?). */
  checkAfter?: (after: WorkflowSettings) => Promise<void>;
}

export interface ConfigChangeResult {
  record: ConfigVersionRecord;
  created: boolean;
  warnings: ConfigWarning[];
  changedPrompts: string[];
}

/** JSON with sorted keys, so equal settings compare equal whatever order they were built in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

const MAX_ATTEMPTS = 3;

/**
 * Saves of the workflow configuration: every change that differs from the active config becomes a new
 * integer version (settings and prompts together, in one transaction); an identical save creates none.
 */
export class WorkflowConfigService {
  constructor(
    readonly configs: WorkflowConfigRepository,
    readonly prompts: PromptRepository,
    private readonly registry: ModelRegistry,
    readonly defaults: DefaultPrompts,
  ) {}

  active(): Promise<ConfigVersionRecord> {
    return this.configs.ensureActive();
  }

  /** On a fresh database: the default prompts of every agent as version 1, saved with the active config version. */
  async seedDefaultPrompts(): Promise<boolean> {
    if (await this.prompts.anyVersionSaved()) return false;
    const active = await this.active();
    const changes = ANY_PROMPT_AGENT_NAMES.map((agentName) => ({ agentName, prompt: this.defaults.prompt(agentName) }));
    try {
      await this.prompts.transaction((tx) =>
        this.prompts.saveVersions(tx, changes, { configVersion: active.version, description: 'Default prompts', actor: null }),
      );
      return true;
    } catch {
      return false; // another replica seeded them first
    }
  }

  private merge(before: WorkflowSettings, input: ConfigChangeInput): WorkflowSettings {
    const after: WorkflowSettings = structuredClone(before);
    const thresholds = thresholdsSchema.safeParse({ ...after.thresholds, ...input.thresholds });
    if (!thresholds.success)
      throw new HttpError(
        400,
        'validation_error',
        'Invalid thresholds',
        validationDetails(thresholds.error, 'body').map((issue) => ({ ...issue, path: issue.path.replace(/^body/, 'body.thresholds') })),
      );
    after.thresholds = thresholds.data;

    const names = Object.keys(input.agents ?? {});
    const unknown = names.filter((name) => !isConfigAgentName(name));
    if (unknown.length > 0) throw unknownAgentError(unknown, CONFIG_AGENT_NAMES);
    for (const name of names) {
      if (!isConfigAgentName(name)) continue;
      const parsed = agentSettingsSchema.safeParse({ ...after.agents[name], ...(input.agents?.[name] as object) });
      if (!parsed.success) {
        throw new HttpError(
          400,
          'validation_error',
          `Invalid settings for ${name}`,
          validationDetails(parsed.error).map((issue) => ({ ...issue, path: `body.agents.${name}.${issue.path}` })),
        );
      }
      after.agents[name] = parsed.data;
    }
    return after;
  }

  async apply(input: ConfigChangeInput): Promise<ConfigChangeResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.applyOnce(input);
      } catch (error) {
        // Two saves raced for the same version number: the loser recomputes on the new active config.
        if (!isUniqueViolation(error) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  private async applyOnce(input: ConfigChangeInput): Promise<ConfigChangeResult> {
    const before = await this.active();
    const after = this.merge(before.settings, input);
    const current = await this.prompts.current();
    const promptChanges: PromptChange[] = Object.entries(input.prompts ?? {})
      .filter(([agent, prompt]) => canonical(prompt) !== canonical(current.get(agent)?.prompt ?? null))
      .map(([agentName, prompt]) => ({ agentName, prompt }));
    const warnings: ConfigWarning[] = [];

    if (input.enforceRules) {
      const changes = changedAgents(before.settings, after, Object.keys(input.prompts ?? {}));
      const promptsAfter = new Map<string, Prompt | null>([...current].map(([agent, stored]) => [agent, stored.prompt]));
      for (const [agent, prompt] of Object.entries(input.prompts ?? {})) promptsAfter.set(agent, prompt);
      const missing = missingPrompts(after, promptsAfter, changes);
      if (missing.length > 0 && !input.allowPromptWarnings) {
        throw new HttpError(
          400,
          WORKFLOW_ERROR_CODES.missingPrompts,
          `Enabled extractors without a prompt: ${missing.map((m) => m.agent).join(', ')} (set allow_prompt_warnings to save anyway)`,
          { agents: missing },
        );
      }
      warnings.push(...missing.map((m) => ({ code: 'missing_prompt', agent: m.agent, message: m.reason })));
      const mismatches = providerModelMismatches(after, this.registry.catalog(), changes);
      if (mismatches.length > 0) {
        const summary = mismatches
          .map((m) => `${m.agent}: ${m.model} is a ${m.catalog_providers.join('/')} model, not ${m.provider}`)
          .join('; ');
        throw new HttpError(400, WORKFLOW_ERROR_CODES.providerModelMismatch, `Provider and model do not match (${summary})`, {
          agents: mismatches,
        });
      }
      const efforts = await invalidEfforts(after, changes, (provider, model) => this.registry.capabilitiesOf(provider, model));
      if (efforts.length > 0) {
        const summary = efforts.map((e) => `${e.field}=${e.effort} (${e.model} allows ${e.allowed.join(', ') || 'none'})`).join('; ');
        throw new HttpError(400, WORKFLOW_ERROR_CODES.invalidEffort, `Effort outside the model's levels: ${summary}`, { agents: efforts });
      }
    }

    await input.checkAfter?.(after);

    if (canonical(before.settings) === canonical(after) && promptChanges.length === 0) {
      return { record: before, created: false, warnings, changedPrompts: [] };
    }
    const record = await this.prompts.transaction(async (tx) => {
      const created = await this.configs.createVersion(tx, after, input.description ?? null);
      await this.prompts.saveVersions(tx, promptChanges, {
        configVersion: created.version,
        description: input.description ?? null,
        actor: input.actor,
      });
      return created;
    });
    return { record, created: true, warnings, changedPrompts: promptChanges.map((change) => change.agentName) };
  }
}
