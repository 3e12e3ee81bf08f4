import { isPlainObject } from '../parse/parse-rule';
import { telemetryClass, type Logsource } from '../logsource/telemetry-class';
import { compileRule, type CompiledRule } from './compile-rule';
import type { SigmaEvent } from './event-fields';
import type { MatchedItem } from './match-explanation';
import { observableEvents, type ObservableLike } from './observable-events';
import { RuleSet } from './rule-set';
import { sameObservables } from './same-observables';

/**
 * The telemetry class of a synthetic observable event (see observableEvents): a reference rule is only
 * tried on events of its own class, so a rule for PowerShell script blocks never "covers" a command line.
 */
export function eventTelemetryClass(event: SigmaEvent): string | null {
  // The BITS client log numbers its records like Sysmon does (its 3 is a job created, not a connection).
  if (event['Channel'] === 'Microsoft-Windows-Bits-Client/Operational') return 'windows_eventlog';
  switch (event['EventID']) {
    case 1:
      return 'process_creation';
    case 12:
    case 13:
    case 14:
      return 'registry';
    case 22:
      return 'dns';
    case 3:
      return 'network_connection';
    case 7045:
    case 7036:
    case 7040:
    case 104:
      return 'windows_system';
    case 4697:
    case 4698:
    case 4720:
    case 4728:
    case 4732:
    case 4756:
    case 1102:
    case 4662:
    case 4656:
    case 4657:
    case 4663:
    case 4769:
    case 4624:
    case 4648:
    case 5140:
    case 5145:
      return 'windows_security';
    case 2004:
    case 106:
    case 129:
    case 141:
    case 142:
      return 'windows_eventlog';
    case 1006:
    case 1015:
    case 1116:
    case 1117:
    case 5001:
    case 5007:
    case 5010:
    case 5012:
      return 'antivirus';
    case 400:
    case 600:
    case 4103:
    case 4104:
      return 'powershell';
    case 11:
    case 23:
    case 26:
      return 'file_event';
    case 10:
      return 'process_access';
    case 7:
      return 'image_load';
    case 6:
      return 'driver_load';
    case 17:
    case 18:
      return 'pipe_created';
  }
  if (event['type'] === 'EXECVE' || event['type'] === 'PATH') return 'linux_auditd';
  if ('cs-host' in event || 'c-uri' in event) return 'proxy';
  if ('dst_ip' in event) return 'firewall';
  return null;
}

// Categories that share a telemetry class but not their events: a registry_set rule reads a value written
// (EventID 13), a registry_delete rule a key or value removed; a ps_script rule a script block (4104), a
// ps_module rule module logging's record (4103), a classic rule the engine's start (400, 600); a process_access
// rule a handle opened on a process (10), not a thread created in it. registry_event rules read every registry event.
const NARROW_CATEGORIES: Record<string, string> = {
  registry_set: 'set',
  registry_add: 'add',
  registry_delete: 'delete',
  registry_rename: 'rename',
  ps_script: 'script',
  ps_module: 'module',
  ps_classic_start: 'classic',
  ps_classic_provider_start: 'classic',
  process_access: 'access',
  create_remote_thread: 'thread',
  raw_access_thread: 'raw',
  process_tampering: 'tampering',
  // A file deleted (Sysmon 23, 26) is no file created (11): file_event rules read creations, file_delete rules deletions;
  // the other file categories read events the telemetry here does not make (15, 2, renames, reads).
  file_delete: 'delete',
  file_rename: 'rename',
  file_change: 'change',
  file_access: 'access',
  create_stream_hash: 'stream',
  file_executable_detected: 'executable',
};

/** The narrower kinds of rule an event can satisfy within its class ('' stands for "any"). */
function eventKinds(event: SigmaEvent): string[] {
  switch (event['EventID']) {
    case 12:
      return ['', /^Delete/i.test(String(event['EventType'] ?? '')) ? 'delete' : 'add'];
    case 13:
      return ['', 'set'];
    case 14:
      return ['', 'rename'];
    case 4104:
      return ['', 'script'];
    case 4103:
      return ['', 'module'];
    case 400:
    case 600:
      return ['', 'classic'];
    case 10:
      return ['', 'access'];
    case 23:
    case 26:
      return ['delete'];
  }
  return [''];
}

export interface ObservableCoverage<Meta> {
  /** `type: value`, as the self-test names observables. */
  observable: string;
  rules: Meta[];
  /** With `explain`: per rule of `rules` (same order), why it fired and what the rule document says of itself. */
  explained?: Array<RuleMatch<Meta>>;
}

/** A rule that fired on an observable's events, with the items that were true for it (on the first event it fired on). */
export interface RuleMatch<Meta> {
  meta: Meta;
  matched: MatchedItem[];
  /**
   * The items that were true on the other events it fired on, when they differ (one list per distinct explanation, in
   * event order): a rule that fired on the `cmd.exe /C` wrapper by its shell selection and on the program by another.
   */
  also?: MatchedItem[][];
  /** The rule's own status, tags, level and author, as its document has them. */
  status: string | null;
  tags: string[];
  level: string | null;
  author: string | null;
}

const docText = (doc: Record<string, unknown>, key: string): string | null => (typeof doc[key] === 'string' ? (doc[key] as string) : null);

