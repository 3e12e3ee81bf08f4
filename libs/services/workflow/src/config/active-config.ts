import type { AgentSettings, ConfigAgentName, Prompt, Thresholds } from '@huntforge/contracts';
import type { PrismaClient } from '@huntforge/data';
import { WorkflowConfigRepository } from '../repositories/config-repository';
import { PromptRepository } from '../repositories/prompt-repository';

/** What a run needs from the active configuration: the snapshot an execution stores. */
export interface ActiveWorkflowConfig {
  version: number;
  thresholds: Thresholds;
  agents: Record<ConfigAgentName, AgentSettings>;
  /** Current prompt per agent; an agent without one (removed by a bootstrap) is absent. */
  prompts: Record<string, Prompt>;
  autoTriggerHuntScoreThreshold: number;
}

/**
 * The active config with its prompts, typed. Creates version 1 from the defaults on a fresh database;
 * otherwise read-only. Executions should store `toConfigSnapshot(...)` and read only that afterwards.
 */
export async function getActiveWorkflowConfig(prisma: PrismaClient): Promise<ActiveWorkflowConfig> {
  const active = await new WorkflowConfigRepository(prisma).ensureActive();
  const prompts = await new PromptRepository(prisma).current();
  return {
    version: active.version,
    thresholds: active.settings.thresholds,
    agents: active.settings.agents,
    prompts: Object.fromEntries([...prompts].map(([agent, stored]) => [agent, stored.prompt])),
    autoTriggerHuntScoreThreshold: active.autoTriggerHuntScoreThreshold,
  };
}

/** The JSON an execution stores as its config snapshot: version, thresholds, agents, prompts (never the auto-trigger threshold). */
export function toConfigSnapshot(config: ActiveWorkflowConfig): { version: number; thresholds: Thresholds; agents: Record<string, AgentSettings>; prompts: Record<string, Prompt> } {
  return { version: config.version, thresholds: config.thresholds, agents: config.agents, prompts: config.prompts };
}

/** The executions' `ActiveConfigSource`: the snapshot to store and the auto-trigger threshold to compare against. */
export function createActiveConfigSource(prisma: PrismaClient): {
  active(): Promise<{ version: number; snapshot: ReturnType<typeof toConfigSnapshot>; autoTriggerThreshold: number }>;
} {
  return {
    async active() {
      const config = await getActiveWorkflowConfig(prisma);
      return { version: config.version, snapshot: toConfigSnapshot(config), autoTriggerThreshold: config.autoTriggerHuntScoreThreshold };
    },
  };
}
