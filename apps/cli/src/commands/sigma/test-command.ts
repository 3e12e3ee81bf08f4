import { readFileSync } from 'node:fs';
import { compileRule, RuleCompileError, type CompiledRule } from '@huntforge/sigma';
import { collectRuleFiles } from './rule-paths';
import type { CommandResult } from './validate-command';

interface RuleReport {
  file: string;
  title: string;
  matches: number[];
  error?: string;
}

export interface TestOptions {
  events: string;
  format: 'text' | 'json';
  /** A JSON file `{"name": ["value", …]}` with the values of `%name%` placeholders for `|expand`. */
  placeholders?: string;
}

/**
 * `huntforge sigma test RULES --events events.jsonl`: which rules match which events (0-based line numbers).
 * Every rule file is listed; a rule that cannot run is reported with its error and exit code 1.
 */
export function runTest(paths: readonly string[], options: TestOptions): CommandResult {
  const events = readEvents(options.events);
  const placeholders = options.placeholders ? readPlaceholders(options.placeholders) : undefined;
  const reports: RuleReport[] = collectRuleFiles(paths).map((file) => {
    let rule: CompiledRule;
    try {
      rule = compileRule(readFileSync(file, 'utf8'), { placeholders });
    } catch (error) {
      if (!(error instanceof RuleCompileError)) throw error;
      return { file, title: '', matches: [], error: `${error.message}${error.path ? ` (at ${error.path})` : ''}` };
    }
    const matches = events.flatMap(({ line, event }) => (rule.matches(event) ? [line] : []));
    return { file, title: rule.title, matches };
  });
  const exitCode = reports.some((report) => report.error) ? 1 : 0;
  if (options.format === 'json') {
    return { output: `${JSON.stringify({ results: reports.map(({ title: _title, ...report }) => report) }, null, 2)}\n`, exitCode };
  }
  const lines = reports.flatMap((report) => {
    if (report.error) return [`${report.file}: cannot run: ${report.error}`];
    return report.matches.length > 0 ? [`${report.file}: ${report.title} matches event line(s) ${report.matches.join(', ')}`] : [];
  });
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
