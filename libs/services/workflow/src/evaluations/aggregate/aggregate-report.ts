import type { AggregateQuery, AggregateResponse } from '@huntforge/contracts/workflow';
import { aggregateByVersion, type EvalSet } from '@huntforge/observables';
import type { EvaluationRepository } from '../../repositories/evaluation-repository';
import { toScoredRecord } from '../evaluation-view';

export interface AggregateReportDeps {
  evaluations: Pick<EvaluationRepository, 'completed'>;
  evalSet(): EvalSet;
}

/** A subagent's figures per config version (optionally of one model), beside the size of its eval set. */
export async function aggregateReport(deps: AggregateReportDeps, command: AggregateQuery): Promise<AggregateResponse> {
  const evalSetTotal = deps.evalSet().bySubagent[command.subagent].length;
  const rows = await deps.evaluations.completed(command.subagent, command.model);
  return { subagent: command.subagent, eval_set_total: evalSetTotal, versions: aggregateByVersion(rows.map(toScoredRecord)) };
}
