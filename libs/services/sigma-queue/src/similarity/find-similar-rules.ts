import { SIGMA_ERROR_CODES, type SimilaritySearchRequest, type SimilaritySearchResponse } from '@huntforge/contracts/sigma';
import { HttpError } from '@huntforge/platform';
import { validateSigmaRule } from '@huntforge/sigma';
import { searchSimilar, UnanalysableRuleError } from './search-similar';
import type { CorpusIndex } from '../corpus/corpus-index';

export interface FindSimilarRulesDeps {
  index: Pick<CorpusIndex, 'get'>;
}

/** POST /api/sigma/similar: the closest reference rules; a rule the engine cannot compare is a 400 with its findings. */
export async function findSimilarRules(deps: FindSimilarRulesDeps, request: SimilaritySearchRequest): Promise<SimilaritySearchResponse> {
  try {
    return await searchSimilar(deps.index, request.rule_yaml, request.top);
  } catch (error) {
    if (error instanceof UnanalysableRuleError) {
      throw new HttpError(400, SIGMA_ERROR_CODES.invalidSigma, error.message, { findings: validateSigmaRule(request.rule_yaml).findings });
    }
    throw error;
  }
}
