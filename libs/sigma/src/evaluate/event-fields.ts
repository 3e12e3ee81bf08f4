/** An event as the engine reads it: a JSON object, flat or nested. */
export type SigmaEvent = Record<string, unknown>;

/** What a field name finds in an event: whether the key exists, and its values (arrays flattened). */
export interface FieldLookup {
  present: boolean;
  values: unknown[];
}

const ABSENT: FieldLookup = { present: false, values: [] };

/**
 * Looks a field up the way Sigma engines do: the exact key first (Windows event fields such as
 * `Mobile.phone` can contain dots), then the dotted name as a nested path through objects and arrays.
 */
export function lookupField(event: SigmaEvent, name: string): FieldLookup {
  if (Object.prototype.hasOwnProperty.call(event, name)) return { present: true, values: flatten(event[name]) };
  if (!name.includes('.')) return ABSENT;
  const found: unknown[] = [];
  let present = false;
  const walk = (node: unknown, parts: readonly string[]): void => {
    if (Array.isArray(node)) {
      node.forEach((element) => walk(element, parts));
      return;
    }
    if (!isRecord(node)) return;
    // A remaining suffix may itself be a flat key with dots (`a.b.c` as {"a": {"b.c": 1}}).
    for (let take = parts.length; take >= 1; take--) {
      const key = parts.slice(0, take).join('.');
      if (!Object.prototype.hasOwnProperty.call(node, key)) continue;
      if (take === parts.length) {
        present = true;
        found.push(...flatten(node[key]));
      } else walk(node[key], parts.slice(take));
      return;
    }
  };
  walk(event, name.split('.'));
  return present ? { present, values: found } : ABSENT;
}

// The texts of the last event asked about: keyword rules and the keyword index ask for the same
// event's texts in turn (a one-event memo costs less than a WeakMap entry per event).
let textsEvent: SigmaEvent | null = null;
let texts: string[] = [];

/**
 * Every distinct string of the event at any depth, which keywords search (computed once per event
 * however many keyword rules run on it). The event must not change between calls.
 */
export function eventTexts(event: SigmaEvent): string[] {
  if (event !== textsEvent) {
    const seen = new Set<string>();
    addTexts(event, seen);
    texts = [...seen];
    textsEvent = event;
  }
  return texts;
}

function addTexts(node: unknown, into: Set<string>): void {
  if (typeof node === 'string') into.add(node);
  else if (Array.isArray(node)) for (let i = 0; i < node.length; i++) addTexts(node[i], into);
  else if (typeof node === 'object' && node !== null) {
    const record = node as Record<string, unknown>;
    for (const key in record) addTexts(record[key], into);
  }
}

function flatten(value: unknown): unknown[] {
  return Array.isArray(value) ? value.flatMap(flatten) : [value];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
