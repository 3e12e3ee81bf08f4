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

const textsOf = new WeakMap<SigmaEvent, string[]>();

/**
 * Every distinct string of the event at any depth, which keywords search (computed once per event
 * however many keyword rules run on it).
 */
export function eventTexts(event: SigmaEvent): string[] {
  let texts = textsOf.get(event);
  if (!texts) {
    const seen = new Set<string>();
    for (const value of allScalars(event)) if (typeof value === 'string') seen.add(value);
    texts = [...seen];
    textsOf.set(event, texts);
  }
  return texts;
}

/** Every scalar of the event at any depth (keywords search them all). */
export function allScalars(event: unknown, into: unknown[] = []): unknown[] {
  if (Array.isArray(event)) event.forEach((element) => allScalars(element, into));
  else if (isRecord(event)) Object.values(event).forEach((value) => allScalars(value, into));
  else into.push(event);
  return into;
}

function flatten(value: unknown): unknown[] {
  return Array.isArray(value) ? value.flatMap(flatten) : [value];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
