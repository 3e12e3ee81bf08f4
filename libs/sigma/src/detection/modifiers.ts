/** Value modifiers of the Sigma specification (v2), by role. */
export const MATCH_MODIFIERS = ['contains', 'startswith', 'endswith'] as const;
export const ENCODING_MODIFIERS = ['utf16le', 'utf16be', 'utf16', 'wide'] as const;
export const BASE64_MODIFIERS = ['base64', 'base64offset'] as const;
export const REGEX_FLAGS = ['i', 'm', 's'] as const;
export const COMPARE_MODIFIERS = ['lt', 'lte', 'gt', 'gte'] as const;
export const TIME_MODIFIERS = ['minute', 'hour', 'day', 'week', 'month', 'year'] as const;
const OTHER_MODIFIERS = ['all', 'windash', 're', 'cidr', 'exists', 'expand', 'fieldref', 'cased', 'neq'] as const;

export const KNOWN_MODIFIERS: ReadonlySet<string> = new Set<string>([
  ...MATCH_MODIFIERS,
  ...ENCODING_MODIFIERS,
  ...BASE64_MODIFIERS,
  ...REGEX_FLAGS,
  ...COMPARE_MODIFIERS,
  ...TIME_MODIFIERS,
  ...OTHER_MODIFIERS,
]);

/** `Field|mod1|mod2` split into its field (null for keyword lists) and modifier chain. */
export interface FieldSpec {
  field: string | null;
  modifiers: string[];
}

export function parseFieldSpec(key: string): FieldSpec {
  const [field, ...modifiers] = key.split('|');
  return { field: field === '' ? null : (field ?? null), modifiers };
}
