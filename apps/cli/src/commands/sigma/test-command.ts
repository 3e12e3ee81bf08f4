import { eventTime, type MatchOptions } from '@huntforge/sigma';
import type { InputSummary } from '@huntforge/telemetry';
import { evaluationPipeline } from './evaluation-pipeline';
import { readInputs } from './event-inputs';
import { loadRules, readPlaceholders, type LoadedFile, type RuleTransform } from './load-rules';
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
  /** Event files, read in this order; event numbers count on across them. */
  events: string[];
  format: 'text' | 'json';
  /** A JSON file `{"name": ["value", …]}` with the values of `%name%` placeholders for `|expand`. */
  placeholders?: string;
  /** The event field holding its time (ISO-8601 or epoch seconds), for correlation rules; default: the time the reader found, else `timestamp`. */
  timeField?: string;
  /** Processing pipelines applied to every rule before it is compiled. */
  transform?: RuleTransform;
  /** `--pipeline` values (names or files) and their `--pipeline-arg`s, read into `transform` when it is unset. */
  pipeline?: string[];
  pipelineArg?: string[];
}

/**
 * `huntforge sigma test RULES --events FILE...`: which rules match which events (0-based, counting
 * on across the inputs in the order given), and which correlation rules fire after which events.
 * Every rule file is listed; a file that cannot run is reported with its error and exit code 1.
 */
export async function runTest(paths: readonly string[], options: TestOptions): Promise<CommandResult> {
  const matchOptions: MatchOptions = options.placeholders ? { placeholders: readPlaceholders(options.placeholders) } : {};
  const { files, engine, owner } = loadRules(
    paths,
    matchOptions,
    options.transform ?? evaluationPipeline(options.pipeline, options.pipelineArg),
  );
  const reports = new Map<LoadedFile, RuleReport>(
    files.map((file) => [
      file,
      {
        file: file.file,
        titles: file.docs.map((doc) => String(doc.title ?? '')),
        matches: [],
        ...(file.error ? { error: file.error } : {}),
      },
    ]),
  );
  const inputs: InputSummary[] = [];
  for await (const batch of readInputs(options.events, inputs))
    for (const { index, input, event } of batch) {
      let time = 0;
      if (engine.correlationCount > 0) {
        const read = options.timeField
          ? eventTime(event.fields, options.timeField)
          : (timeOf(event.time) ?? eventTime(event.fields, 'timestamp'));
        if (read === null)
          throw new Error(
            `${input.path}, event ${input.events}: correlation rules need the event time in "${options.timeField ?? 'timestamp'}" (ISO-8601 or epoch seconds); see --time-field`,
          );
        time = read;
      }
      const { matched, alerts } = engine.process(event.fields, time, event.source);
      if (matched.length === 0 && alerts.length === 0) continue;
      const touched = new Set<RuleReport>();
      for (const rule of matched) touched.add(reports.get(owner.get(rule.doc) as LoadedFile) as RuleReport);
      for (const alert of alerts) {
        const report = reports.get(owner.get(alert.doc) as LoadedFile) as RuleReport;
        touched.add(report);
        (report.alerts ??= []).push({ line: index, rule: alert.rule, group: alert.group, count: alert.count, value: alert.value });
      }
      touched.forEach((report) => {
        if (!report.error) report.matches.push(index);
      });
    }

  const all = [...reports.values()];
  const exitCode = all.some((report) => report.error) ? 1 : 0;
  const events = inputs.reduce((sum, input) => sum + input.events, 0);
  if (options.format === 'json') {
    const results = all.map(({ titles: _titles, ...report }) => report);
    const inputList = inputs.map(({ path, events: count, container, problems }) => ({
      path,
      events: count,
      container,
      ...(problems.length > 0 ? { problems } : {}),
    }));
    return { output: `${JSON.stringify({ results, inputs: inputList, warnings: engine.warnings }, null, 2)}\n`, exitCode };
  }
  const lines = [
    ...engine.warnings.map((warning) => `warning: ${warning}`),
    ...inputs.flatMap((input) => input.problems.map((problem) => `warning: ${problem}`)),
    ...all.flatMap((report) => {
      if (report.error) return [`${report.file}: cannot run: ${report.error}`];
      const alerts = (report.alerts ?? []).map(
        (alert) =>
          `  event ${alert.line}: ${alert.rule} fires for ${JSON.stringify(alert.group)}${alert.count !== undefined ? ` (count ${alert.count})` : ''}${alert.value !== undefined ? ` (value ${alert.value})` : ''}`,
      );
      if (report.matches.length === 0) return [];
      return [`${report.file}: ${report.titles.join(' + ')} matches event(s) ${report.matches.join(', ')}`, ...alerts];
    }),
  ];
  const matching = all.filter((report) => report.matches.length > 0).length;
  lines.push(`${all.length} rules, ${events} events, ${matching} rules matched`);
  return { output: `${lines.join('\n')}\n`, exitCode };
}

function timeOf(iso: string | null): number | null {
  if (!iso) return null;
  const millis = Date.parse(iso);
  return Number.isNaN(millis) ? null : millis;
}
