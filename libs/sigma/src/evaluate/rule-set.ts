import type { CompiledRule } from './compile-rule';
import type { SigmaEvent } from './event-fields';
import { eventKeys } from './prefilter';

/**
 * Many compiled rules run over one event at a time. An inverted index from each rule's triggers
 * (fields and words it cannot match without) picks the candidates, so an event is tried only
 * against the rules that could fire on it.
 */
export class RuleSet<Meta = undefined> {
  private readonly entries: Array<{ rule: CompiledRule; meta: Meta }> = [];
  private readonly byKey = new Map<string, number[]>();
  private readonly always: number[] = [];

  add(rule: CompiledRule, meta: Meta): void {
    const index = this.entries.push({ rule, meta }) - 1;
    if (rule.triggers === null) {
      this.always.push(index);
      return;
    }
    for (const key of rule.triggers) {
      const list = this.byKey.get(key);
      if (list) list.push(index);
      else this.byKey.set(key, [index]);
    }
  }

  get size(): number {
    return this.entries.length;
  }

  /** The rules that match the event, in the order they were added. */
  match(event: SigmaEvent): Array<{ rule: CompiledRule; meta: Meta }> {
    const candidates = new Set<number>(this.always);
    for (const key of eventKeys(event)) this.byKey.get(key)?.forEach((index) => candidates.add(index));
    return [...candidates]
      .sort((left, right) => left - right)
      .map((index) => this.entries[index] as { rule: CompiledRule; meta: Meta })
      .filter((entry) => entry.rule.matches(event));
  }

  /** How many rules the prefilter would try for this event (for benchmarks). */
  candidateCount(event: SigmaEvent): number {
    const candidates = new Set<number>(this.always);
    for (const key of eventKeys(event)) this.byKey.get(key)?.forEach((index) => candidates.add(index));
    return candidates.size;
  }
}
