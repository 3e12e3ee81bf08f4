/**
 * How deeply a JSON request body may nest. No route of ours takes more than a handful of levels; the
 * limit is there because JSON.parse accepts 100,000 levels while JSON.stringify, zod and every recursive
 * walk over the value overflow the stack somewhere near 10,000 (the gateway answered 502 re-sending one).
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

/**
 * Whether the JSON text in `bytes` opens more than `maxDepth` objects or arrays inside each other. One
 * pass without recursion and without parsing, so it is safe on any input (UTF-8 continuation bytes never
 * equal an ASCII bracket or quote); malformed text is left to the parser.
 */
export function jsonNestsDeeperThan(bytes: Uint8Array, maxDepth: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      if (++depth > maxDepth) return true;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/** Thrown from body-parser's `verify` hook; body-parser passes `type` on, and the error mapping answers 400. */
export class JsonTooDeepError extends Error {
  readonly type = 'entity.too.deep';
  readonly status = 400;
  readonly expose = true;

  constructor(maxDepth: number) {
    super(`The JSON body nests more than ${maxDepth} levels deep`);
    this.name = 'JsonTooDeepError';
  }
}
