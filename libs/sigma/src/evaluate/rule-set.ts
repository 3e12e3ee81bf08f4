import type { CompiledRule } from './compile-rule';
import { numericValue, textOf } from './compile-item';
import { eventTexts, type SigmaEvent } from './event-fields';
import { resolveSource, type EventSource, type SourceView } from './event-source';
import { LiteralScanner } from './literal-scan';
import { gateAllows, ruleGate, type RuleGate } from './logsource-gate';
import { KEYWORDS } from './prefilter';

const MAX_LITERAL = 12;

interface Entry<Meta> {
  rule: CompiledRule;
  meta: Meta;
  gate: RuleGate;
}

/** Per field: a scanner over the literals rules key on it, and who keys on its mere presence. */
interface FieldIndex {
  literals: string[];
  ids: Map<string, number>;
  /** Per literal (scanner id), the entries keyed on it. */
  owners: number[][];
  presence: number[];
  /** Entries keyed on the field reading as a number. */
  numbers: Map<number, number[]>;
  scanner: LiteralScanner | null;
  /** Takes the entries keyed on a literal the scanner found (made once, when the set is built). */
  onLiteral: (id: number) => void;
}

/** The rules a source's events may run, fixed once per source. */
interface SourcePlan {
  allowed: Uint8Array;
  always: number[];
}

/**
 * Many compiled rules run over one event at a time. A rule runs only on events of its logsource
 * (resolved through the Sigma taxonomy from the source the event declares; an event that declares
 * none runs every rule). Among those, an event tries only the rules one of whose triggers it holds,
 * found with one multi-literal scan per field value.
 */
export class RuleSet<Meta = undefined> {
  private readonly entries: Array<Entry<Meta>> = [];
  private readonly fields = new Map<string, FieldIndex>();
  /** Dotted prefixes of indexed field names (`process.` for `process.name`): objects under them are walked. */
  private readonly prefixes = new Set<string>();
  private readonly always: number[] = [];
  private readonly plans = new Map<string, SourcePlan>();
  private unknownPlan: SourcePlan | null = null;
  private stamps = new Uint32Array(0);
  private generation = 0;
  private built = true;
  // Per-event state lives on the instance so that a match allocates no closures (match is synchronous).
  private allowed: Uint8Array = new Uint8Array(0);
  private current = 0;
  private readonly found: number[] = [];

  /** Adds a rule; `gate` overrides the gate read from the rule's own logsource (a variant's compilation). */
  add(rule: CompiledRule, meta: Meta, gate: RuleGate = ruleGate(rule.doc)): void {
    const index = this.entries.push({ rule, meta, gate }) - 1;
    this.built = false;
    this.plans.clear();
    this.unknownPlan = null;
    if (rule.triggers === null) {
      this.always.push(index);
      return;
    }
    for (const { field, literal: full, number } of rule.triggers) {
      // Any part of a literal is as necessary as the whole; long ones (hashes) would only grow the
      // scanner. Their end is kept: a path's file name tells more than its common beginning.
      const literal = full.length > MAX_LITERAL ? full.slice(-MAX_LITERAL) : full;
      let entry = this.fields.get(field);
      if (!entry) {
        this.fields.set(
          field,
          (entry = {
            literals: [],
            ids: new Map(),
            owners: [],
            presence: [],
            numbers: new Map(),
            scanner: null,
            onLiteral: () => undefined,
          }),
        );
        const parts = field.split('.');
        for (let take = 1; take < parts.length; take++) this.prefixes.add(parts.slice(0, take).join('.'));
      }
      if (number !== undefined) entry.numbers.set(number, [...(entry.numbers.get(number) ?? []), index]);
      else if (literal === '') entry.presence.push(index);
      else {
        let id = entry.ids.get(literal);
        if (id === undefined) {
          id = entry.literals.push(literal) - 1;
          entry.ids.set(literal, id);
          entry.owners.push([]);
        }
        (entry.owners[id] as number[]).push(index);
      }
    }
  }

