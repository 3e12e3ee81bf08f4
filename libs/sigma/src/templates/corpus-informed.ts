import type { ExecutionCoverage } from '@huntforge/contracts/executions';
import type { CoveringRule, SigmaFieldMap, SigmaLevel } from '@huntforge/contracts/sigma';
import { checkTags } from '../validate/tag-checks';
import { bareName } from './command-program';
import type { QueryRuleChecks } from './query-rules';

/** What the coverage stage said of an article's observables: the reference rules that fire on each, and why. */
export type CorpusEvidence = Pick<ExecutionCoverage, 'covered'>;

/** A program the intruder ran that no technique rule covers, with the observable (`cmdline: …`) it was quoted in. */
export interface UncoveredRun {
  observable: string;
  /** The product whose process telemetry holds it (windows, linux, macos). */
  product: string;
  image: string;
  commandLine: string;
  /** A PowerShell cmdlet: the process is powershell.exe with the cmdlet on its command line. */
  viaPowerShell: boolean;
  /** The selection on the program itself, as the builtin rules write it (`Image|endswith`). */
  imageCondition: SigmaFieldMap;
}

/**
 * What deciding a reference rule's credibility needs from the rule engine (evaluate/corpus-checks.ts gives it; the
 * templates stay free of the engine): whether a selection fires on a run's own process event, and on ordinary machines.
 */
export interface CorpusChecks extends QueryRuleChecks {
  firesOnRun(selection: SigmaFieldMap, run: UncoveredRun): boolean;
  firesOnBaseline(selection: SigmaFieldMap, product: string): boolean;
}

/** A behaviour of a program the corpus knows: the selection keyed on the matched atoms of its most specific credible rule. */
export interface CorpusBehaviour {
  run: UncoveredRun;
  rule: CoveringRule;
  selection: SigmaFieldMap;
  /** The behaviour values the selection keys on, lower case (what the program's own distinctive-value rule is compared with). */
  values: string[];
  tags: string[];
  level: SigmaLevel;
}

