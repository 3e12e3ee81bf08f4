import { matchHuntKeywords, type HuntTier } from '@huntforge/scoring';
import { bucketOf, familySeed, FNV_PRIME } from './hashing';
import { SIGNALS, signalValues } from './hunting-signals';
import { KEYWORD_FEATURE_NAMES, keywordValuesFromMatches } from './keyword-signals';

/**
 * Bump when anything below changes what a text maps to: a model trained on one version is unusable
 * with another, so every model records the version it needs and loading checks it.
 */
export const FEATURIZER_VERSION = 1;

/** Dense slots at the front: hunting signals, then keyword-tier features. */
export const DENSE_SLOTS = 64;
/** 2^16 buckets: the accumulator stays in L2 cache (2^18 was 2-3x slower to featurize for no measurable gain). */
export const HASH_BUCKETS = 1 << 16;
export const FEATURE_DIMENSION = DENSE_SLOTS + HASH_BUCKETS;

export interface FeaturizedText {
  vector: SparseVector;
  keywords: Record<HuntTier, string[]>;
  /** Present when asked for names: the readable name of the feature at a vector position. */
  nameAt?: (position: number) => string;
}

/** A feature vector: parallel index/value arrays, indices unique. */
export interface SparseVector {
  indices: Int32Array;
  values: Float32Array;
}

const WORD_SEED = familySeed('word');
const BIGRAM_SEED = familySeed('bigram');
const CHAR_SEED = familySeed('char4');
const CHAR_GRAM = 4;
/** Hashed feature families and their relative weight after per-family unit normalisation. */
const FAMILY = { word: 0, bigram: 1, char: 2 } as const;
const FAMILY_WEIGHTS = [1, 0.7, 1];

const SIGNAL_NAMES = SIGNALS.map((signal) => `signal:${signal.name}`);
if (SIGNAL_NAMES.length + KEYWORD_FEATURE_NAMES.length > DENSE_SLOTS) throw new Error('dense feature slots exhausted');

/** log(1 + n) for the small counts almost every feature has. */
const LOG1P = Float64Array.from({ length: 64 }, (_, n) => Math.log1p(n));

/** Names of dense slots (hashed features are named by `featurizeWithNames`). */
export function denseFeatureName(index: number): string | undefined {
  if (index < SIGNAL_NAMES.length) return SIGNAL_NAMES[index];
  return KEYWORD_FEATURE_NAMES[index - SIGNAL_NAMES.length];
}

/**
 * Turns text into hashed word unigrams, word bigrams and character 4-grams (log counts, each family
 * unit-normalised) plus dense hunting signals. Reuses one accumulator, so an instance is not re-entrant;
 * create one per concurrent caller.
 */
export class Featurizer {
  readonly version = FEATURIZER_VERSION;
  private readonly counts = new Float32Array(FEATURE_DIMENSION);
  private touched = new Int32Array(4096);
  /** Family of each touched index, parallel to `touched` (no second random access into a big array). */
  private touchedFamily = new Uint8Array(4096);
  private touchedCount = 0;
  private lastHashedCount = 0;
  /** While explaining: where each touched feature came from in the text (parallel to `touched`). */
  private naming = false;
  private spanStart = new Int32Array(4096);
  private spanEnd = new Int32Array(4096);

  featurize(text: string): SparseVector {
    return this.run(text, matchHuntKeywords(text));
  }

  /**
   * The vector plus the hunt-keyword matches it used (callers that also apply the keep rule need them),
   * and with `withNames` a `nameAt` for explaining it (see featurizeWithNames).
   */
  featurizeDetailed(text: string, withNames = false): FeaturizedText {
    const keywords = matchHuntKeywords(text);
    if (!withNames) return { vector: this.run(text, keywords), keywords };
    const { nameAt, ...vector } = this.featurizeWithNames(text, keywords);
    return { vector, keywords, nameAt };
  }

  /**
   * Same vector plus `nameAt(position)`: a readable name for the feature at that position of the
   * vector (e.g. `word:powershell`, `bigram:cmd exe`, `char:"hklm"`, `signal:registry_paths`). Names are
   * built only when asked for, so explaining costs little more than featurizing.
   */
  featurizeWithNames(text: string, keywords = matchHuntKeywords(text)): SparseVector & { nameAt(position: number): string } {
    this.naming = true;
    try {
      const lower = text.toLowerCase();
      const vector = this.run(text, keywords);
      const hashedCount = this.lastHashedCount;
      const denseCount = vector.indices.length - hashedCount;
      const families = this.touchedFamily.slice(0, hashedCount);
      const starts = this.spanStart.slice(0, hashedCount);
      const ends = this.spanEnd.slice(0, hashedCount);
      const nameAt = (position: number): string => {
        if (position < denseCount) return denseFeatureName(vector.indices[position]) ?? `dense:${vector.indices[position]}`;
        const k = position - denseCount;
        const span = lower.slice(starts[k], ends[k]);
        if (families[k] === FAMILY.char) return `char:${JSON.stringify(span)}`;
        return families[k] === FAMILY.word ? `word:${span}` : `bigram:${span.replace(/[^a-z0-9_]+/g, ' ')}`;
      };
      return { ...vector, nameAt };
    } finally {
      this.naming = false;
    }
  }