function ruleMatch<Meta>(rule: CompiledRule, meta: Meta, event: SigmaEvent): RuleMatch<Meta> {
  const tags = Array.isArray(rule.doc.tags) ? rule.doc.tags.filter((tag): tag is string => typeof tag === 'string') : [];
  return {
    meta,
    matched: rule.explain(event),
    status: docText(rule.doc, 'status'),
    tags,
    level: docText(rule.doc, 'level'),
    author: docText(rule.doc, 'author'),
  };
}

function addExplanation<Meta>(match: RuleMatch<Meta>, matched: MatchedItem[]): void {
  const key = JSON.stringify(matched);
  if (key === JSON.stringify(match.matched) || match.also?.some((other) => JSON.stringify(other) === key)) return;
  (match.also ??= []).push(matched);
}

/**
 * The reference corpus run over the telemetry of an article's observables: which rules already fire on
 * which observable, and which observables no rule covers. Rules are compiled once and indexed per
 * telemetry class; rules the engine cannot run (unsupported modifiers, placeholders) are skipped and counted.
 */
export class CorpusCoverage<Meta> {
  /**
   * Rule sets by `class|product|kind` (product empty when the rule names none; kind, see NARROW_CATEGORIES), the
   * key's parts kept beside each set: cover() tries every set on every event, and splitting the key there was a
   * fifth of what coverage allocated.
   */
  private readonly sets = new Map<string, { telemetryClass: string; product: string; kind: string; rules: RuleSet<Meta> }>();
  private added = 0;
  private skipped = 0;

  add(rule: string | Record<string, unknown>, meta: Meta): boolean {
    let compiled;
    try {
      compiled = compileRule(rule);
    } catch (error) {
      // RuleCompileError, or YAML the loader refuses: the engine cannot run it.
      if (!(error instanceof Error)) throw error;
      this.skipped++;
      return false;
    }
    const logsource = isPlainObject(compiled.doc.logsource) ? (compiled.doc.logsource as Logsource) : {};
    const kind = NARROW_CATEGORIES[logsource.category?.toLowerCase() ?? ''] ?? '';
    const cls = telemetryClass(logsource);
    const product = logsource.product?.toLowerCase() ?? '';
    const key = `${cls}|${product}|${kind}`;
    let set = this.sets.get(key);
    if (!set) this.sets.set(key, (set = { telemetryClass: cls, product, kind, rules: new RuleSet<Meta>() }));
    set.rules.add(compiled, meta);
    this.added++;
    return true;
  }

  get size(): { rules: number; skipped: number } {
    return { rules: this.added, skipped: this.skipped };
  }

  /**
   * With a product (the article's platform), rules for another product are not tried: a Windows rule
   * on "an image without .exe" says nothing about a Linux command line. Without one, every rule is.
   */
  cover(observables: readonly ObservableLike[], options: { product?: string; explain?: boolean } = {}): Array<ObservableCoverage<Meta>> {
    const product = options.product?.toLowerCase();
    const byObservable = new Map<string, Map<Meta, RuleMatch<Meta> | null>>();
    for (const observable of observables) byObservable.set(`${observable.type}: ${observable.value}`, new Map());
    // With no rule set of the article's product (or of none): an empty corpus, or none for this platform, no event
    // can be covered, so the observables' telemetry is not worked out at all.
    const applicable = [...this.sets.values()].some((set) => !product || !set.product || set.product === product);
    const events = applicable ? observableEvents(sameObservables(observables), options) : [];
    for (const { observable, event } of events) {
      const found = byObservable.get(observable) ?? new Map<Meta, RuleMatch<Meta> | null>();
      for (const { rule, meta } of this.firing(event, product)) {
        // Only the rules that fired are asked why; each distinct reason kept (the first as `matched`).
        const known = found.get(meta);
        if (!found.has(meta)) found.set(meta, options.explain ? ruleMatch(rule, meta, event) : null);
        else if (known) addExplanation(known, rule.explain(event));
      }
      byObservable.set(observable, found);
    }
    return [...byObservable.entries()].map(([observable, rules]) => ({
      observable,
      rules: [...rules.keys()],
      ...(options.explain ? { explained: [...rules.values()].filter((match): match is RuleMatch<Meta> => match !== null) } : {}),
    }));
  }

  /**
   * The rules that fire on recorded events (Sysmon-style fields, as cover() builds them), with the same class,
   * product and kind gating: what a lab's own telemetry would have named, to compare coverage's claims with.
   */
  coverEvents(events: readonly SigmaEvent[], options: { product?: string } = {}): Meta[] {
    const product = options.product?.toLowerCase();
    const named = new Set<Meta>();
    for (const event of events) for (const { meta } of this.firing(event, product)) named.add(meta);
    return [...named];
  }

  /** The rules of the event's telemetry class (and product, and narrower kind) that fire on it. */
  private *firing(event: SigmaEvent, product: string | undefined): Generator<{ rule: CompiledRule; meta: Meta }> {
    const cls = eventTelemetryClass(event);
    if (!cls) return;
    const kinds = eventKinds(event);
    for (const set of this.sets.values()) {
      if (set.telemetryClass !== cls || (product && set.product && set.product !== product) || !kinds.includes(set.kind)) continue;
      yield* set.rules.match(event);
    }
  }
}
