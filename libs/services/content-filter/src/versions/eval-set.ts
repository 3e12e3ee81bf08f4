import { CONTENT_FILTER_ERROR_CODES } from '@huntforge/contracts/content-filter';
import type { LabelledText } from '@huntforge/ml';
import { HttpError } from '@huntforge/platform';
import type { ContentFilterPorts } from '../ports';

export type EvalSetDeps = { fixtures: Pick<ContentFilterPorts['fixtures'], 'loadEvalSet'> };

/** The curated eval set, or 422 eval_set_missing. */
export async function requireEvalSet(deps: EvalSetDeps): Promise<LabelledText[]> {
  const set = await deps.fixtures.loadEvalSet();
  if (!set)
    throw new HttpError(422, CONTENT_FILTER_ERROR_CODES.evalSetMissing, 'The curated eval set (fixtures/content-filter/eval) is missing');
  return set;
}
