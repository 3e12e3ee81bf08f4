import { isPlainObject } from '../parse/parse-rule';
import { telemetryClass, type Logsource } from '../similarity/telemetry-class';
import { compileRule } from './compile-rule';
import type { SigmaEvent } from './event-fields';
import { observableEvents, type ObservableLike } from './observable-events';
import { RuleSet } from './rule-set';

/**
 * The telemetry class of a synthetic observable event (see observableEvents): a reference rule is only
 * tried on events of its own class, so a rule for PowerShell script blocks never "covers" a command line.
 */
export function eventTelemetryClass(event: SigmaEvent): string | null {
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
      return 'windows_system';
    case 4697:
    case 4698:
      return 'windows_security';
  }
  if ('cs-host' in event || 'c-uri' in event) return 'proxy';
  if ('dst_ip' in event) return 'firewall';
  return null;
}

export interface ObservableCoverage<Meta> {
  /** `type: value`, as the self-test names observables. */
  observable: string;
  rules: Meta[];
}

/**
 * The reference corpus run over the telemetry of an article's observables: which rules already fire on
 * which observable, and which observables no rule covers. Rules are compiled once and indexed per
 * telemetry class; rules the engine cannot run (unsupported modifiers, placeholders) are skipped and counted.
 */
export class CorpusCoverage<Meta> {
  /** Rule sets by `class|product` (product empty when the rule names none). */
  private readonly sets = new Map<string, RuleSet<Meta>>();
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
    const key = `${telemetryClass(logsource)}|${logsource.product?.toLowerCase() ?? ''}`;
    let set = this.sets.get(key);
    if (!set) this.sets.set(key, (set = new RuleSet<Meta>()));
    set.add(compiled, meta);
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
  cover(observables: readonly ObservableLike[], options: { product?: string } = {}): Array<ObservableCoverage<Meta>> {
    const product = options.product?.toLowerCase();
    const byObservable = new Map<string, Map<Meta, true>>();
    for (const observable of observables) byObservable.set(`${observable.type}: ${observable.value}`, new Map());
    for (const { observable, event } of observableEvents(observables, options)) {
      const cls = eventTelemetryClass(event);
      if (!cls) continue;
      const found = byObservable.get(observable) ?? new Map<Meta, true>();
      for (const [key, set] of this.sets) {
        const [setClass, setProduct] = key.split('|');
        if (setClass !== cls || (product && setProduct && setProduct !== product)) continue;
        for (const { meta } of set.match(event)) found.set(meta, true);
      }
      byObservable.set(observable, found);
    }
    return [...byObservable.entries()].map(([observable, rules]) => ({ observable, rules: [...rules.keys()] }));
  }
}
