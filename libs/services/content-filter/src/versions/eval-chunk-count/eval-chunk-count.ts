import { EVAL_CHUNK_MIN_LENGTH } from '@huntforge/contracts/content-filter';
import type { EvalSetDeps } from '../eval-set';

/** GET /api/model/eval-chunk-count: the curated eval set's size and balance. */
export async function evalChunkCount(deps: EvalSetDeps) {
  const set = (await deps.fixtures.loadEvalSet()) ?? [];
  const huntable = set.filter((item) => item.label === 'Huntable').length;
  return {
    success: true as const,
    count: set.length,
    huntable,
    not_huntable: set.length - huntable,
    min_length: EVAL_CHUNK_MIN_LENGTH,
    available: set.length > 0,
  };
}
