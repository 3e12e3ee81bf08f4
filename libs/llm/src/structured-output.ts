import type { z } from 'zod';
import { LlmError } from './errors';

export type StructuredOutputResult<T> = { ok: true; value: T; repaired: boolean } | { ok: false; error: string };

const FENCE = /```(?:json|JSON|javascript|js)?\s*\n?([\s\S]*?)(?:```|$)/;
const BAREWORDS: Record<string, string> = { True: 'true', False: 'false', None: 'null', true: 'true', false: 'false', null: 'null' };

/** The JSON-looking part of a model answer: inside a code fence if there is one, from the first bracket on. */
function extractCandidate(text: string): string | null {
  const fenced = FENCE.exec(text);
  const body = fenced && /[[{]/.test(fenced[1] ?? '') ? (fenced[1] ?? '') : text;
  const start = body.search(/[[{]/);
  return start === -1 ? null : body.slice(start);
}

interface Repair {
  json: string;
  /** The input ended before its brackets closed. */
  truncated: boolean;
}

/**
 * One pass over the candidate that fixes what models commonly get wrong: single-quoted strings,
 * Python literals, unquoted keys, trailing commas, raw newlines in strings, prose after the closing
 * bracket, and brackets or a string left open by a truncated answer.
 */
function repair(source: string): Repair {
  let out = '';
  const closers: string[] = [];
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i] as string;
    if (quote) {
      if (ch === '\\') {
        const next = source[i + 1] ?? '';
        out += quote === "'" && next === "'" ? "'" : ch + next;
        i++;
      } else if (ch === quote) {
        out += '"';
        quote = null;
      } else if (ch === '"') out += '\\"';
      else if (ch === '\n') out += '\\n';
      else if (ch === '\r') out += '\\r';
      else if (ch === '\t') out += '\\t';
      else out += ch;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      out += '"';
    } else if (ch === '{' || ch === '[') {
      closers.push(ch === '{' ? '}' : ']');
      out += ch;
    } else if (ch === '}' || ch === ']') {
      out = out.replace(/,\s*$/, '');
      closers.pop();
      out += ch;
      if (closers.length === 0) return { json: out, truncated: false };
    } else if (/[-\d]/.test(ch)) {
      const number = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(source.slice(i))?.[0] ?? ch;
      i += number.length - 1;
      out += number;
    } else if (/[A-Za-z_$]/.test(ch)) {
      const word = /^[A-Za-z_$][\w$-]*/.exec(source.slice(i))?.[0] ?? ch;
      i += word.length - 1;
      const isKey = /^\s*:/.test(source.slice(i + 1));
      out += isKey ? JSON.stringify(word) : (BAREWORDS[word] ?? JSON.stringify(word));
    } else out += ch;
  }
  if (quote) out += '"';
  return { json: out, truncated: true };
}

/** The closing brackets a JSON prefix still needs, innermost last. */
function openClosers(body: string): string[] {
  const closers: string[] = [];
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') closers.push('}');
    else if (ch === '[') closers.push(']');
    else if (ch === '}' || ch === ']') closers.pop();
  }
  return closers;
}

/** Closes a truncated document, dropping a dangling key or separator at its end first. */
function closeTruncated(json: string): string {
  let body = json.replace(/\s+$/, '').replace(/,$/, '').replace(/:$/, ': null');
  if (openClosers(body).at(-1) === '}') {
    // Inside an object a string right after `{` or `,` is a key that never got its value: drop it.
    body = body.replace(/([{,])\s*"(?:[^"\\]|\\.)*"$/, (_match, separator: string) => (separator === '{' ? '{' : ''));
  }
  return body.replace(/,\s*$/, '') + openClosers(body).reverse().join('');
}

function parseLoose(text: string): { value: unknown; repaired: boolean } | null {
  const candidate = extractCandidate(text);
  if (candidate === null) return null;
  try {
    return { value: JSON.parse(candidate), repaired: false };
  } catch {
    // fall through to the repairs
  }
  const { json, truncated } = repair(candidate);
  const attempts = truncated ? [closeTruncated(json)] : [json];
  if (truncated) {
    // Cut back to the last complete element when the tail itself is broken (e.g. `"x": tru`).
    const lastComma = json.lastIndexOf(',');
    if (lastComma > 0) attempts.push(closeTruncated(json.slice(0, lastComma)));
  }
  for (const attempt of attempts) {
    try {
      return { value: JSON.parse(attempt), repaired: true };
    } catch {
      // next attempt
    }
  }
  return null;
}

/** Parses a model's answer against `schema`, repairing common JSON mistakes first. Never throws. */
export function tryParseStructuredOutput<T>(text: string, schema: z.ZodType<T>): StructuredOutputResult<T> {
  const parsed = parseLoose(text);
  if (!parsed) return { ok: false, error: 'the answer contains no parsable JSON' };
  const checked = schema.safeParse(parsed.value);
  if (!checked.success) {
    const issues = checked.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    return { ok: false, error: `the JSON does not match the expected shape (${issues.join('; ')})` };
  }
  return { ok: true, value: checked.data, repaired: parsed.repaired };
}

/** Like tryParseStructuredOutput, but a failure is an `invalid_model_output` LlmError. */
export function parseStructuredOutput<T>(text: string, schema: z.ZodType<T>, provider?: string): T {
  const result = tryParseStructuredOutput(text, schema);
  if (result.ok) return result.value;
  throw new LlmError('invalid_model_output', `Model output is not valid: ${result.error}`, { provider, raw: text.slice(0, 500) });
}
