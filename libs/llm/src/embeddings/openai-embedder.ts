import OpenAI from 'openai';
import { guardedFetchFor, type OutboundGuardOptions } from '../outbound/outbound-guard';
import { checkVectors, EMBEDDING_DIMENSIONS, EmbeddingError, type Embedder } from './embedder';

export interface OpenAiEmbedderOptions {
  apiKey: string;
  /** Default text-embedding-3-small, asked for 384 dimensions to fit the vector column. */
  model?: string;
  /** For OpenAI-compatible servers and tests. */
  baseUrl?: string;
  timeoutMs?: number;
  /** Texts per request. */
  batchSize?: number;
  /** The call-time check of the base URL's addresses (default policy from process.env). */
  guard?: OutboundGuardOptions;
}

export const DEFAULT_OPENAI_EMBEDDING_MODEL = 'text-embedding-3-small';

export function createOpenAiEmbedder(options: OpenAiEmbedderOptions): Embedder {
  const model = options.model ?? DEFAULT_OPENAI_EMBEDDING_MODEL;
  const id = `openai:${model}`;
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseUrl,
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: 2,
    fetch: guardedFetchFor('OPENAI_BASE_URL', options.baseUrl, options.guard),
  });
  const batchSize = options.batchSize ?? 64;
  return {
    id,
    dimensions: EMBEDDING_DIMENSIONS,
    async embed(texts, signal) {
      const vectors: number[][] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        const batch = texts.slice(start, start + batchSize).map((text) => (text.trim() === '' ? ' ' : text));
        let response: OpenAI.Embeddings.CreateEmbeddingResponse;
        try {
          response = await client.embeddings.create(
            { model, input: batch, dimensions: EMBEDDING_DIMENSIONS, encoding_format: 'float' },
            { signal },
          );
        } catch (error) {
          // The SDK's messages carry status and reason, never the key.
          throw new EmbeddingError(id, error instanceof Error ? error.message : String(error));
        }
        const ordered = [...response.data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
        vectors.push(...checkVectors(id, ordered, batch.length, EMBEDDING_DIMENSIONS));
      }
      return vectors;
    },
  };
}
