import type { AgentSettings, ConfigAgentName, Prompt, Thresholds } from '@huntforge/contracts/workflow';
import type { WorkflowConfigRepository } from '../repositories/config-repository';
import type { PromptRepository } from '../repositories/prompt-repository';

/** What a run needs from the active configuration: the snapshot an execution stores. */
export interface ActiveWorkflowConfig {
  version: number;
  thresholds: Thresholds;
  agents: Record<ConfigAgentName, AgentSettings>;
  /** Current prompt per agent; an agent without one (removed by a bootstrap) is absent. */
  prompts: Record<string, Prompt>;
  autoTriggerHuntScoreThreshold: number;
}

/** Where the active config and its prompts are stored. */
export interface ActiveConfigStores {
  configs: Pick<WorkflowConfigRepository, 'ensureActive' | 'activeStamp'>;
  prompts: Pick<PromptRepository, 'current'>;
}

/**
 * The active config with its prompts, typed. Creates version 1 from the defaults on a fresh database;
 * otherwise read-only. Executions should store `toConfigSnapshot(...)` and read only that afterwards.
 */
export async function getActiveWorkflowConfig(stores: ActiveConfigStores): Promise<ActiveWorkflowConfig> {
  const active = await stores.configs.ensureActive();
  const prompts = await stores.prompts.current();
  return {
    version: active.version,
    thresholds: active.settings.thresholds,
    agents: active.settings.agents,
    prompts: Object.fromEntries([...prompts].map(([agent, stored]) => [agent, stored.prompt])),
    autoTriggerHuntScoreThreshold: active.autoTriggerHuntScoreThreshold,
  };
}

/** The JSON an execution stores as its config snapshot: version, thresholds, agents, prompts (never the auto-trigger threshold). */
export function toConfigSnapshot(config: ActiveWorkflowConfig): {
  version: number;
  thresholds: Thresholds;
  agents: Record<string, AgentSettings>;
  prompts: Record<string, Prompt>;
} {
  return { version: config.version, thresholds: config.thresholds, agents: config.agents, prompts: config.prompts };
}

type ActiveSnapshot = { version: number; snapshot: ReturnType<typeof toConfigSnapshot>; autoTriggerThreshold: number };

/**
 * The executions' `ActiveConfigSource`: the snapshot to store and the auto-trigger threshold to compare
 * against. Every call checks the stamp, so a change made through any replica is used by the next trigger;
 * the config and its prompts are read again only when the stamp moved.
 */
export function createActiveConfigSource(stores: ActiveConfigStores): { active(): Promise<ActiveSnapshot> } {
  let cached: { stamp: string; value: ActiveSnapshot } | null = null;
  return {
    async active() {
      const stamp = await stores.configs.activeStamp();
      if (stamp !== null && cached?.stamp === stamp) return cached.value;
      const config = await getActiveWorkflowConfig(stores);
      const value = {
        version: config.version,
        snapshot: toConfigSnapshot(config),
        autoTriggerThreshold: config.autoTriggerHuntScoreThreshold,
      };
      // A change landing between the stamp and the read is caught by the next call: its stamp differs.
      cached = stamp === null ? null : { stamp, value };
      return value;
    },
  };
}
