import type { WorkflowConfigResponse } from '@huntforge/contracts/workflow';
import type { WorkflowConfigRepository } from '../../repositories/config-repository';
import { configView } from '../config-view';

export interface GetWorkflowConfigDeps {
  configs: Pick<WorkflowConfigRepository, 'ensureActive'>;
}

/** The active config (version 1 from the defaults on a fresh database). */
export async function getWorkflowConfig(deps: GetWorkflowConfigDeps): Promise<WorkflowConfigResponse> {
  return configView(await deps.configs.ensureActive());
}
