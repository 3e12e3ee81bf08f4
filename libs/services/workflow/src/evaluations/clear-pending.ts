import type { EvalSubagent } from '@huntforge/contracts/workflow';
import type { EvaluationDeps } from './evaluation-deps';

/** Deletes open evaluation records and cancels their executions that have not ended. */
export async function clearPendingEvaluations(deps: EvaluationDeps, subagent?: EvalSubagent) {
  const cleared = await deps.repo.deleteOpen(subagent);
  for (const record of cleared) {
    if (record.workflowExecutionId) await deps.cancelExecution(record.workflowExecutionId);
  }
  if (cleared.length > 0) deps.logger.info({ records: cleared.length, subagent: subagent ?? 'all' }, 'open evaluation records cleared');
  return { cleared: cleared.length, record_ids: cleared.map((record) => record.id) };
}
