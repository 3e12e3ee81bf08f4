import { CORE_SCHEMA, loadAll, YAMLException } from 'js-yaml';
import { isPlainObject } from '../parse/parse-rule';
import { RuleCompileError, type MatchOptions } from './compile-item';
import type { CompiledRule } from './compile-rule';
import { lookupField, type SigmaEvent } from './event-fields';
import type { EventSource } from './event-source';
import { addGatedRule } from './gated-rules';
import { RuleSet } from './rule-set';

export type CorrelationType = 'event_count' | 'value_count' | 'value_sum' | 'value_avg' | 'temporal' | 'temporal_ordered';
const TYPES: readonly CorrelationType[] = ['event_count', 'value_count', 'value_sum', 'value_avg', 'temporal', 'temporal_ordered'];
const OPERATORS = ['gt', 'gte', 'lt', 'lte', 'eq', 'neq'] as const;
type Operator = (typeof OPERATORS)[number];

/** One firing of a correlation rule: on which group, with what count or value. */
export interface CorrelationAlert {
  /** The correlation rule's document as loaded. */
  doc: Record<string, unknown>;
  rule: string;
  id: string | null;
  name: string | null;
  group: Record<string, unknown>;
  count?: number;
  value?: number;
}

export interface EngineResult {
  /** Detection rules (by position among the loaded documents) that match the event. */
  matched: CompiledRule[];
  alerts: CorrelationAlert[];
}

interface Correlation {
  doc: Record<string, unknown>;
  title: string;
  id: string | null;
  name: string | null;
  type: CorrelationType;
  references: string[];
  groupBy: string[];
  /** alias → rule reference → field of that rule's events. */
  aliases: Record<string, Record<string, string>>;
  timespanMs: number;
  field: string | null;
  bounds: Array<[Operator, number]>;
  /** Per group key: the window's entries, oldest first. */
  windows: Map<string, Array<{ time: number; reference: string; value: unknown }>>;
}

/**
 * Runs detection rules and the correlation rules over them (Sigma v2.1: event_count, value_count,
 * value_sum, value_avg, temporal, temporal_ordered; group-by with aliases; correlations of
 * correlations). The window slides: it spans `timespan` back from the current event, per group; a
 * correlation fires on each event that leaves its condition true.
 */
export class CorrelationEngine {
  private readonly rules = new RuleSet<string[]>();
  private correlations: Correlation[] = [];
  /** Every key (id or name) of a loaded rule → all its keys, so an alias may name a rule either way. */
  private readonly sameRule = new Map<string, string[]>();
  /** Problems that do not stop the engine (a reference to a rule that was not loaded). */
  readonly warnings: string[] = [];

  /**
   * Compiles the documents. A document that cannot run throws RuleCompileError, unless `onRuleError`
   * is given: then it is reported there and left out, and the others still run.
   */
  constructor(
    documents: ReadonlyArray<Record<string, unknown>>,
    options: MatchOptions & { onRuleError?: (doc: Record<string, unknown>, error: RuleCompileError) => void } = {},
  ) {
    for (const doc of documents) {
      try {
        if (isPlainObject(doc.correlation)) this.correlations.push(readCorrelation(doc));
        else if (isPlainObject(doc.detection)) addGatedRule(this.rules, doc, referenceKeys(doc), options);
      } catch (error) {
        if (!(error instanceof RuleCompileError) || !options.onRuleError) throw error;
        options.onRuleError(doc, error);
      }
    }
    for (const doc of documents) {
      const keys = referenceKeys(doc);
      keys.forEach((key) => this.sameRule.set(key, keys));
    }
    const known = new Set(documents.flatMap(referenceKeys));
    for (const correlation of this.correlations) {
      const missing = correlation.references.filter((reference) => !known.has(reference));
      // Reported rather than refused: the other references still work, as in other engines.
      if (missing.length > 0)
        this.warnings.push(`correlation "${correlation.title}" refers to ${missing.join(', ')}, which no loaded rule has as id or name`);
    }
    this.correlations = dependencyOrder(this.correlations);
  }

  get correlationCount(): number {
    return this.correlations.length;
  }

