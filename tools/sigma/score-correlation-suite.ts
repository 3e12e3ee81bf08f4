// Scores the correlation engine on an external suite of correlation cases (JSON Lines, one case per
// line: rules, time_field, events, expect, checked_events, expect_mode).
// Usage: npx tsx tools/sigma/score-correlation-suite.ts [../shared/external-suites/sigma-eval/correlation.jsonl]
import { readFileSync } from 'node:fs';
import { CorrelationEngine, eventTime, loadRuleDocuments, type CorrelationAlert } from '@huntforge/sigma';

interface Expected {
  after_event: number;
  rule: string;
  group?: Record<string, unknown>;
  count?: number;
  value?: number;
}
interface Case {
  id: string;
  rules: string[];
  time_field: string;
  events: Array<Record<string, unknown>>;
  expect: Expected[];
  checked_events: number[];
  expect_mode: 'exact' | 'includes';
}

const path = process.argv[2] ?? '../shared/external-suites/sigma-eval/correlation.jsonl';
const cases = readFileSync(path, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Case);

const fits = (alert: CorrelationAlert, expected: Expected): boolean =>
  alert.rule === expected.rule &&
  (expected.group === undefined || JSON.stringify(alert.group) === JSON.stringify(expected.group)) &&
  (expected.count === undefined || alert.count === expected.count) &&
  (expected.value === undefined || alert.value === expected.value);

let agreed = 0;
for (const suiteCase of cases) {
  const problems: string[] = [];
  try {
    const engine = new CorrelationEngine(suiteCase.rules.flatMap(loadRuleDocuments));
    const emitted = suiteCase.events.map((event) => engine.process(event, eventTime(event, suiteCase.time_field) ?? 0).alerts);
    for (const index of suiteCase.checked_events) {
      const expected = suiteCase.expect.filter((entry) => entry.after_event === index);
      const got = emitted[index] ?? [];
      const missing = expected.filter((entry) => !got.some((alert) => fits(alert, entry)));
      const extra = suiteCase.expect_mode === 'exact' ? got.filter((alert) => !expected.some((entry) => fits(alert, entry))) : [];
      if (missing.length > 0 || extra.length > 0)
        problems.push(`after event ${index}: missing ${JSON.stringify(missing)}, unexpected ${JSON.stringify(extra)}`);
    }
  } catch (error) {
    problems.push(`engine refused the rules: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (problems.length === 0) agreed++;
  else console.log(`disagree ${suiteCase.id}: ${problems.join('; ')}`);
}
console.log(`sigma-correlation: ${agreed}/${cases.length} cases agree`);
process.exitCode = agreed === cases.length ? 0 : 1;
