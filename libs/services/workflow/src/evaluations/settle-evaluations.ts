import { toEvalSubagent, type EvalSubagent } from '@huntforge/contracts/workflow';
import type { EvaluationRecordRow } from '../records';
import type { EvaluationRepository } from '../repositories/evaluation-repository';
import type { EvalAgentRun } from '../pipeline/run-eval-pipeline';
import { outputOfExecution, scoreOutput, storedExpected } from './score-evaluation';

function settleOne(repo: EvaluationRepository, record: EvaluationRecordRow, run: EvalAgentRun): Promise<boolean> {
  const subagent = toEvalSubagent(record.subagent) as EvalSubagent;
  if (run.status === 'failed') return repo.settle(record.id, { status: 'failed', error: run.error });
  return repo.settle(record.id, scoreOutput(subagent, record.expectedCount ?? 0, storedExpected(record.expectedItems), run.output));
}

/** Scores (or fails) the open records of an evaluation execution; a record cleared meanwhile is left alone. */
export async function settleExecutionRecords(repo: EvaluationRepository, executionId: number, run: EvalAgentRun): Promise<number> {
  let settled = 0;
  for (const record of await repo.forExecution(executionId)) {
    if (record.status !== 'pending' && record.status !== 'running') continue;
    if (await settleOne(repo, record, run)) settled++;
  }
  return settled;
}

/**
 * Completes open records from their executions: scored from the retained extraction result when the
 * execution completed, failed when it failed or was cancelled (or no longer exists); records whose
 * execution is still pending or running stay as they are.
 */
export async function backfillRecords(repo: EvaluationRepository, subagent?: EvalSubagent) {
  const open = await repo.open(subagent);
  const executions = await repo.executionsOf(open);
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
    if (!run || !(await settleOne(repo, record, run))) continue;
    done.push(record.id);
    if (run.status === 'completed') scored++;
    else failed++;
  }
  return { examined: open.length, scored, failed, still_pending: open.length - done.length, record_ids: done };
}
