import type { ConfigVersionSummary, UpdateWorkflowConfigResponse, WorkflowConfigResponse } from '@huntforge/contracts/workflow';
import type { ConfigVersionRecord } from '../repositories/config-repository';
import type { ConfigChangeResult } from './change/save-config-change';
import { toFlatAgentModels } from './flat-agent-models';

export function configView(record: ConfigVersionRecord): WorkflowConfigResponse {
  return {
    version: record.version,
    is_active: record.isActive,
    description: record.description,
    thresholds: record.settings.thresholds,
    agents: record.settings.agents,
    agent_models: toFlatAgentModels(record.settings),
    auto_trigger_hunt_score_threshold: record.autoTriggerHuntScoreThreshold,
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  };
}

export function configVersionSummary(record: ConfigVersionRecord): ConfigVersionSummary {
  return {
    version: record.version,
    is_active: record.isActive,
    description: record.description,
    thresholds: record.settings.thresholds,
    agents: record.settings.agents,
    auto_trigger_hunt_score_threshold: record.autoTriggerHuntScoreThreshold,
    created_at: record.createdAt.toISOString(),
  };
}

/** The answer to a config save: the active version after it, whether the save created it, and its warnings. */
export function configChangeView(result: ConfigChangeResult): UpdateWorkflowConfigResponse {
  return { ...configView(result.record), created: result.created, warnings: result.warnings };
}
