import type { EvalSubagent } from '@huntforge/contracts/workflow';

/**
 * The comparable items of one agent output (`{items, count}`): process pairs as `parent -> child`,
 * every other item by its value; for the Sigma generator, the atoms of its rules. Anything that is not an agent output yields no items.
 */
export function actualItems(output: unknown, subagent: EvalSubagent): string[] {
  // A Sigma evaluation's output lists the generated rules' atoms.
  if (subagent === 'sigma') {
    const atoms = (output as { atoms?: unknown } | null)?.atoms;
    return Array.isArray(atoms) ? atoms.filter((atom): atom is string => typeof atom === 'string') : [];
  }
  const items = (output as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item) => {
    const o = (item ?? {}) as Record<string, unknown>;
    if (subagent === 'process_lineage') {
      return typeof o['parent'] === 'string' && typeof o['child'] === 'string' ? [`${o['parent']} -> ${o['child']}`] : [];
    }
    return typeof o['value'] === 'string' ? [o['value']] : [];
  });
}
