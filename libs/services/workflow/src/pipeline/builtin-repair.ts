import { dump, load } from 'js-yaml';

/**
 * The builtin repair for the builtin templates' rules: deterministic fixes for the findings a template can
 * cause (a tag not in the ATT&CK data, an over-long title, a bad date). Anything else is returned unchanged,
 * so the rule stays invalid and is recorded as such after the attempts run out.
 */
export function builtinRepair(yaml: string, findings: Array<{ id: string; path: string }>, today: Date): string {
  let rule: Record<string, unknown>;
  try {
    const parsed = load(yaml);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return yaml;
    rule = { ...(parsed as Record<string, unknown>) };
  } catch {
    return yaml;
  }
  let changed = false;
  const badTagIndexes = new Set(
    findings
      .filter((f) => ['unknown_attack_technique', 'unknown_attack_tactic', 'invalid_tag', 'duplicate_tag'].includes(f.id))
      .map((f) => Number(/^tags\.(\d+)$/.exec(f.path)?.[1]))
      .filter((index) => Number.isInteger(index)),
  );
  if (badTagIndexes.size > 0 && Array.isArray(rule['tags'])) {
    rule['tags'] = (rule['tags'] as unknown[]).filter((_, index) => !badTagIndexes.has(index));
    changed = true;
  }
  if (findings.some((f) => f.id === 'title_too_long') && typeof rule['title'] === 'string') {
    rule['title'] = `${(rule['title'] as string).slice(0, 250).trimEnd()}…`;
    changed = true;
  }
  if (findings.some((f) => f.id === 'invalid_date')) {
    rule['date'] = today.toISOString().slice(0, 10);
    changed = true;
  }
  return changed ? dump(rule, { lineWidth: -1, noRefs: true, sortKeys: false }) : yaml;
}
