/** Turns texts into fixed-length vectors for semantic search. */
export interface Embedder {
  /** Stable id stored beside each vector (e.g. `builtin-hashed-ngram-v1`, `openai:text-embedding-3-small`). */
  readonly id: string;
  readonly dimensions: number;
  /** One vector per text, in order. */
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

/** The width of the pgvector column articles and reference rules are stored in. */
export const EMBEDDING_DIMENSIONS = 384;

export class EmbeddingError extends Error {
  constructor(
    readonly embedderId: string,
    message: string,
  ) {
    super(`${embedderId}: ${message}`);
    this.name = 'EmbeddingError';
  }
}

/** Cosine similarity of two vectors of equal length (0 when either is all zeros). */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error(`vector lengths differ: ${a.length} vs ${b.length}`);
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    normA += a[i] * a[i];
    normB += b[i] * b[i];
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/** Scales a vector to unit length in place (a zero vector stays zero). */
export function l2Normalize(vector: number[]): number[] {
  let sum = 0;
  for (const value of vector) sum += value * value;
  if (sum === 0) return vector;
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < vector.length; i++) vector[i] *= scale;
  return vector;
}

/** Checks a remote embedder's answer: one vector per text, each of the expected width, finite numbers. */
export function checkVectors(embedderId: string, vectors: unknown, count: number, dimensions: number): number[][] {
  if (!Array.isArray(vectors) || vectors.length !== count) {
    throw new EmbeddingError(embedderId, `expected ${count} vectors, got ${Array.isArray(vectors) ? vectors.length : typeof vectors}`);
  }
  return vectors.map((vector: unknown, index) => {
    if (!Array.isArray(vector) || vector.length !== dimensions) {
      const got = Array.isArray(vector) ? `${vector.length} dimensions` : typeof vector;
      throw new EmbeddingError(
        embedderId,
        `vector ${index} has ${got}; the store needs ${dimensions} (pick a ${dimensions}-dimension model)`,
      );
    }
    if (!vector.every((value) => typeof value === 'number' && Number.isFinite(value))) {
      throw new EmbeddingError(embedderId, `vector ${index} holds non-numeric values`);
    }
    return vector as number[];
  });
}
