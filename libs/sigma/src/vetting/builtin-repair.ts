import type { FindingId } from '../findings';

const BAD_TAG_FINDINGS: ReadonlySet<string> = new Set<FindingId>([
  'unknown_attack_technique',
  'unknown_attack_tactic',
  'invalid_tag',
  'duplicate_tag',
]);

/**
 * The builtin repair: deterministic fixes for findings a rule can carry that need no judgement (a tag
 * not in the ATT&CK data, a bad date). Returns the repaired document, or null when nothing applied, so
 * the rule stays invalid and is recorded as such. A title is never cut: a reviewer would have to rewrite it.
 */
export function repairRule(
  rule: Record<string, unknown>,
  findings: ReadonlyArray<{ id: string; path: string }>,
  today: Date,
): Record<string, unknown> | null {
  const repaired = { ...rule };
  let changed = false;
  const badTagIndexes = new Set(
    findings
      .filter((f) => BAD_TAG_FINDINGS.has(f.id))
      .map((f) => Number(/^tags\.(\d+)$/.exec(f.path)?.[1]))
      .filter((index) => Number.isInteger(index)),
  );
  if (badTagIndexes.size > 0 && Array.isArray(repaired['tags'])) {
    repaired['tags'] = (repaired['tags'] as unknown[]).filter((_, index) => !badTagIndexes.has(index));
    changed = true;
  }
  if (findings.some((f) => f.id === 'invalid_date')) {
    repaired['date'] = today.toISOString().slice(0, 10);
    changed = true;
  }
  return changed ? repaired : null;
}