  /**
   * Feeds one event at `time` (epoch milliseconds). With its source, only the rules of its logsource
   * run (see RuleSet); a rule compiled for several logs is reported once.
   */
  process(event: SigmaEvent, time: number, source?: EventSource | null): EngineResult {
    const matched = unique(this.rules.match(event, source));
    // Most events match nothing: they need no bookkeeping.
    if (matched.length === 0 || this.correlations.length === 0) return { matched: matched.map((entry) => entry.rule), alerts: [] };
    const fired = new Set(matched.flatMap((entry) => entry.meta));
    // The group of a correlation that fired on this event: a correlation over it groups by those values.
    const firedGroups = new Map<string, Record<string, unknown>>();
    const alerts: CorrelationAlert[] = [];
    // In dependency order, so a correlation of correlations sees what fired on this same event.
    for (const correlation of this.correlations) {
      const references = correlation.references.filter((reference) => fired.has(reference));
      if (references.length === 0) continue;
      const alert = this.update(correlation, references, event, time, firedGroups);
      if (!alert) continue;
      alerts.push(alert);
      referenceKeys(correlation.doc).forEach((key) => {
        fired.add(key);
        firedGroups.set(key, alert.group);
      });
    }
    return { matched: matched.map((entry) => entry.rule), alerts };
  }

  private update(
    correlation: Correlation,
    references: readonly string[],
    event: SigmaEvent,
    time: number,
    firedGroups: ReadonlyMap<string, Record<string, unknown>>,
  ): CorrelationAlert | null {
    const group: Record<string, unknown> = {};
    for (const name of correlation.groupBy) {
      const aliased = references
        .flatMap((reference) => this.sameRule.get(reference) ?? [reference])
        .map((key) => correlation.aliases[name]?.[key])
        .find((field) => field !== undefined);
      const field = aliased ?? name;
      const inner = references.map((reference) => firedGroups.get(reference)).find((values) => values && field in values);
      group[name] = inner ? inner[field] : (lookupField(event, field).values[0] ?? null);
    }
    const key = JSON.stringify(correlation.groupBy.map((name) => group[name]));
    const value = correlation.field ? (lookupField(event, correlation.field).values[0] ?? null) : null;
    const window = [...(correlation.windows.get(key) ?? []), ...references.map((reference) => ({ time, reference, value }))];
    const kept = window.filter((entry) => entry.time >= time - correlation.timespanMs && entry.time <= time);
    correlation.windows.set(key, kept);

    const measured = measure(correlation, kept);
    if (measured === null || !correlation.bounds.every(([operator, bound]) => compare(measured, operator, bound))) return null;
    const alert: CorrelationAlert = { doc: correlation.doc, rule: correlation.title, id: correlation.id, name: correlation.name, group };
    if (correlation.type === 'value_sum' || correlation.type === 'value_avg') alert.value = measured;
    else alert.count = measured;
    return alert;
  }
}

/** Correlations ordered so each comes after the correlations it refers to; a cycle is refused. */
function dependencyOrder(correlations: readonly Correlation[]): Correlation[] {
  const ordered: Correlation[] = [];
  const state = new Map<Correlation, 'visiting' | 'done'>();
  const visit = (correlation: Correlation): void => {
    if (state.get(correlation) === 'done') return;
    if (state.get(correlation) === 'visiting') {
      throw new RuleCompileError(`correlation "${correlation.title}" refers to itself through other correlations`, 'correlation.rules');
    }
    state.set(correlation, 'visiting');
    for (const other of correlations) {
      if (referenceKeys(other.doc).some((key) => correlation.references.includes(key))) visit(other);
    }
    state.set(correlation, 'done');
    ordered.push(correlation);
  };
  correlations.forEach(visit);
  return ordered;
}

function measure(correlation: Correlation, entries: ReadonlyArray<{ reference: string; value: unknown }>): number | null {
  switch (correlation.type) {
    case 'event_count':
      return entries.length;
    case 'value_count':
      return new Set(
        entries
          .map((entry) => entry.value)
          .filter((value) => value !== null && value !== undefined)
          .map(String),
      ).size;
    case 'value_sum':
    case 'value_avg': {
      const numbers = entries.map((entry) => Number(entry.value)).filter((number) => Number.isFinite(number));
      if (numbers.length === 0) return null;
      const sum = numbers.reduce((total, number) => total + number, 0);
      return correlation.type === 'value_sum' ? sum : sum / numbers.length;
    }
    case 'temporal':
      return new Set(entries.map((entry) => entry.reference)).size;
    case 'temporal_ordered': {
      // How far along the rule order the window's events go, in time order.
      let next = 0;
      for (const entry of entries) {
        if (next < correlation.references.length && correlation.references[next] === entry.reference) next++;
      }
      return next;
    }
  }
}

function compare(value: number, operator: Operator, bound: number): boolean {
  switch (operator) {
    case 'gt':
      return value > bound;
    case 'gte':
      return value >= bound;
    case 'lt':
      return value < bound;
    case 'lte':
      return value <= bound;
    case 'eq':
      return value === bound;
    case 'neq':
      return value !== bound;
  }
}

