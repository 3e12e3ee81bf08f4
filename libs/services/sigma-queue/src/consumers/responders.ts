import type { Bus, Subscription } from '@huntforge/bus';
import { REQUEST_KEYS } from '@huntforge/contracts';
import {
  corpusCoverageBusRequestSchema,
  sigmaEnqueueBusRequestSchema,
  type SigmaEnqueueBusResponse,
} from '@huntforge/contracts/executions';
import { busReplyError, type BusReplyError } from '@huntforge/contracts/messages';
import { sigmaSimilarityBusRequestSchema, type SigmaSimilarityBusResponse } from '@huntforge/contracts/sigma';
import { HttpError } from '@huntforge/platform';
import { corpusCoverage, type CorpusCoverage, type CorpusCoverageDeps } from '../corpus/corpus-coverage';
import { enqueueRules, type EnqueueRulesDeps } from '../queue/enqueue/enqueue-rules';
import { searchSimilar, UnanalysableRuleError } from '../similarity/search-similar';
import type { CorpusIndex } from '../corpus/corpus-index';

export interface RespondersDeps extends EnqueueRulesDeps, CorpusCoverageDeps {
  bus: Pick<Bus, 'respond' | 'publish'>;
  index: Pick<CorpusIndex, 'get' | 'coverage'>;
}

/**
 * Request/reply: `sigma.queue.enqueue` (the workflow's rules to the review queue), `sigma.corpus.coverage`
 * (the reference rules that already cover an article's observables) and `sigma.similarity.search`. A bad
 * payload or a refused rule is a refusal (`busReplyError`) the caller can branch on.
 */
export async function startResponders(deps: RespondersDeps): Promise<Subscription[]> {
  return Promise.all([
    deps.bus.respond<unknown, SigmaSimilarityBusResponse>(REQUEST_KEYS.sigmaSimilaritySearch, async (payload) => {
      const parsed = sigmaSimilarityBusRequestSchema.safeParse(payload);
      if (!parsed.success) return busReplyError('validation_error', parsed.error.message);
      try {
        return { ok: true, ...(await searchSimilar(deps.index, parsed.data.rule_yaml, parsed.data.top)) };
      } catch (error) {
        return busReplyError('invalid_sigma', error instanceof Error ? error.message : String(error));
      }
    }),
    deps.bus.respond<unknown, SigmaEnqueueBusResponse>(REQUEST_KEYS.sigmaQueueEnqueue, async (payload) => {
      const parsed = sigmaEnqueueBusRequestSchema.safeParse(payload);
      if (!parsed.success) return busReplyError('validation_error', parsed.error.message);
      try {
        return { ok: true, results: await enqueueRules(deps, parsed.data) };
      } catch (error) {
        if (error instanceof HttpError) return busReplyError(error.code, error.message, error.details);
        if (error instanceof UnanalysableRuleError) return busReplyError('invalid_sigma', error.message);
        throw error;
      }
    }),
    deps.bus.respond<unknown, ({ ok: true } & CorpusCoverage) | BusReplyError>(REQUEST_KEYS.sigmaCorpusCoverage, async (payload) => {
      const parsed = corpusCoverageBusRequestSchema.safeParse(payload);
      if (!parsed.success) return busReplyError('validation_error', parsed.error.message);
      return { ok: true, ...(await corpusCoverage(deps, parsed.data)) };
    }),
  ]);
}