// The field of a process creation event that says what the process was told to do, beyond which program it is.
// A rule that also needs its parent (an Office document starting it) is not keyed on the command line alone.
const BEHAVIOUR_FIELDS = new Set(['commandline']);
// Fields that only say which program ran: the builtin rule writes its own image condition instead.
const PROGRAM_FIELDS = new Set(['image', 'originalfilename', 'description', 'product', 'company']);
const CREDIBLE_LEVELS: Record<string, number> = { medium: 1, high: 2, critical: 3 };
const STATUS_WEIGHT: Record<string, number> = { stable: 2, test: 1, experimental: 0 };
// An unbalanced quote at either end, or a rendering glyph: markup of the rule's source, never a value telemetry holds.
const MARKUP = /^["'][^"']*$|^[^"']*["']$|[⮡└├│┌┐┘┴┬┼─↳➜]/;

/**
 * For each program run no technique rule covers, the behaviour of the most specific credible reference rule that
 * fired on its command line (see credibleSelection), keyed on the atoms that matched.
 */
export function corpusBehaviours(
  runs: readonly UncoveredRun[],
  evidence: CorpusEvidence | undefined,
  checks: CorpusChecks | undefined,
): CorpusBehaviour[] {
  if (!evidence || !checks) return [];
  const byObservable = new Map(evidence.covered.map((entry) => [entry.observable, entry.rules]));
  return runs.flatMap((run) => {
    const candidates = (byObservable.get(run.observable) ?? []).flatMap((rule) => {
      const found = credibleSelection(run, rule, checks);
      return found ? [{ ...found, rule, run }] : [];
    });
    const best = candidates.sort(
      (left, right) => right.specificity - left.specificity || left.rule.rule_id.localeCompare(right.rule.rule_id),
    )[0];
    if (!best) return [];
    const { specificity: _score, ...behaviour } = best;
    return [behaviour];
  });
}

/**
 * The selection a reference rule's matched items give for a run, or null when the rule is not credible for it:
 * deprecated or unsupported, below medium, on another log than the process's, keyed on nothing beyond the program,
 * more than one list of values, not firing on the run, or firing on ordinary machines (the benign baseline).
 */
function credibleSelection(
  run: UncoveredRun,
  rule: CoveringRule,
  checks: CorpusChecks,
): { selection: SigmaFieldMap; values: string[]; tags: string[]; level: SigmaLevel; specificity: number } | null {
  const level = rule.level?.toLowerCase() ?? '';
  const status = rule.status?.toLowerCase() ?? 'experimental';
  if (!rule.matched || !(level in CREDIBLE_LEVELS) || !(status in STATUS_WEIGHT)) return null;
  if (
    rule.matched.some(
      (item) => item.field === null || !(BEHAVIOUR_FIELDS.has(item.field.toLowerCase()) || PROGRAM_FIELDS.has(item.field.toLowerCase())),
    )
  )
    return null;
  // A reference rule that fired on the wrapper (`cmd.exe /c …` holding the run) or on another program of the line says
  // nothing of this program: every item it matched must hold on the run's own process event.
  const holds = rule.matched.every(
    ({ field, modifiers, values }) =>
      field !== null &&
      checks.firesOnRun({ [[field, ...modifiers].join('|')]: values.length === 1 ? values[0] : values } as SigmaFieldMap, run),
  );
  if (!holds) return null;
  const behaviour = behaviourItems(rule.matched, run);
  if (!behaviour) return null;
  const selection: SigmaFieldMap = { ...run.imageCondition, ...behaviour.map };
  if (!checks.firesOnRun(selection, run) || checks.firesOnBaseline(selection, run.product)) return null;
  const values = behaviour.values.map((value) => value.toLowerCase());
  const specificity =
    values.length * 2 +
    Math.min(values.join('').length, 60) / 20 +
    (CREDIBLE_LEVELS[level] as number) +
    (STATUS_WEIGHT[status] as number) / 2;
  return { selection, values, tags: currentAttackTags(rule.tags ?? []), level: level as SigmaLevel, specificity };
}

/**
 * The behaviour items as one selection's fields: per field and modifiers the values that matched; alternatives of a
 * one-of list that all matched give the longest (most specific) one; items of several selections on one field are
 * all required (`|all`). Null when nothing beyond the program is matched, when a required value cannot be kept (too
 * short to stand alone, or markup: the rule would match more than the reference rule does), or when the items need
 * more than one list.
 */
function behaviourItems(matched: NonNullable<CoveringRule['matched']>, run: UncoveredRun): { map: SigmaFieldMap; values: string[] } | null {
  const program = bareName(run.image).toLowerCase();
  const byKey = new Map<string, { field: string; modifiers: string[]; values: string[] }>();
  for (const item of matched) {
    if (item.field === null || !BEHAVIOUR_FIELDS.has(item.field.toLowerCase())) continue;
    const modifiers = item.modifiers.map((modifier) => modifier.toLowerCase());
    // A value that only names the program (`CommandLine|contains: certutil`) says which program, not what it did: the image condition holds it.
    const telling = item.values.filter((value) => !(typeof value === 'string' && isProgramName(value, program)));
    const kept = telling.filter((value): value is string => typeof value === 'string' && value.trim().length >= 2 && !MARKUP.test(value));
    const all = modifiers.includes('all');
    if (all ? kept.length < telling.length : kept.length === 0 && telling.length > 0) return null;
    if (kept.length === 0) continue;
    const chosen = all ? kept : [kept.sort((a, b) => b.length - a.length)[0] as string];
    const base = modifiers.filter((modifier) => modifier !== 'all');
    const key = `${item.field}|${base.join('|')}`;
    const known = byKey.get(key);
    if (known) known.values.push(...chosen.filter((value) => !known.values.includes(value)));
    else byKey.set(key, { field: item.field, modifiers: base, values: chosen });
  }
  const entries = [...byKey.values()];
  if (entries.length === 0 || entries.filter((entry) => entry.values.length > 1).length > 1) return null;
  // Only plain texts are listed under |all here: a regex or an encoding keeps to its own reference rule.
  const plain = (modifier: string) => ['contains', 'startswith', 'endswith', 'windash', 'cased'].includes(modifier);
  if (entries.some((entry) => entry.values.length > 1 && !entry.modifiers.every(plain))) return null;
  const map: SigmaFieldMap = {};
  for (const { field, modifiers, values } of entries) {
    const spec = [field, ...modifiers, ...(values.length > 1 ? ['all'] : [])].join('|');
    map[spec] = values.length === 1 ? (values[0] as string) : values;
  }
  return { map, values: entries.flatMap((entry) => entry.values) };
}

function isProgramName(value: string, program: string): boolean {
  const bare = value.replace(/^[\s\\/"'*]+|[\s"'*]+$/g, '').toLowerCase();
  return bare === program || bare === program.replace(/\.exe$/, '') || bare === `${program.replace(/\.exe$/, '')}.exe`;
}

/** The rule's ATT&CK tags the bundled ATT&CK data still knows: a retired tactic or a revoked technique is left out. */
function currentAttackTags(tags: readonly string[]): string[] {
  return tags.filter((tag) => tag.startsWith('attack.') && checkTags([tag]).length === 0);
}

/**
 * The reference rule and its author for a description: DRL 1.1 asks a rule derived from a SigmaHQ one to name who
 * wrote the original. A rule of the customer's own repository is named as theirs, under no outside licence.
 */
export function attribution(rule: CoveringRule): string {
  const author = rule.author?.trim();
  const sigmahq = rule.origin === 'sigmahq';
  const by = author ? ` by ${author}` : '';
  return sigmahq
    ? `Keyed on what the SigmaHQ rule "${rule.title}" (${rule.rule_id})${by} detects in it; derived under the Detection Rule License 1.1.`
    : `Keyed on what the reference rule "${rule.title}" (${rule.rule_id})${by} of the customer repository detects in it.`;
}
