import { createHash } from 'node:crypto';

/** Content as compared for exact duplicates: Unicode NFKC, lower case, whitespace collapsed. */
export function normalizeContent(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function contentHash(text: string): string {
  return createHash('sha256').update(normalizeContent(text)).digest('hex');
}

/** Two independent 32-bit FNV-1a variants make the 64-bit feature hash (cheaper than BigInt math per token). */
function fnv32(text: string, seed: number): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // final avalanche so close strings spread over all bits
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

export interface SimHash {
  /** Signed 64-bit (how PostgreSQL's BIGINT stores it). */
  value: bigint;
  /** Four 16-bit bands tagged with their index: band << 16 | bits. */
  bands: number[];
}

/**
 * 64-bit SimHash over the words and word bigrams of the normalised content. Texts differing in a few
 * words land within a small Hamming distance; the four bands let the database find every stored hash
 * within distance 3 (pigeonhole: three flipped bits leave at least one band untouched).
 */
export function simHash(text: string): SimHash {
  const words = normalizeContent(text).match(/[\p{L}\p{N}_]+/gu) ?? [];
  const weights = new Float64Array(64);
  const add = (feature: string): void => {
    const hi = fnv32(feature, 0x9e3779b9);
    const lo = fnv32(feature, 0x7f4a7c15);
    for (let bit = 0; bit < 32; bit++) {
      weights[bit] += (lo >>> bit) & 1 ? 1 : -1;
      weights[bit + 32] += (hi >>> bit) & 1 ? 1 : -1;
    }
  };
  // Words and word bigrams: words keep the hash steady under small edits, bigrams keep word order in it.
  for (let i = 0; i < words.length; i++) {
    add(words[i]);
    if (i > 0) add(`${words[i - 1]} ${words[i]}`);
  }
  let lo = 0;
  let hi = 0;
  for (let bit = 0; bit < 32; bit++) {
    if (weights[bit] > 0) lo |= 1 << bit;
    if (weights[bit + 32] > 0) hi |= 1 << bit;
  }
  lo >>>= 0;
  hi >>>= 0;
  const unsigned = (BigInt(hi) << 32n) | BigInt(lo);
  return { value: BigInt.asIntN(64, unsigned), bands: bandsOf(hi, lo) };
}

function bandsOf(hi: number, lo: number): number[] {
  return [lo & 0xffff, lo >>> 16, hi & 0xffff, hi >>> 16].map((bits, band) => (band << 16) | bits);
}

function popcount32(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

export function hammingDistance(a: bigint, b: bigint): number {
  const x = BigInt.asUintN(64, a ^ b);
  return popcount32(Number(x & 0xffffffffn)) + popcount32(Number(x >> 32n));
}

export const NEAR_DUPLICATE_MAX_DISTANCE = 3;