  get size(): number {
    return this.entries.length;
  }

  /** The rules that match the event, in the order they were added. */
  match(event: SigmaEvent, source?: EventSource | null): Array<{ rule: CompiledRule; meta: Meta }> {
    const candidates = this.candidates(event, source ?? null);
    const matched: Array<{ rule: CompiledRule; meta: Meta }> = [];
    for (const index of candidates) {
      const entry = this.entries[index] as Entry<Meta>;
      if (entry.rule.matches(event)) matched.push(entry);
    }
    return matched;
  }

  /** How many rules the event tries (for benchmarks). */
  candidateCount(event: SigmaEvent, source?: EventSource | null): number {
    return this.candidates(event, source ?? null).length;
  }

  private candidates(event: SigmaEvent, source: EventSource | null): number[] {
    if (!this.built) this.build();
    const plan = this.planFor(source);
    this.allowed = plan.allowed;
    this.current = this.nextGeneration();
    const found = this.found;
    found.length = 0;
    for (const index of plan.always) this.take(index);
    const keywords = this.fields.get(KEYWORDS);
    if (keywords?.scanner) for (const text of eventTexts(event)) keywords.scanner.scan(text, keywords.onLiteral);
    for (const name in event) this.visit(name, event[name]);
    return found.sort((left, right) => left - right);
  }

  private take(index: number): void {
    if (this.allowed[index] === 1 && this.stamps[index] !== this.current) {
      this.stamps[index] = this.current;
      this.found.push(index);
    }
  }

  private takeAll(indexes: readonly number[]): void {
    for (let i = 0; i < indexes.length; i++) this.take(indexes[i] as number);
  }

  private visit(name: string, value: unknown): void {
    const index = this.fields.get(name);
    if (index) {
      if (value !== undefined) this.takeAll(index.presence);
      if (index.scanner || index.numbers.size > 0) this.scanValue(index, value);
    }
    if (typeof value === 'object' && value !== null && this.prefixes.has(name)) this.walk(value, `${name}.`);
  }

  private walk(value: object, prefix: string): void {
    if (Array.isArray(value)) {
      for (const element of value) if (typeof element === 'object' && element !== null) this.walk(element, prefix);
      return;
    }
    const record = value as Record<string, unknown>;
    for (const key in record) this.visit(`${prefix}${key}`, record[key]);
  }

  private scanValue(index: FieldIndex, value: unknown): void {
    if (Array.isArray(value)) {
      for (const element of value) this.scanValue(index, element);
      return;
    }
    if (index.numbers.size > 0) {
      const number = numericValue(value);
      if (number !== null) {
        const owners = index.numbers.get(number);
        if (owners) this.takeAll(owners);
      }
    }
    if (!index.scanner) return;
    const text = typeof value === 'string' ? value : textOf(value);
    if (text !== null) index.scanner.scan(text, index.onLiteral);
  }

  private planFor(source: EventSource | null): SourcePlan {
    if (!source) return (this.unknownPlan ??= this.plan(null));
    const view = resolveSource(source);
    let plan = this.plans.get(view.key);
    if (!plan) this.plans.set(view.key, (plan = this.plan(view)));
    return plan;
  }

  private plan(view: SourceView | null): SourcePlan {
    const allowed = new Uint8Array(this.entries.length);
    this.entries.forEach((entry, index) => {
      if (gateAllows(entry.gate, view)) allowed[index] = 1;
    });
    return { allowed, always: this.always.filter((index) => allowed[index] === 1) };
  }

  private build(): void {
    for (const index of this.fields.values()) {
      index.scanner = index.literals.length > 0 ? new LiteralScanner(index.literals) : null;
      const { owners } = index;
      index.onLiteral = (id) => this.takeAll(owners[id] as number[]);
    }
    if (this.stamps.length < this.entries.length) this.stamps = new Uint32Array(this.entries.length * 2);
    this.built = true;
  }

  private nextGeneration(): number {
    if (++this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
    return this.generation;
  }
}
