const MAX_TEXT = 500;
const MAX_DEPTH = 6;

/**
 * An event as a backtest shows it: the fields as the rule saw them, with long text (command lines,
 * scripts, encoded blobs) shortened so a handful of matches stays a readable answer.
 */
export function eventExcerpt(fields: Record<string, unknown>): Record<string, unknown> {
  return shorten(fields, 0) as Record<string, unknown>;
}

function shorten(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}… (${value.length} characters)` : value;
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => shorten(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = shorten(item, depth + 1);
  return out;
}
