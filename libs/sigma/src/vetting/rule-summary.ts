/** What lists show of a rule: its title, level, tags and the telemetry it reads. Read from the loaded document. */
export interface RuleSummary {
  title: string | null;
  level: string | null;
  tags: string[];
  /** The logsource's category, else its service, else its product. */
  telemetryClass: string | null;
}

export function ruleSummary(rule: Record<string, unknown> | null): RuleSummary {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const logsource = rule?.['logsource'];
  const source = logsource && typeof logsource === 'object' ? (logsource as Record<string, unknown>) : {};
  return {
    title: text(rule?.['title']),
    level: text(rule?.['level']),
    tags: Array.isArray(rule?.['tags']) ? (rule['tags'] as unknown[]).filter((tag): tag is string => typeof tag === 'string') : [],
    telemetryClass: text(source['category']) ?? text(source['service']) ?? text(source['product']),
  };
}
