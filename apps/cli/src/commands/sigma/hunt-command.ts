import { isPlainObject, parseFieldSpec, type MatchOptions } from '@huntforge/sigma';
import type { InputSummary, TelemetryEvent } from '@huntforge/telemetry';
import { startProgress } from '../../progress';
import { readInputs } from './event-inputs';
import { evaluationPipeline } from './evaluation-pipeline';
import { loadRules, readPlaceholders, type LoadedFile } from './load-rules';
import type { CommandResult } from './validate-command';

export const HUNT_LEVELS = ['informational', 'low', 'medium', 'high', 'critical'] as const;
export type HuntLevel = (typeof HUNT_LEVELS)[number];

export interface HuntOptions {
  events: string[];
  format: 'table' | 'csv' | 'json';
  /** Only events at or after this time (ISO-8601). */
  from?: string;
  /** Only events before this time (ISO-8601). */
  to?: string;
  /** Only rules of this level or above. */
  level?: HuntLevel;
  placeholders?: string;
  /** `--pipeline` values (names or files) and their `--pipeline-arg`s. */
  pipeline?: string[];
  pipelineArg?: string[];
}

/** One rule firing on one event, as a hunt lists it. */
export interface Detection {
  time: string | null;
  computer: string | null;
  rule: string;
  id: string | null;
  level: string | null;
  file: string;
  /** The event's number across the inputs (0-based) and the input it came from. */
  event: number;
  input: string;
  /** The event's values of the fields the rule names. */
  fields: Record<string, unknown>;
  /** A correlation's group, when the detection is a correlation firing. */
  group?: Record<string, unknown>;
}

/**
 * `huntforge sigma hunt RULES --events FILE...`: every detection of the rules over the events, in
 * time order, with the machine, the rule's title and level and the fields that matched (like
 * Chainsaw's hunt or Hayabusa's timeline). Rule files that cannot run are listed as warnings.
 */
export async function runHunt(paths: readonly string[], options: HuntOptions): Promise<CommandResult> {
  const from = parseTime(options.from, '--from');
  const to = parseTime(options.to, '--to');
  const minimum = options.level ? HUNT_LEVELS.indexOf(options.level) : 0;
  const matchOptions: MatchOptions = options.placeholders ? { placeholders: readPlaceholders(options.placeholders) } : {};
  const { files, engine, owner } = loadRules(paths, matchOptions, evaluationPipeline(options.pipeline, options.pipelineArg));
  const wanted = (doc: Record<string, unknown>): boolean =>
    HUNT_LEVELS.indexOf(String(doc.level ?? 'informational') as HuntLevel) >= minimum;
  const inputs: InputSummary[] = [];
  const detections: Detection[] = [];
  let outOfRange = 0;
  const progress = startProgress({ label: 'hunting', noun: 'events' });
  try {
    for await (const batch of readInputs(options.events, inputs))
      for (const { index, input, event } of batch) {
        progress.advance();
        const millis = event.time ? Date.parse(event.time) : NaN;
        if ((from !== null || to !== null) && (Number.isNaN(millis) || (from !== null && millis < from) || (to !== null && millis >= to))) {
          outOfRange++;
          continue;
        }
        const { matched, alerts } = engine.process(event.fields, Number.isNaN(millis) ? 0 : millis, event.source);
        for (const rule of matched) {
          const file = owner.get(rule.doc) as LoadedFile;
          if (file.error || !wanted(rule.doc)) continue;
          detections.push(detection(rule.doc, file, index, input, event));
        }
        for (const alert of alerts) {
          const file = owner.get(alert.doc) as LoadedFile;
          if (file.error || !wanted(alert.doc)) continue;
          detections.push({ ...detection(alert.doc, file, index, input, event), fields: {}, group: alert.group });
        }
      }
  } finally {
    progress.finish();
  }
  detections.sort((left, right) => (left.time ?? '\uffff').localeCompare(right.time ?? '\uffff') || left.event - right.event);
  const broken = files.filter((file) => file.error).map((file) => `${file.file}: cannot run: ${file.error}`);
  const warnings = [...broken, ...engine.warnings, ...inputs.flatMap((input) => input.problems)];
  const events = inputs.reduce((sum, input) => sum + input.events, 0);
  const summary = { rules: files.length, events, detections: detections.length, skipped_out_of_range: outOfRange };
  if (options.format === 'json') {
    const inputList = inputs.map(({ path, events: count, container }) => ({ path, events: count, container }));
    return { output: `${JSON.stringify({ detections, inputs: inputList, summary, warnings }, null, 2)}\n`, exitCode: 0 };
  }
  if (options.format === 'csv') {
    const rows = detections.map((hit) => [
      hit.time ?? '',
      hit.computer ?? '',
      hit.level ?? '',
      hit.rule,
      hit.id ?? '',
      String(hit.event),
      hit.input,
      JSON.stringify(hit.group ?? hit.fields),
    ]);
    return {
      output: `${[['time', 'computer', 'level', 'rule', 'id', 'event', 'input', 'fields'], ...rows].map((row) => row.map(csvCell).join(',')).join('\n')}\n`,
      exitCode: 0,
    };
  }
  return { output: table(detections, warnings, summary), exitCode: 0 };
}

