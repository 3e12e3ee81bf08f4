import { redactSecrets } from '@huntforge/platform';

const SECRET_KEY = /(token|secret|password|passwd|api[_-]?key|authorization|credential|private[_-]?key|cookie)/i;

/** The marker of a value under a secret-sounding key; the same text the platform's redaction writes. */
export const REDACTED = '[redacted]';
const MAX_STRING = 2_000;

/**
 * PostgreSQL text and jsonb cannot hold NUL (22P05): written as the six characters `\u0000` so the audit shows
 * what was sent instead of failing to be written.
 */
export function escapeNul(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '\\u0000') : text;
}

/**
 * A free text (a tool name, an error message) as the audit stores it: NUL escaped, and anything shaped like a
 * credential masked by the platform's one list of credential shapes (the logs and relayed upstream errors use it too).
 */
export function redactText(text: string): string {
  return redactSecrets(escapeNul(text), []);
}

/** Tool arguments as the audit stores them: secrets out, long texts cut (the full text is not evidence). */
export function redactArguments(value: unknown, depth = 0): unknown {
  if (depth > 8) return '[too deep]';
  if (typeof value === 'string') {
    const masked = redactText(value);
    return masked.length > MAX_STRING ? `${masked.slice(0, MAX_STRING)}… [${masked.length} characters]` : masked;
  }
  if (Array.isArray(value)) return value.slice(0, 100).map((item) => redactArguments(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [
        escapeNul(key),
        SECRET_KEY.test(key) ? REDACTED : redactArguments(item, depth + 1),
      ]),
    );
  }
  return value;
}
