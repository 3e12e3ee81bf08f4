import { numericValue, textOf } from './compile-item';
import { eventTexts, type SigmaEvent } from './event-fields';
import { LiteralScanner } from './literal-scan';
import { KEYWORDS, type Trigger } from './prefilter';

/** Per field: a scanner over the literals rules key on it, and who keys on its mere presence. */
interface FieldIndex {
  /** Per literal (scanner id), the rules keyed on it. */
  owners: number[][];
  presence: number[];
  /** Rules keyed on the field reading as a number. */
  numbers: Map<number, number[]>;
  scanner: LiteralScanner | null;
  /** Takes the rules keyed on a literal the scanner found (made once, when the index is built). */
  onLiteral: (id: number) => void;
}

/**
 * The triggers of some rules (those one log's events may run), indexed by field: which rules an event
 * may match, from one multi-literal scan per field value. Rules are numbers (their place in a RuleSet).
 * An index holds only its own rules' literals, so a log's events scan only what its rules look for.
 */
export class RuleIndex {
  private readonly fields = new Map<string, FieldIndex>();
  /** Dotted prefixes of indexed field names (`process.` for `process.name`): objects under them are walked. */
  private readonly prefixes = new Set<string>();
  private readonly always: number[] = [];
  private readonly keywords: FieldIndex | null;
  // Per-collection state lives on the instance so that a scan allocates no closures (collect is synchronous).
  private stamps: Uint32Array = new Uint32Array(0);
  private current = 0;
  private found: number[] = [];

  /** `triggers[i]` are rule i's triggers (null: always tried); rules `allowed` rejects are left out. */
  constructor(triggers: ReadonlyArray<readonly Trigger[] | null>, allowed: (index: number) => boolean) {
    const literals = new Map<string, Map<string, number[]>>();
    triggers.forEach((keys, index) => {
      if (!allowed(index)) return;
      if (keys === null) {
        this.always.push(index);
        return;
      }
      for (const { field, literal, number } of keys) {
        const entry = this.field(field);
        if (number !== undefined) entry.numbers.set(number, [...(entry.numbers.get(number) ?? []), index]);
        else if (literal === '') entry.presence.push(index);
        else {
          let byLiteral = literals.get(field);
          if (!byLiteral) literals.set(field, (byLiteral = new Map()));
          byLiteral.set(literal, [...(byLiteral.get(literal) ?? []), index]);
        }
      }
    });
    for (const [field, byLiteral] of literals) {
      const entry = this.field(field);
      entry.scanner = new LiteralScanner([...byLiteral.keys()]);
      const owners = [...byLiteral.values()];
      entry.owners = owners;
      entry.onLiteral = (id) => this.takeAll(owners[id] as number[]);
    }
    this.keywords = this.fields.get(KEYWORDS) ?? null;
    this.fields.delete(KEYWORDS);
  }

  /**
   * Pushes onto `found` the rules the event may match, each once: `stamps[rule]` is set to `stamp`
   * for each rule taken, and a rule whose stamp already is `stamp` is not taken again.
   */
  collect(event: SigmaEvent, found: number[], stamps: Uint32Array, stamp: number): void {
    this.found = found;
    this.stamps = stamps;
    this.current = stamp;
    this.takeAll(this.always);
    const keywords = this.keywords;
    if (keywords?.scanner) for (const text of eventTexts(event)) keywords.scanner.scan(text, keywords.onLiteral);
    for (const name in event) this.visit(name, event[name]);
  }

  private field(name: string): FieldIndex {
    let entry = this.fields.get(name);
    if (!entry) {
      this.fields.set(name, (entry = { owners: [], presence: [], numbers: new Map(), scanner: null, onLiteral: () => undefined }));
      const parts = name.split('.');
      for (let take = 1; take < parts.length; take++) this.prefixes.add(parts.slice(0, take).join('.'));
    }
    return entry;
  }

  private takeAll(indexes: readonly number[]): void {
    const { stamps, current, found } = this;
    for (let i = 0; i < indexes.length; i++) {
      const index = indexes[i] as number;
      if (stamps[index] !== current) {
        stamps[index] = current;
        found.push(index);
      }
    }
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
}
