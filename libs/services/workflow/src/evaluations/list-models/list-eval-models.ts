import type { EvalModelsResponse, SubagentQuery } from '@huntforge/contracts/workflow';
import type { EvaluationRepository } from '../../repositories/evaluation-repository';

export interface ListEvalModelsDeps {
  evaluations: Pick<EvaluationRepository, 'models'>;
}

/** The models with evaluation records of a subagent, most used first. */
export async function listEvalModels(deps: ListEvalModelsDeps, command: SubagentQuery): Promise<EvalModelsResponse> {
  return { subagent: command.subagent, models: await deps.evaluations.models(command.subagent) };
}
