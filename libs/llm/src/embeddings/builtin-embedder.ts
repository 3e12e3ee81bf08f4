import { EMBEDDING_DIMENSIONS, l2Normalize, type Embedder } from './embedder';

/**
 * The default embedder: deterministic, local, no model file. Hashes word unigrams, word bigrams and
 * character trigrams (inside word boundaries, so `rundll32` and `rundll32.exe` stay close) into 384
 * signed buckets, dampens repeated features logarithmically and L2-normalises. Good enough to rank
 * articles that share vocabulary; a hosted embedder captures paraphrase better.
 */
export const BUILTIN_EMBEDDER_ID = 'builtin-hashed-ngram-v1';

const WEIGHTS = { word: 1, bigram: 0.8, trigram: 0.35 } as const;
const TOKEN = /[\p{L}\p{N}_]+/gu;
/** Character n-grams of very long tokens (base64 blobs) add noise, not meaning. */
const MAX_TRIGRAM_TOKEN = 40;

/** 32-bit FNV-1a of a string prefixed by a feature-kind byte, so `w:x` and `c:x` land apart. */
function fnv1a(kind: number, text: string): number {
  let hash = (0x811c9dc5 ^ kind) >>> 0;
  hash = Math.imul(hash, 0x01000193);
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function add(vector: Float64Array, hash: number, weight: number): void {
  // Low bits pick the bucket, the top bit the sign (signed hashing keeps collisions unbiased).
  const bucket = hash % vector.length;
  vector[bucket] += hash & 0x80000000 ? -weight : weight;
}

export function embedText(text: string, dimensions = EMBEDDING_DIMENSIONS): number[] {
  const sums = new Float64Array(dimensions);
  const tokens = text.toLowerCase().match(TOKEN) ?? [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    add(sums, fnv1a(1, token), WEIGHTS.word);
    if (i > 0) add(sums, fnv1a(2, `${tokens[i - 1]} ${token}`), WEIGHTS.bigram);
    if (token.length <= MAX_TRIGRAM_TOKEN) {
      const padded = `#${token}#`;
      for (let k = 0; k + 3 <= padded.length; k++) add(sums, fnv1a(3, padded.slice(k, k + 3)), WEIGHTS.trigram);
    }
  }
  const vector = new Array<number>(dimensions);
  for (let i = 0; i < dimensions; i++) {
    const value = sums[i];
    vector[i] = value === 0 ? 0 : Math.sign(value) * Math.log1p(Math.abs(value));
  }
  return l2Normalize(vector);
}

export function createBuiltinEmbedder(): Embedder {
  return {
    id: BUILTIN_EMBEDDER_ID,
    dimensions: EMBEDDING_DIMENSIONS,
    embed(texts, signal) {
      // Pure CPU work: only an already-aborted signal can stop it.
      if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      return Promise.resolve(texts.map((text) => embedText(text)));
    },
  };
}
