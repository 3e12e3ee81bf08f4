/** The modifier a leading/trailing `*` stands for, when the rest of the value has no wildcard. */
export function wildcardModifier(value: string): 'contains' | 'startswith' | 'endswith' | null {
  if (value.length < 2) return null;
  const leading = value.startsWith('*');
  const trailing = value.endsWith('*') && !value.endsWith('\\*');
  const inner = value.slice(leading ? 1 : 0, trailing ? -1 : undefined);
  if (inner === '' || /(?<!\\)[*?]/.test(inner)) return null;
  if (leading && trailing) return 'contains';
  if (leading) return 'endswith';
  if (trailing) return 'startswith';
  return null;
}
