import { EVAL_ERROR_CODES, type EvalRecordParams, type EvalRecordView } from '@huntforge/contracts/workflow';
import { HttpError } from '@huntforge/platform';
import type { EvaluationRepository } from '../../repositories/evaluation-repository';
import { toRecordView } from '../evaluation-view';

export interface GetEvalRecordDeps {
  evaluations: Pick<EvaluationRepository, 'find'>;
}

/** One evaluation record; 404 when there is none. */
export async function getEvalRecord(deps: GetEvalRecordDeps, command: EvalRecordParams): Promise<EvalRecordView> {
  const row = await deps.evaluations.find(command.eval_record_id);
  if (!row) throw new HttpError(404, EVAL_ERROR_CODES.recordNotFound, `evaluation record ${command.eval_record_id} not found`);
  return toRecordView(row);
}
