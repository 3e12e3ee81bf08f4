import { EXECUTION_ERROR_CODES, type ExecutionDetail, type ExecutionIdParams } from '@huntforge/contracts/executions';
import { HttpError } from '@huntforge/platform';
import type { ExecutionRepository } from '../../repositories/execution-repository';
import { toExecutionDetail } from '../execution-view';

export interface GetExecutionDeps {
  executions: Pick<ExecutionRepository, 'findWithStages'>;
  /** The provider timeout of one model call (WORKFLOW_LLM_TIMEOUT_MS), shown on the stages that make one. */
  modelCallTimeoutMs: number;
}

/** One execution with its stages; 404 when there is none. */
export async function getExecution(deps: GetExecutionDeps, command: ExecutionIdParams): Promise<ExecutionDetail> {
  const row = await deps.executions.findWithStages(command.execution_id);
  if (!row) throw new HttpError(404, EXECUTION_ERROR_CODES.executionNotFound, `execution ${command.execution_id} not found`);
  return toExecutionDetail(row, deps.modelCallTimeoutMs);
}