/** The names a rule can be referred to by: its id and its name. */
function referenceKeys(doc: Record<string, unknown>): string[] {
  return [doc.id, doc.name].filter((key): key is string => typeof key === 'string' && key !== '');
}

function readCorrelation(doc: Record<string, unknown>): Correlation {
  const body = doc.correlation as Record<string, unknown>;
  const title = typeof doc.title === 'string' ? doc.title : '';
  const fail = (message: string, path: string): never => {
    throw new RuleCompileError(`correlation "${title}": ${message}`, `correlation.${path}`);
  };
  const type = body.type as CorrelationType;
  if (!TYPES.includes(type)) fail(`type must be one of ${TYPES.join(', ')}`, 'type');
  const references = Array.isArray(body.rules) ? body.rules.filter((rule): rule is string => typeof rule === 'string') : [];
  if (references.length === 0) fail('rules must list the rules it correlates', 'rules');
  const groupBy =
    body['group-by'] === undefined
      ? []
      : Array.isArray(body['group-by'])
        ? body['group-by'].map(String)
        : fail('group-by must be a list', 'group-by');
  const timespanMs = parseTimespan(body.timespan ?? body.timeframe);
  if (timespanMs === null) fail('timespan must be a number with a unit (s, m, h, d, w), such as 5m', 'timespan');
  const condition = isPlainObject(body.condition) ? body.condition : type.startsWith('temporal') ? { gte: references.length } : null;
  if (!condition) return fail('condition must be a mapping such as {gte: 5}', 'condition');
  const bounds = OPERATORS.filter((operator) => operator in condition).map((operator): [Operator, number] => {
    const bound = Number(condition[operator]);
    if (!Number.isFinite(bound)) fail(`condition.${operator} must be a number`, `condition.${operator}`);
    return [operator, bound];
  });
  if (bounds.length === 0) fail('condition needs at least one of gt, gte, lt, lte, eq, neq', 'condition');
  const field = typeof condition.field === 'string' ? condition.field : null;
  if (!field && ['value_count', 'value_sum', 'value_avg'].includes(type)) fail(`${type} needs condition.field`, 'condition.field');
  const aliases: Record<string, Record<string, string>> = {};
  if (isPlainObject(body.aliases)) {
    for (const [alias, mapping] of Object.entries(body.aliases)) {
      if (!isPlainObject(mapping)) fail(`alias ${alias} must map each rule to a field`, `aliases.${alias}`);
      aliases[alias] = Object.fromEntries(Object.entries(mapping as Record<string, unknown>).map(([rule, field]) => [rule, String(field)]));
    }
  }
  return {
    doc,
    title,
    id: typeof doc.id === 'string' ? doc.id : null,
    name: typeof doc.name === 'string' ? doc.name : null,
    type,
    references,
    groupBy,
    aliases,
    timespanMs: timespanMs as number,
    field,
    bounds,
    windows: new Map(),
  };
}

const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

function parseTimespan(value: unknown): number | null {
  const match = typeof value === 'string' ? /^\s*(\d+)\s*([smhdw])\s*$/.exec(value) : null;
  return match ? Number(match[1]) * (UNIT_MS[match[2] as string] as number) : null;
}

/** The time of an event field: ISO-8601 text or epoch seconds, in epoch milliseconds. */
export function eventTime(event: SigmaEvent, field: string): number | null {
  const value = lookupField(event, field).values[0];
  if (typeof value === 'number') return value * 1000;
  if (typeof value !== 'string') return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

/** Every YAML document of a rule file (a file may hold detection rules and the correlations over them). */
export function loadRuleDocuments(source: string): Array<Record<string, unknown>> {
  let documents: unknown[];
  try {
    documents = loadAll(source, { schema: CORE_SCHEMA }).filter((doc) => doc !== null && doc !== undefined);
  } catch (error) {
    throw new RuleCompileError(
      `YAML does not parse: ${(error instanceof YAMLException ? error.message : String(error)).split('\n')[0]}`,
      '',
    );
  }
  if (documents.length === 0) throw new RuleCompileError('the file holds no rule', '');
  return documents.map((doc, index) => {
    if (!isPlainObject(doc)) throw new RuleCompileError(`document ${index + 1} is not a mapping`, '');
    return doc;
  });
}

/** One entry per rule document: a rule's compilations for different logs never both fire on one event, but be sure. */
function unique<T extends { rule: CompiledRule }>(entries: T[]): T[] {
  if (entries.length < 2) return entries;
  const seen = new Set<Record<string, unknown>>();
  return entries.filter((entry) => !seen.has(entry.rule.doc) && (seen.add(entry.rule.doc), true));
}
