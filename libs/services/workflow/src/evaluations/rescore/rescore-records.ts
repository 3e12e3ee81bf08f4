import { EVAL_SUBAGENTS, toEvalSubagent, type EvalSubagent, type RescoreQuery, type RescoreResponse } from '@huntforge/contracts/workflow';
import type { EvalSet } from '@huntforge/observables';
import type { EvaluationRepository } from '../../repositories/evaluation-repository';
import { outputOfExecution, scoreOutput } from '../score-evaluation';

export interface RescoreRecordsDeps {
  evaluations: Pick<EvaluationRepository, 'unscored' | 'executionsOf' | 'rescore'>;
  evalSet(): EvalSet;
}

/**
 * Repairs completed count-only records (no score or no item figures) whose article has item-level
 * ground truth, from output retained on the record or its execution: no model call. A dry run (apply
 * false) only counts; applying is idempotent, since a repaired record is no longer a candidate.
 */
export async function rescoreRecords(deps: RescoreRecordsDeps, command: RescoreQuery): Promise<RescoreResponse> {
  // The query accepts only `all` or a subagent's name, so a name always resolves.
  const subagents = command.subagent === 'all' ? EVAL_SUBAGENTS : [toEvalSubagent(command.subagent) as EvalSubagent];
  const evalSet = deps.evalSet();
  const { apply } = command;
  const records = await deps.evaluations.unscored(subagents);
  const executions = await deps.evaluations.executionsOf(records);
  const agents: Record<string, { candidates: number; scorable: number; unrepairable_no_output: number; rescored: number }> =
    Object.fromEntries(subagents.map((s) => [s, { candidates: 0, scorable: 0, unrepairable_no_output: 0, rescored: 0 }]));
  for (const record of records) {
    const subagent = toEvalSubagent(record.subagent) as EvalSubagent;
    const truth = evalSet.bySubagent[subagent].find((article) => article.url === record.articleUrl);
    if (!truth) continue;
    const tally = agents[subagent];
    if (!tally) continue;
    tally.candidates++;
    const execution = record.workflowExecutionId ? executions.get(record.workflowExecutionId) : undefined;
    const output = record.output ?? outputOfExecution(subagent, execution ?? null);
    if (!output) {
      tally.unrepairable_no_output++;
      continue;
    }
    tally.scorable++;
    if (!apply) continue;
    const outcome = scoreOutput(subagent, truth.expectedCount, truth.expected, output);
    await deps.evaluations.rescore(record.id, {
      actualCount: outcome.actualCount ?? null,
      actualItems: outcome.actualItems ?? null,
      matchedCount: outcome.matchedCount ?? null,
      missedCount: outcome.missedCount ?? null,
      extraCount: outcome.extraCount ?? null,
      score: outcome.score ?? null,
      expectedCount: truth.expectedCount,
      expectedItems: truth.expected,
      output,
    });
    tally.rescored++;
  }
  return { apply, agents };
}
