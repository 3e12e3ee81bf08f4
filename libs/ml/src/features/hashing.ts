/** FNV-1a offset basis; every feature family starts from its own seed so families do not collide by design. */
export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

/** FNV-1a over the UTF-16 code units of `text[from, to)`, continuing from `seed`. */
export function fnv1a(text: string, from: number, to: number, seed: number): number {
  let hash = seed;
  for (let i = from; i < to; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

/** A family seed: the FNV hash of the family name, so adding a family never moves another. */
export function familySeed(name: string): number {
  return fnv1a(name, 0, name.length, FNV_OFFSET);
}

/** Mixes a hash into a bucket in [offset, offset + buckets); `buckets` must be a power of two. */
export function bucketOf(hash: number, offset: number, buckets: number): number {
  // Final avalanche (murmur3 fmix32) so low bits depend on every input bit.
  let h = hash;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return offset + ((h >>> 0) & (buckets - 1));
}
