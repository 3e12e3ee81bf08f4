import { Ollama } from 'ollama';
import { guardedFetchFor, type OutboundGuardOptions } from '../outbound/outbound-guard';
import { checkVectors, EMBEDDING_DIMENSIONS, EmbeddingError, type Embedder } from './embedder';

export interface OllamaEmbedderOptions {
  /** e.g. http://127.0.0.1:11434 */
  host: string;
  /** Must produce 384-dimension vectors; default all-minilm. */
  model?: string;
  batchSize?: number;
  /** The call-time check of the host's addresses (loopback and private allowed for Ollama, metadata never). */
  guard?: OutboundGuardOptions;
}

export const DEFAULT_OLLAMA_EMBEDDING_MODEL = 'all-minilm';

export function createOllamaEmbedder(options: OllamaEmbedderOptions): Embedder {
  const model = options.model ?? DEFAULT_OLLAMA_EMBEDDING_MODEL;
  const id = `ollama:${model}`;
  const batchSize = options.batchSize ?? 32;
  const guarded = guardedFetchFor('OLLAMA_HOST', options.host, options.guard);
  return {
    id,
    dimensions: EMBEDDING_DIMENSIONS,
    async embed(texts, signal) {
      // The client has no per-request signal, so each call gets a client whose fetch carries it.
      const client = new Ollama({ host: options.host, fetch: (input, init) => guarded(input, { ...init, signal }) });
      const vectors: number[][] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        const batch = texts.slice(start, start + batchSize);
        let embeddings: unknown;
        try {
          ({ embeddings } = await client.embed({ model, input: batch, truncate: true }));
        } catch (error) {
          throw new EmbeddingError(id, error instanceof Error ? error.message : String(error));
        }
        vectors.push(...checkVectors(id, embeddings, batch.length, EMBEDDING_DIMENSIONS));
      }
      return vectors;
    },
  };
}
