/** A rule as the workflow records it on the execution (generated or publisher-authored); read defensively. */
export interface StoredRule {
  source: string;
  title: string | null;
  yaml: string;
  maxSimilarity: number | null;
  queueOutcome: string | null;
  queueId: number | null;
  /** Whether the rule fires on the telemetry of the observables it was made from (null: not tested). */
  selfTest: { fires: boolean; firedOn: string[]; events: number; baseline: { fires: number; events: number; examples: string[] } | null } | null;
  /** Reference rules that already detect what this rule fires on. */
  coveredBy: Array<{ ruleId: string; title: string }>;
}

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

function baselineOf(baseline: Record<string, unknown>): { fires: number; events: number; examples: string[] } | null {
  if (typeof baseline['fires'] !== 'number' || typeof baseline['events'] !== 'number') return null;
  const examples = Array.isArray(baseline['examples']) ? baseline['examples'].filter((entry): entry is string => typeof entry === 'string') : [];
  return { fires: baseline['fires'], events: baseline['events'], examples };
}

function coveredByOf(value: unknown): StoredRule['coveredBy'] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const rule = record(entry);
    return typeof rule['rule_id'] === 'string' && typeof rule['title'] === 'string' ? [{ ruleId: rule['rule_id'], title: rule['title'] }] : [];
  });
}

export function storedRuleOf(value: unknown): StoredRule {
  const rule = record(value);
  const similarity = record(rule['similarity']);
  const queue = record(rule['queue']);
  const selfTest = record(rule['self_test']);
  return {
    source: typeof rule['source'] === 'string' ? rule['source'] : 'generated',
    title: typeof rule['title'] === 'string' ? rule['title'] : null,
    yaml: typeof rule['yaml'] === 'string' ? rule['yaml'] : typeof rule['rule_yaml'] === 'string' ? rule['rule_yaml'] : JSON.stringify(value, null, 2),
    maxSimilarity: typeof similarity['max_similarity'] === 'number' ? similarity['max_similarity'] : null,
    queueOutcome: typeof queue['outcome'] === 'string' ? queue['outcome'] : null,
    queueId: typeof queue['queue_id'] === 'number' ? queue['queue_id'] : null,
    selfTest:
      typeof selfTest['fires'] === 'boolean'
        ? {
            fires: selfTest['fires'],
            firedOn: Array.isArray(selfTest['fired_on']) ? selfTest['fired_on'].filter((entry): entry is string => typeof entry === 'string') : [],
            events: typeof selfTest['events'] === 'number' ? selfTest['events'] : 0,
            baseline: baselineOf(record(selfTest['baseline'])),
          }
        : null,
    coveredBy: coveredByOf(rule['covered_by']),
  };
}
