import { renderRule } from '../render/render-rule';
import { parseSigmaRule } from '../parse/parse-rule';
import { benignBaseline } from './benign-baseline';
import { RuleCompileError } from './compile-item';
import { compileRule, type CompiledRule } from './compile-rule';
import type { SigmaEvent } from './event-fields';
import { observableEvents, type ObservableLike } from './observable-events';
import { eventTelemetryClass } from './corpus-coverage';
import { isPlainObject } from '../parse/parse-rule';
import { telemetryClass, type Logsource } from '../logsource/telemetry-class';
import { sameObservables } from './same-observables';

export interface BaselineResult {
  /** Benign baseline events tried. */
  events: number;
  /** How many of them the rule fires on: each one an expected false positive. */
  fires: number;
  /** A few of the benign events it fires on, described by their telling field. */
  examples: string[];
}

export interface SelfTestResult {
  /** The rule fires on the telemetry of at least one observable it was made from. */
  fires: boolean;
  /** Synthetic events tried. */
  events: number;
  /** The observables whose events it fires on (`type: value`). */
  fired_on: string[];
  /** The rule on ordinary machines' telemetry. */
  baseline?: BaselineResult;
  /** Why the rule could not be run, when it could not. */
  error?: string;
}

const MAX_EXAMPLES = 3;
const TELLING_FIELDS = [
  'CommandLine',
  'TargetObject',
  'ServiceName',
  'TaskName',
  'QueryName',
  'DestinationHostname',
  'DestinationIp',
  'c-uri',
  'Image',
];

function productOf(doc: unknown): string | undefined {
  const logsource = doc && typeof doc === 'object' ? (doc as { logsource?: unknown }).logsource : undefined;
  const product = logsource && typeof logsource === 'object' ? (logsource as { product?: unknown }).product : undefined;
  return typeof product === 'string' ? product : undefined;
}

function describe(event: SigmaEvent): string {
  const field = TELLING_FIELDS.find((name) => typeof event[name] === 'string' || typeof event[name] === 'number');
  return field ? `${field}: ${String(event[field])}` : JSON.stringify(event).slice(0, 120);
}

// Classes a logsource names only by its product or log (`product: windows` alone): their rules may read any event.
const BROAD_CLASSES = new Set(['other', 'windows_eventlog', 'linux_log', 'macos_log']);
// Per telemetry class, the baseline events a rule of that class reads, gathered once.
let baselineByClass: Map<string, readonly SigmaEvent[]> | undefined;

/**
 * The baseline events a rule of this logsource reads: those of its telemetry class (and those of no known class),
 * as coverage tries reference rules. A process rule keyed on Image alone never fired on a registry write's Image
 * in any real SIEM, and trying every rule on all ~3,300 events was most of the self-test's cost.
 */
function baselineFor(rule: CompiledRule): readonly SigmaEvent[] {
  const all = benignBaseline();
  const logsource = isPlainObject(rule.doc.logsource) ? (rule.doc.logsource as Logsource) : {};
  const cls = telemetryClass(logsource);
  if (BROAD_CLASSES.has(cls)) return all;
  baselineByClass ??= new Map();
  let events = baselineByClass.get(cls);
  if (!events) {
    // Its own class first, then the events of no known class: the order the examples of its firings are taken in.
    const ofClass = (wanted: string | null) => all.filter((event) => eventTelemetryClass(event) === wanted);
    events = [...ofClass(cls), ...ofClass(null)];
    baselineByClass.set(cls, events);
  }
  return events;
}

/** The rule on the whole baseline: events of other classes are never its to read, so it is quiet on them by construction. */
function baselineOf(rule: CompiledRule): BaselineResult {
  const events = baselineFor(rule);
  const fired = events.filter((event) => rule.matches(event));
  return { events: benignBaseline().length, fires: fired.length, examples: [...new Set(fired.map(describe))].slice(0, MAX_EXAMPLES) };
}

/**
 * Runs a generated rule over synthetic telemetry of the observables it was made from (a rule that
 * fires on none of them cannot detect what the article describes, and needs a reviewer) and over the
 * benign baseline (each firing there is an expected false positive).
 */
export function selfTestRule(rule: string | Record<string, unknown>, observables: readonly ObservableLike[]): SelfTestResult {
  return selfTestRuleCompiled(rule, observables).result;
}

/**
 * selfTestRule, with the rule as it compiled (none when it could not be): a caller that runs the rule on more
 * events (generation/self-test-generated.ts) reuses it rather than compiling the rule again.
 */
export function selfTestRuleCompiled(
  rule: string | Record<string, unknown>,
  observables: readonly ObservableLike[],
): { result: SelfTestResult; compiled?: CompiledRule } {
  let compiled: CompiledRule;
  try {
    compiled = compileRule(rule);
  } catch (error) {
    if (!(error instanceof RuleCompileError)) throw error;
    return { result: { fires: false, events: observableEvents(observables).length, fired_on: [], error: error.message } };
  }
  // The rule's logsource says whose telemetry it reads: a bare `sc` is `sc.exe` on Windows.
  const events = observableEvents(sameObservables(observables), { product: productOf(compiled.doc) });
  const firedOn = [...new Set(events.filter(({ event }) => compiled.matches(event)).map(({ observable }) => observable))];
  return { result: { fires: firedOn.length > 0, events: events.length, fired_on: firedOn, baseline: baselineOf(compiled) }, compiled };
}

const LOWER: Record<string, string> = { critical: 'high', high: 'medium', medium: 'low' };

/**
 * A rule that fires on the benign baseline says so: the firings become an expected false positive and
 * the level drops one step. Any other rule is returned unchanged. Given a document it returns a new
 * document (nothing parsed or written); given text (a reviewer's edit), text.
 */
export function noteBaselineFirings<R extends Record<string, unknown>>(rule: R, baseline: BaselineResult | undefined): R;
export function noteBaselineFirings(rule: string, baseline: BaselineResult | undefined): string;
export function noteBaselineFirings(
  rule: string | Record<string, unknown>,
  baseline: BaselineResult | undefined,
): string | Record<string, unknown> {
  if (!baseline || baseline.fires === 0) return rule;
  if (typeof rule === 'string') {
    const parsed = parseSigmaRule(rule);
    return parsed.ok ? renderRule(noteBaselineFirings(parsed.rule.doc, baseline)) : rule;
  }
  const note = `Fires on ${baseline.fires} of ${baseline.events} ordinary events in the benign baseline, e.g. ${baseline.examples.join('; ')}`;
  const falsepositives = Array.isArray(rule['falsepositives']) ? (rule['falsepositives'] as unknown[]) : [];
  const level = typeof rule['level'] === 'string' ? LOWER[rule['level']] : undefined;
  return { ...rule, falsepositives: [...falsepositives, note], ...(level ? { level } : {}) };
}
