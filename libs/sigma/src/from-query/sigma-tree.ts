/**
 * A query's condition in Sigma's terms: comparisons of Sigma taxonomy fields (Image, CommandLine, TargetFilename,
 * eventName…) under a modifier, joined by and, or and not. Values are plain text; `wildcard` values hold `*` and `?`.
 */
export type SigmaModifier = 'eq' | 'contains' | 'startswith' | 'endswith' | 'wildcard' | 're' | 'cidr' | 'lt' | 'lte' | 'gt' | 'gte';

export type SigmaNode =
  | { kind: 'cmp'; field: string; modifier: SigmaModifier; values: string[] }
  | { kind: 'and'; children: SigmaNode[] }
  | { kind: 'or'; children: SigmaNode[] }
  | { kind: 'not'; child: SigmaNode };

/** A pattern as the least modifier that says it: `*a*` contains a, `a*` starts with a, `*a` ends with it. */
export function reduced(pattern: string): { modifier: SigmaModifier; value: string } {
  const collapsed = pattern.replace(/\*{2,}/g, '*');
  if (!/[*?]/.test(collapsed)) return { modifier: 'eq', value: collapsed };
  const inner = collapsed.replace(/^\*/, '').replace(/\*$/, '');
  if (/[*?]/.test(inner) || inner === '') return { modifier: 'wildcard', value: collapsed };
  const leading = collapsed.startsWith('*');
  const trailing = collapsed.endsWith('*');
  return { modifier: leading && trailing ? 'contains' : leading ? 'endswith' : 'startswith', value: inner };
}
