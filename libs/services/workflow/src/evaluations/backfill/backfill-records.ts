import { toEvalSubagent, type BackfillResponse, type EvalSubagent, type OptionalSubagentQuery } from '@huntforge/contracts/workflow';
import type { EvaluationRepository } from '../../repositories/evaluation-repository';
import type { EvalAgentRun } from '../../pipeline/run-eval-pipeline';
import { outputOfExecution } from '../score-evaluation';
import { settleRecord } from '../settle-evaluations';

export interface BackfillRecordsDeps {
  evaluations: Pick<EvaluationRepository, 'open' | 'executionsOf' | 'settle'>;
}

/**
 * Completes open records from their executions: scored from the retained extraction result when the
 * execution completed, failed when it failed or was cancelled (or no longer exists); records whose
 * execution is still pending or running stay as they are.
 */
export async function backfillRecords(deps: BackfillRecordsDeps, command: OptionalSubagentQuery): Promise<BackfillResponse> {
  const open = await deps.evaluations.open(command.subagent);
  const executions = await deps.evaluations.executionsOf(open);
  const done: number[] = [];
  let scored = 0;
  let failed = 0;
  for (const record of open) {
    const execution = record.workflowExecutionId ? executions.get(record.workflowExecutionId) : undefined;
    let run: EvalAgentRun | null = null;
    if (!execution) run = { status: 'failed', error: 'the evaluation execution no longer exists' };
    else if (execution.status === 'failed' || execution.status === 'cancelled')
      run = { status: 'failed', error: execution.error ?? `execution ${execution.status}` };
    else if (execution.status === 'completed') {
      const output = outputOfExecution(toEvalSubagent(record.subagent) as EvalSubagent, execution);
      run = output
        ? { status: 'completed', output }
        : { status: 'failed', error: 'the execution completed without output from the evaluated agent' };
    }
    if (!run || !(await settleRecord(deps.evaluations, record, run))) continue;
    done.push(record.id);
    if (run.status === 'completed') scored++;
    else failed++;
  }
  return { examined: open.length, scored, failed, still_pending: open.length - done.length, record_ids: done };
}
