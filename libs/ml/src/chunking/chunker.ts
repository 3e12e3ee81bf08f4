/** One window of an article. `id` is its position, so the same text always yields the same ids. */
export interface Chunk {
  id: number;
  /** Offset of the first character in the source text. */
  start: number;
  /** Offset one past the last character. */
  end: number;
  text: string;
}

export interface ChunkOptions {
  /** Target window length in characters (default 1000). */
  size?: number;
  /** Characters shared by consecutive windows (default 200). */
  overlap?: number;
}

export const DEFAULT_CHUNK_SIZE = 1000;
export const DEFAULT_CHUNK_OVERLAP = 200;

// A sentence ends at . ! ? (optionally followed by a closing quote or bracket) before whitespace, or at a newline.
const SENTENCE_END = /[.!?]["')\]]?(?=\s)|\n/g;

/** Offsets just after every sentence end (the next sentence starts after the whitespace). */
function sentenceBoundaries(text: string): number[] {
  const boundaries: number[] = [];
  SENTENCE_END.lastIndex = 0;
  for (let match = SENTENCE_END.exec(text); match; match = SENTENCE_END.exec(text)) {
    boundaries.push(match.index + match[0].length);
  }
  return boundaries;
}

/** Largest boundary in (low, high], or -1. `boundaries` is ascending. */
function lastBoundaryIn(boundaries: number[], low: number, high: number): number {
  let lo = 0;
  let hi = boundaries.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (boundaries[mid] <= high) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 && boundaries[found] > low ? boundaries[found] : -1;
}

/** Smallest boundary in [low, high), or -1. */
function firstBoundaryIn(boundaries: number[], low: number, high: number): number {
  let lo = 0;
  let hi = boundaries.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (boundaries[mid] >= low) {
      found = mid;
      hi = mid - 1;
    } else lo = mid + 1;
  }
  return found >= 0 && boundaries[found] < high ? boundaries[found] : -1;
}

function skipWhitespace(text: string, at: number): number {
  let i = at;
  while (i < text.length && /\s/.test(text[i])) i++;
  return i;
}

/**
 * Splits text into windows of about `size` characters overlapping by about `overlap`, snapped to
 * sentence boundaries: a window ends at the last sentence end in its second half (else it is cut hard
 * at `size`), and the next window starts at the first sentence start inside the overlap region (else
 * exactly `overlap` characters back). Windows never exceed `size` and always advance.
 */
export function chunkText(text: string, options: ChunkOptions = {}): Chunk[] {
  const size = options.size ?? DEFAULT_CHUNK_SIZE;
  const overlap = options.overlap ?? DEFAULT_CHUNK_OVERLAP;
  if (size <= 0 || overlap < 0 || overlap >= size) throw new RangeError('chunkText needs size > 0 and 0 <= overlap < size');

  const chunks: Chunk[] = [];
  const boundaries = sentenceBoundaries(text);
  let start = skipWhitespace(text, 0);
  while (start < text.length) {
    let end = Math.min(start + size, text.length);
    if (end < text.length) {
      const snapped = lastBoundaryIn(boundaries, start + Math.floor(size / 2), end);
      if (snapped > 0) end = snapped;
    }
    const body = text.slice(start, end).trimEnd();
    if (body.trim().length > 0) chunks.push({ id: chunks.length, start, end: start + body.length, text: body });
    if (end >= text.length) break;

    // Next window begins inside the last `overlap` characters, at a sentence start when one is there.
    const overlapStart = Math.max(start + 1, end - overlap);
    const sentenceStart = firstBoundaryIn(boundaries, overlapStart, end);
    const next = skipWhitespace(text, sentenceStart > 0 ? sentenceStart : overlapStart);
    start = next > start ? next : end;
  }
  return chunks;
}
