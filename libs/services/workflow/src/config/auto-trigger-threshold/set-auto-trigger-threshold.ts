import type { AutoTriggerThresholdRequest, autoTriggerThresholdResponseSchema } from '@huntforge/contracts/workflow';
import type { z } from 'zod';
import type { WorkflowConfigRepository } from '../../repositories/config-repository';

export interface SetAutoTriggerThresholdDeps {
  configs: Pick<WorkflowConfigRepository, 'setAutoTriggerThreshold'>;
}

/** The auto-trigger threshold changes in place on the active version: no new version, no other setting touched. */
export async function setAutoTriggerThreshold(
  deps: SetAutoTriggerThresholdDeps,
  command: AutoTriggerThresholdRequest,
): Promise<z.infer<typeof autoTriggerThresholdResponseSchema>> {
  const record = await deps.configs.setAutoTriggerThreshold(command.auto_trigger_hunt_score_threshold);
  return { version: record.version, auto_trigger_hunt_score_threshold: record.autoTriggerHuntScoreThreshold };
}
