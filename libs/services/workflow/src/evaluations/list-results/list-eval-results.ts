import type { EvalResultsQuery, EvalResultsResponse } from '@huntforge/contracts/workflow';
import type { EvaluationRepository } from '../../repositories/evaluation-repository';
import { toRecordView } from '../evaluation-view';

export interface ListEvalResultsDeps {
  evaluations: Pick<EvaluationRepository, 'list'>;
}

/** Evaluation records newest first, of one status (completed by default) or all, and how many match. */
export async function listEvalResults(deps: ListEvalResultsDeps, command: EvalResultsQuery): Promise<EvalResultsResponse> {
  const { rows, total } = await deps.evaluations.list({
    subagent: command.subagent,
    configVersion: command.config_version,
    model: command.model,
    status: command.status === 'all' ? undefined : command.status,
    take: command.limit,
  });
  return { results: rows.map(toRecordView), total };
}
