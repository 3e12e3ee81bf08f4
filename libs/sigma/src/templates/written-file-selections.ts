import type { SigmaFieldMap } from '@huntforge/contracts/sigma';

const FOLDER = 'TargetFilename|contains';
const ENDING = 'TargetFilename|endswith';

/**
 * File-event selections with the same fields but the ending merged into one per folder: `:\Users\Public\` with `.exe`
 * and the same folder with `.dll` is one selection ending in either, as an engineer writes it. Other selections kept.
 */
export function mergedByFolder(selections: readonly SigmaFieldMap[]): SigmaFieldMap[] {
  const merged = new Map<string, SigmaFieldMap>();
  for (const selection of selections) {
    const fields = Object.keys(selection).sort();
    const ending = selection[ENDING];
    const mergeable = typeof ending === 'string' || Array.isArray(ending);
    const key = mergeable
      ? JSON.stringify(fields.filter((field) => field !== ENDING).map((field) => [field, selection[field]]))
      : `${merged.size}|${JSON.stringify(selection)}`;
    const held = merged.get(key);
    if (!held || !mergeable || !(FOLDER in selection)) {
      merged.set(held ? `${key}|${merged.size}` : key, selection);
      continue;
    }
    const endings = [...new Set([...asList(held[ENDING]), ...asList(ending)])];
    merged.set(key, { ...held, [ENDING]: endings.length === 1 ? (endings[0] as string) : endings });
  }
  return [...merged.values()];
}

const asList = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');
