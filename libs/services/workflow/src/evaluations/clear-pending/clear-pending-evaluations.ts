import type { ClearPendingResponse, OptionalSubagentQuery } from '@huntforge/contracts/workflow';
import type { Logger } from '@huntforge/platform';
import type { EvaluationRepository } from '../../repositories/evaluation-repository';

export interface ClearPendingEvaluationsDeps {
  evaluations: Pick<EvaluationRepository, 'deleteOpen'>;
  cancelExecution(executionId: number): Promise<boolean>;
  logger: Pick<Logger, 'info'>;
}

/** Deletes open evaluation records (of one subagent or all) and cancels their executions that have not ended. */
export async function clearPendingEvaluations(
  deps: ClearPendingEvaluationsDeps,
  command: OptionalSubagentQuery,
): Promise<ClearPendingResponse> {
  const cleared = await deps.evaluations.deleteOpen(command.subagent);
  for (const record of cleared) {
    if (record.workflowExecutionId) await deps.cancelExecution(record.workflowExecutionId);
  }
  if (cleared.length > 0)
    deps.logger.info({ records: cleared.length, subagent: command.subagent ?? 'all' }, 'open evaluation records cleared');
  return { cleared: cleared.length, record_ids: cleared.map((record) => record.id) };
}
