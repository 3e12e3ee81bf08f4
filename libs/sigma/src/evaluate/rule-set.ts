import type { CompiledRule } from './compile-rule';
import type { SigmaEvent } from './event-fields';
import { resolveSource, type EventSource, type SourceView } from './event-source';
import { gateAllows, ruleGate, type RuleGate } from './logsource-gate';
import type { Trigger } from './prefilter';
import { RuleIndex } from './rule-index';

const MAX_LITERAL = 12;

interface Entry<Meta> {
  rule: CompiledRule;
  meta: Meta;
  gate: RuleGate;
}

/**
 * Many compiled rules run over one event at a time. A rule runs only on events of its logsource
 * (resolved through the Sigma taxonomy from the source the event declares; an event that declares
 * none runs every rule). Among those, an event tries only the rules one of whose triggers it holds,
 * found with one multi-literal scan per field value over the literals of its log's rules only: each
 * log gets its own index, made on its first event and shared by the logs that run the same rules.
 */
export class RuleSet<Meta = undefined> {
  private readonly entries: Array<Entry<Meta>> = [];
  /** Per entry, its triggers with literals cut to what the index keys on. */
  private readonly triggers: Array<readonly Trigger[] | null> = [];
  /** By source key (see sourceKey); `null` is the index for events of no known source. */
  private readonly bySource = new Map<string | null, RuleIndex>();
  /** By the rules an index holds: logs that run the same rules share one. */
  private readonly byRules = new Map<string, RuleIndex>();
  private stamps = new Uint32Array(0);
  private generation = 0;
  private readonly found: number[] = [];

  /** Adds a rule; `gate` overrides the gate read from the rule's own logsource (a variant's compilation). */
  add(rule: CompiledRule, meta: Meta, gate: RuleGate = ruleGate(rule.doc)): void {
    this.entries.push({ rule, meta, gate });
    // Any part of a literal is as necessary as the whole; long ones (hashes) would only grow the
    // scanner. Their end is kept: a path's file name tells more than its common beginning.
    this.triggers.push(
      rule.triggers === null
        ? null
        : rule.triggers.map((trigger) =>
            trigger.literal.length > MAX_LITERAL ? { ...trigger, literal: trigger.literal.slice(-MAX_LITERAL) } : trigger,
          ),
    );
    this.bySource.clear();
    this.byRules.clear();
  }

  get size(): number {
    return this.entries.length;
  }

  /** The rules that match the event, in the order they were added. */
  match(event: SigmaEvent, source?: EventSource | null): Array<{ rule: CompiledRule; meta: Meta }> {
    const candidates = this.candidates(event, source ?? null);
    const matched: Array<{ rule: CompiledRule; meta: Meta }> = [];
    for (let i = 0; i < candidates.length; i++) {
      const entry = this.entries[candidates[i] as number] as Entry<Meta>;
      if (entry.rule.matches(event)) matched.push(entry);
    }
    return matched;
  }

  /** How many rules the event tries (for benchmarks). */
  candidateCount(event: SigmaEvent, source?: EventSource | null): number {
    return this.candidates(event, source ?? null).length;
  }

  private candidates(event: SigmaEvent, source: EventSource | null): number[] {
    const index = this.indexFor(source);
    const found = this.found;
    found.length = 0;
    index.collect(event, found, this.stamps, this.nextGeneration());
    return found.sort((left, right) => left - right);
  }

  private indexFor(source: EventSource | null): RuleIndex {
    const view = source ? resolveSource(source) : null;
    const key = view ? view.key : null;
    let index = this.bySource.get(key);
    if (!index) this.bySource.set(key, (index = this.indexOf(view)));
    return index;
  }

  private indexOf(view: SourceView | null): RuleIndex {
    const allowed = new Uint8Array(this.entries.length);
    const held: number[] = [];
    this.entries.forEach((entry, index) => {
      if (!gateAllows(entry.gate, view)) return;
      allowed[index] = 1;
      held.push(index);
    });
    const signature = held.join(',');
    let index = this.byRules.get(signature);
    if (!index) this.byRules.set(signature, (index = new RuleIndex(this.triggers, (rule) => allowed[rule] === 1)));
    if (this.stamps.length < this.entries.length) this.stamps = new Uint32Array(this.entries.length * 2);
    return index;
  }

  private nextGeneration(): number {
    if (++this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
    return this.generation;
  }
}