  private run(text: string, keywords: Record<HuntTier, string[]>): SparseVector {
    const lower = text.toLowerCase();
    this.addWords(lower);
    this.addCharGrams(lower);
    const dense = signalValues(text);
    dense.push(...keywordValuesFromMatches(keywords));
    let denseCount = 0;
    for (const value of dense) if (value !== 0) denseCount++;
    const indices = new Int32Array(denseCount + this.touchedCount);
    const values = new Float32Array(indices.length);
    let n = 0;
    dense.forEach((value, slot) => {
      if (value === 0) return;
      indices[n] = slot;
      values[n++] = value;
    });
    this.lastHashedCount = this.touchedCount;
    this.collectHashed(indices, values, n);
    return { indices, values };
  }

  /** Counts one occurrence of the feature that text[start, end) produced. */
  private add(index: number, family: number, start: number, end: number): void {
    if (this.counts[index] === 0) {
      if (this.touchedCount === this.touched.length) {
        const grown = new Int32Array(this.touched.length * 2);
        grown.set(this.touched);
        this.touched = grown;
        const grownFamily = new Uint8Array(this.touched.length);
        grownFamily.set(this.touchedFamily);
        this.touchedFamily = grownFamily;
        const grownStart = new Int32Array(this.touched.length);
        grownStart.set(this.spanStart);
        this.spanStart = grownStart;
        const grownEnd = new Int32Array(this.touched.length);
        grownEnd.set(this.spanEnd);
        this.spanEnd = grownEnd;
      }
      if (this.naming) {
        this.spanStart[this.touchedCount] = start;
        this.spanEnd[this.touchedCount] = end;
      }
      this.touchedFamily[this.touchedCount] = family;
      this.touched[this.touchedCount++] = index;
    }
    this.counts[index] += 1;
  }

  /** Word unigrams and bigrams over runs of [a-z0-9_], hashed while scanning (no substrings unless naming). */
  private addWords(lower: string): void {
    let previous = -1;
    let previousStart = 0;
    let start = -1;
    let hash = WORD_SEED;
    for (let i = 0; i <= lower.length; i++) {
      const code = i < lower.length ? lower.charCodeAt(i) : 32;
      const wordChar = (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 95;
      if (wordChar) {
        if (start < 0) {
          start = i;
          hash = WORD_SEED;
        }
        hash = Math.imul(hash ^ code, FNV_PRIME);
        continue;
      }
      if (start < 0) continue;
      const wordHash = hash >>> 0;
      const word = bucketOf(wordHash, DENSE_SLOTS, HASH_BUCKETS);
      this.add(word, FAMILY.word, start, i);
      if (previous >= 0) {
        const pair = bucketOf(Math.imul(previous ^ BIGRAM_SEED, 0x9e3779b1) ^ wordHash, DENSE_SLOTS, HASH_BUCKETS);
        this.add(pair, FAMILY.bigram, previousStart, i);
      }
      previous = wordHash;
      previousStart = start;
      start = -1;
    }
  }

  /**
   * Character 4-grams. Four Latin-1 code units pack exactly into 32 bits, so the gram key rolls one
   * shift per position; grams with a wider character fall back to FNV. Grams starting with whitespace
   * carry little and are skipped.
   */
  private addCharGrams(lower: string): void {
    let packed = 0;
    let wide = 0;
    for (let i = 0; i < lower.length; i++) {
      const code = lower.charCodeAt(i);
      packed = (packed >>> 8) | ((code & 0xff) << 24);
      wide = code > 0xff ? CHAR_GRAM : wide > 0 ? wide - 1 : 0;
      if (i < CHAR_GRAM - 1) continue;
      const first = lower.charCodeAt(i - 3);
      if (first === 32 || first === 10 || first === 9 || first === 13) continue;
      let key = packed ^ CHAR_SEED;
      if (wide > 0) {
        key = CHAR_SEED;
        for (let j = i - 3; j <= i; j++) key = Math.imul(key ^ lower.charCodeAt(j), FNV_PRIME);
      }
      const index = bucketOf(key, DENSE_SLOTS, HASH_BUCKETS);
      this.add(index, FAMILY.char, i - 3, i + 1);
    }
  }

  /** log(1 + count), unit-normalised per family, weighted, written from `offset`; resets the accumulator. */
  private collectHashed(indices: Int32Array, values: Float32Array, offset: number): void {
    const norms = [0, 0, 0];
    const n = this.touchedCount;
    for (let k = 0; k < n; k++) {
      const index = this.touched[k];
      const count = this.counts[index];
      const value = count < LOG1P.length ? LOG1P[count] : Math.log1p(count);
      indices[offset + k] = index;
      values[offset + k] = value;
      norms[this.touchedFamily[k]] += value * value;
    }
    for (let f = 0; f < 3; f++) norms[f] = norms[f] > 0 ? FAMILY_WEIGHTS[f] / Math.sqrt(norms[f]) : 0;
    for (let k = 0; k < n; k++) {
      values[offset + k] *= norms[this.touchedFamily[k]];
      this.counts[this.touched[k]] = 0;
    }
    this.touchedCount = 0;
  }
}
