import { toEvalSubagent, type EvalSubagent } from '@huntforge/contracts/workflow';
import type { EvaluationRecordRow } from '../records';
import type { EvaluationRepository } from '../repositories/evaluation-repository';
import type { EvalAgentRun } from '../pipeline/run-eval-pipeline';
import { scoreOutput, storedExpected } from './score-evaluation';

/** Writes a record's outcome from its agent's run: scored when it completed, failed otherwise; false when it was cleared meanwhile. */
export function settleRecord(
  evaluations: Pick<EvaluationRepository, 'settle'>,
  record: EvaluationRecordRow,
  run: EvalAgentRun,
): Promise<boolean> {
  const subagent = toEvalSubagent(record.subagent) as EvalSubagent;
  if (run.status === 'failed') return evaluations.settle(record.id, { status: 'failed', error: run.error });
  return evaluations.settle(record.id, scoreOutput(subagent, record.expectedCount ?? 0, storedExpected(record.expectedItems), run.output));
}

export interface SettleExecutionRecordsDeps {
  evaluations: Pick<EvaluationRepository, 'forExecution' | 'settle'>;
}

export interface SettleExecutionRecordsCommand {
  executionId: number;
  run: EvalAgentRun;
}

/** Scores (or fails) the open records of an evaluation execution; a record cleared meanwhile is left alone. */
export async function settleExecutionRecords(deps: SettleExecutionRecordsDeps, command: SettleExecutionRecordsCommand): Promise<number> {
  let settled = 0;
  for (const record of await deps.evaluations.forExecution(command.executionId)) {
    if (record.status !== 'pending' && record.status !== 'running') continue;
    if (await settleRecord(deps.evaluations, record, command.run)) settled++;
  }
  return settled;
}
