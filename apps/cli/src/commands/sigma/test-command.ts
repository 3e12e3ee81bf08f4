import { readFileSync } from 'node:fs';
import { CorrelationEngine, eventTime, loadRuleDocuments, RuleCompileError } from '@huntforge/sigma';
import { collectRuleFiles } from './rule-paths';
import type { CommandResult } from './validate-command';

interface AlertReport {
  line: number;
  rule: string;
  group: Record<string, unknown>;
  count?: number;
  value?: number;
}

interface RuleReport {
  file: string;
  titles: string[];
  matches: number[];
  alerts?: AlertReport[];
  error?: string;
}

export interface TestOptions {
  events: string;
  format: 'text' | 'json';
  /** A JSON file `{"name": ["value", …]}` with the values of `%name%` placeholders for `|expand`. */
  placeholders?: string;
  /** The event field holding its time (ISO-8601 or epoch seconds), needed by correlation rules. */
  timeField?: string;
}

/**
 * `huntforge sigma test RULES --events events.jsonl`: which rules match which events (0-based line
 * numbers), and which correlation rules fire after which events. Every rule file is listed; a file
 * that cannot run is reported with its error and exit code 1.
 */
export function runTest(paths: readonly string[], options: TestOptions): CommandResult {
  const events = readEvents(options.events);
  const placeholders = options.placeholders ? readPlaceholders(options.placeholders) : undefined;
  const reports: RuleReport[] = [];
  const owner = new Map<Record<string, unknown>, RuleReport>();
  const documents: Array<Record<string, unknown>> = [];
  for (const file of collectRuleFiles(paths)) {
    try {
      const docs = loadRuleDocuments(readFileSync(file, 'utf8'));
      new CorrelationEngine(docs, { placeholders }); // compiles the file alone, so one bad file spoils nothing else
      const report: RuleReport = { file, titles: docs.map((doc) => String(doc.title ?? '')), matches: [] };
      docs.forEach((doc) => owner.set(doc, report));
      documents.push(...docs);
      reports.push(report);
    } catch (error) {
      if (!(error instanceof RuleCompileError)) throw error;
      reports.push({ file, titles: [], matches: [], error: `${error.message}${error.path ? ` (at ${error.path})` : ''}` });
    }
  }

  const engine = new CorrelationEngine(documents, { placeholders });
  const timeField = options.timeField ?? 'timestamp';
  for (const { line, event } of events) {
    let time = 0;
    if (engine.correlationCount > 0) {
      const read = eventTime(event, timeField);
      if (read === null) throw new Error(`${options.events}, line ${line + 1}: correlation rules need the event time in "${timeField}" (ISO-8601 or epoch seconds); see --time-field`);
      time = read;
    }
    const { matched, alerts } = engine.process(event, time);
    const touched = new Set<RuleReport>();
    for (const rule of matched) touched.add(owner.get(rule.doc) as RuleReport);
    for (const alert of alerts) {
      const report = owner.get(alert.doc) as RuleReport;
      touched.add(report);
      (report.alerts ??= []).push({ line, rule: alert.rule, group: alert.group, count: alert.count, value: alert.value });
    }
    touched.forEach((report) => report.matches.push(line));
  }

  const exitCode = reports.some((report) => report.error) ? 1 : 0;
  if (options.format === 'json') {
    const results = reports.map(({ titles: _titles, ...report }) => report);
    return { output: `${JSON.stringify({ results, warnings: engine.warnings }, null, 2)}\n`, exitCode };
  }
  const lines = [
    ...engine.warnings.map((warning) => `warning: ${warning}`),
    ...reports.flatMap((report) => {
      if (report.error) return [`${report.file}: cannot run: ${report.error}`];
      const alerts = (report.alerts ?? []).map(
        (alert) => `  line ${alert.line}: ${alert.rule} fires for ${JSON.stringify(alert.group)}${alert.count !== undefined ? ` (count ${alert.count})` : ''}${alert.value !== undefined ? ` (value ${alert.value})` : ''}`,
      );
      if (report.matches.length === 0) return [];
      return [`${report.file}: ${report.titles.join(' + ')} matches event line(s) ${report.matches.join(', ')}`, ...alerts];
    }),
  ];
  const matching = reports.filter((report) => report.matches.length > 0).length;
  lines.push(`${reports.length} rules, ${events.length} events, ${matching} rules matched`);
  return { output: `${lines.join('\n')}\n`, exitCode };
}

function readEvents(path: string): Array<{ line: number; event: Record<string, unknown> }> {
  return readFileSync(path, 'utf8')
    .split('\n')
    .flatMap((text, line) => {
      if (text.trim() === '') return [];
      let event: unknown;
      try {
        event = JSON.parse(text);
      } catch (error) {
        throw new Error(`${path}, line ${line + 1}: not JSON (${error instanceof Error ? error.message : String(error)})`);
      }
      if (typeof event !== 'object' || event === null || Array.isArray(event)) {
        throw new Error(`${path}, line ${line + 1}: an event must be a JSON object`);
      }
      return [{ line, event: event as Record<string, unknown> }];
    });
}

function readPlaceholders(path: string): Record<string, string[]> {
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const valid =
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.values(parsed).every((values) => Array.isArray(values) && values.every((value) => typeof value === 'string'));
  if (!valid) throw new Error(`${path}: placeholders must be a JSON object of string lists`);
  return parsed as Record<string, string[]>;
}
