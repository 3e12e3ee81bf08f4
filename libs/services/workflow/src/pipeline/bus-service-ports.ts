import type { Bus } from '@huntforge/bus';
import { REQUEST_KEYS } from '@huntforge/contracts';
import {
  CONTENT_FILTER_TEXT_MAX_CHARS,
  classifyArticleResponseSchema,
  type ClassifyArticleRequest,
} from '@huntforge/contracts/content-filter';
import {
  corpusCoverageBusResponseSchema,
  sigmaEnqueueBusResponseSchema,
  type CorpusCoverageBusRequest,
  type SigmaEnqueueBusRequest,
} from '@huntforge/contracts/executions';
import { isBusReplyError } from '@huntforge/contracts/messages';
import { coverageEvidence, coverageProduct } from '@huntforge/sigma';
import { withTransportRetry, type TransportRetryPolicy } from './peer-transport';
import type { ArticleClassification, PipelineArticle, ServicePorts } from './ports';

/** A peer service answered with an error the pipeline cannot work around. */
export class PeerServiceError extends Error {
  constructor(
    readonly key: string,
    readonly code: string,
    message: string,
  ) {
    super(`${key}: ${code}: ${message}`);
    this.name = 'PeerServiceError';
  }
}

/** Races a bus request against the run's AbortSignal, so a cancel never waits for a slow peer. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * The run's copy of the article, so the content filter judges exactly the text the pipeline works on and
 * need not read it again; text the contract cannot carry (empty or oversized) is left for it to load.
 */
function textOf(article: PipelineArticle): { text?: string } {
  return article.content.length > 0 && article.content.length <= CONTENT_FILTER_TEXT_MAX_CHARS ? { text: article.content } : {};
}

export interface BusServicePortsOptions {
  timeoutMs: number;
  /** How a request that fails in transport (connection dropped, reply lost, timeout) is asked again. */
  transportRetry: TransportRetryPolicy;
}

/** The pipeline's questions to content-filter and sigma-queue, over request/reply on the bus. */
export function createBusServicePorts(bus: Bus, options: BusServicePortsOptions): ServicePorts {
  const ask = async <Req, Res>(key: string, payload: Req, signal: AbortSignal): Promise<Res> =>
    withTransportRetry(key, options.transportRetry, signal, () =>
      abortable(bus.request<Req, Res>(key, payload, { timeoutMs: options.timeoutMs }), signal),
    );

  return {
    async classifyArticle(article, threshold, signal): Promise<ArticleClassification> {
      const reply = classifyArticleResponseSchema.parse(
        await ask<ClassifyArticleRequest, unknown>(
          REQUEST_KEYS.contentFilterClassifyArticle,
          { article_id: article.id, ...textOf(article), threshold, top_features: 0 },
          signal,
        ),
      );
      if (isBusReplyError(reply))
        throw new PeerServiceError(REQUEST_KEYS.contentFilterClassifyArticle, reply.error.code, reply.error.message);
      const { classification, platform } = reply;
      return {
        platform: platform && { os: platform.os, confidence: platform.confidence, method: platform.method, evidence: platform.evidence },
        junk: {
          keptText: classification.kept_chunks.map((chunk) => chunk.text).join('\n\n'),
          keptChunks: classification.kept_count,
          totalChunks: classification.total_chunks,
          summary: {
            model_version: classification.model_version,
            threshold: classification.threshold,
            kept_chunk_ids: classification.kept_chunks.map((chunk) => chunk.chunk_id),
            removed: classification.chunks
              .filter((chunk) => !chunk.kept)
              .map((chunk) => ({ chunk_id: chunk.chunk_id, reason: chunk.reason })),
          },
        },
      };
    },
    async coverage(observables, platform, signal) {
      const product = coverageProduct(platform);
      const reply = corpusCoverageBusResponseSchema.parse(
        await ask<CorpusCoverageBusRequest, unknown>(
          REQUEST_KEYS.sigmaCorpusCoverage,
          {
            observables: observables.map((o) => ({ type: o.type, value: o.value, attributes: attributesOf(o.attributes) })),
            ...(product ? { product } : {}),
          },
          signal,
        ),
      );
      if (isBusReplyError(reply)) throw new PeerServiceError(REQUEST_KEYS.sigmaCorpusCoverage, reply.error.code, reply.error.message);
      return { corpus_rules: reply.corpus_rules, ...coverageEvidence(reply.coverage) };
    },
    async enqueue(request, signal) {
      const reply = sigmaEnqueueBusResponseSchema.parse(
        await ask<SigmaEnqueueBusRequest, unknown>(
          REQUEST_KEYS.sigmaQueueEnqueue,
          {
            workflow_execution_id: request.executionId,
            article_id: request.articleId,
            rules: request.rules.map((rule) => ({
              rule_yaml: rule.ruleYaml,
              ...(rule.rule ? { rule_document: rule.rule } : {}),
              source: rule.source,
              ...(rule.provenance ? { provenance: rule.provenance } : {}),
              ...(rule.deliveryPermitted === undefined ? {} : { delivery_permitted: rule.deliveryPermitted }),
              needs_review: rule.status === 'needs_review',
              ...(rule.similarityThreshold === undefined ? {} : { similarity_threshold: rule.similarityThreshold }),
            })),
          },
          signal,
        ),
      );
      if (isBusReplyError(reply)) throw new PeerServiceError(REQUEST_KEYS.sigmaQueueEnqueue, reply.error.code, reply.error.message);
      return reply.results.map((result) => {
        const similarity = { maxSimilarity: result.max_similarity, inconclusive: result.inconclusive, matches: result.matches };
        if (result.outcome === 'duplicate') return { outcome: 'duplicate', ...similarity };
        return { outcome: result.outcome, queueId: result.queue_id, status: result.status, ...similarity };
      });
    },
  };
}

/** Observable attributes as scalars (what the coverage request carries). */
function attributesOf(attributes: unknown): Record<string, string | number | boolean | null> | undefined {
  if (!attributes || typeof attributes !== 'object') return undefined;
  const out: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value as string | number | boolean | null;
  }
  return out;
}