function detection(doc: Record<string, unknown>, file: LoadedFile, index: number, input: InputSummary, event: TelemetryEvent): Detection {
  const fields: Record<string, unknown> = {};
  for (const name of ruleFields(doc)) if (name in event.fields) fields[name] = event.fields[name];
  return {
    time: event.time,
    computer: event.computer,
    rule: String(doc.title ?? ''),
    id: typeof doc.id === 'string' ? doc.id : null,
    level: typeof doc.level === 'string' ? doc.level : null,
    file: file.file,
    event: index,
    input: input.path,
    fields,
  };
}

/** The field names a rule's detection tests. */
function ruleFields(doc: Record<string, unknown>): string[] {
  const names = new Set<string>();
  const detection = isPlainObject(doc.detection) ? doc.detection : {};
  for (const [name, body] of Object.entries(detection)) {
    if (name === 'condition' || name === 'timeframe') continue;
    for (const map of Array.isArray(body) ? body : [body]) {
      if (!isPlainObject(map)) continue;
      for (const key of Object.keys(map)) {
        const { field } = parseFieldSpec(key);
        if (field) names.add(field);
      }
    }
  }
  return [...names];
}

function parseTime(value: string | undefined, option: string): number | null {
  if (value === undefined) return null;
  const millis = Date.parse(value);
  if (Number.isNaN(millis)) throw new Error(`${option} ${value}: not a time (use ISO-8601, e.g. 2025-01-31T00:00:00Z)`);
  return millis;
}

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function table(
  detections: readonly Detection[],
  warnings: readonly string[],
  summary: { rules: number; events: number; detections: number; skipped_out_of_range: number },
): string {
  const rows = detections.map((hit) => [
    hit.time ?? '-',
    hit.computer ?? '-',
    hit.level ?? '-',
    hit.rule,
    Object.entries(hit.group ?? hit.fields)
      .map(([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
      .join(' ')
      .slice(0, 160),
  ]);
  const header = ['time', 'computer', 'level', 'rule', 'matched fields'];
  const widths = header.map((title, column) =>
    Math.min(column === 4 ? 160 : 60, Math.max(title.length, ...rows.map((row) => (row[column] as string).length))),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.slice(0, widths[column]).padEnd(widths[column] as number)))
      .join('  ')
      .trimEnd();
  const out = [...warnings.map((warning) => `warning: ${warning}`)];
  if (rows.length > 0) out.push(line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line));
  const skipped = summary.skipped_out_of_range > 0 ? `, ${summary.skipped_out_of_range} outside the time range` : '';
  out.push(`${summary.detections} detections, ${summary.rules} rules, ${summary.events} events${skipped}`);
  return `${out.join('\n')}\n`;
}
