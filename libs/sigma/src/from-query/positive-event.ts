import type { SigmaNode } from './sigma-tree';

type Cmp = Extract<SigmaNode, { kind: 'cmp' }>;
interface Constraint {
  modifier: Cmp['modifier'];
  text: string;
}

// Fields holding a path whose end a rule names (`Image|endswith: \certutil.exe`): the event's value is a whole path.
const PATH_FIELDS = new Set(['Image', 'ParentImage', 'ImageLoaded', 'TargetFilename', 'SourceImage', 'TargetImage']);

/**
 * The event a translated query's positive conditions describe: for each field, a value every test of it holds (what
 * it must start with, then what it must contain, then its end; a program's name under a folder), taking the first
 * way of an `or` that can be written and leaving what the query excludes out. Null when a test cannot be written as a
 * value (a regex with more than literal text). The self-test's event for the article's query, and the generator's
 * check that its rule fires on it, both come from here.
 */
export function positiveEvent(node: SigmaNode, platform: 'windows' | 'linux' | 'macos'): Record<string, string> | null {
  const constraints = positive(node);
  if (!constraints || constraints.size === 0) return null;
  const event: Record<string, string> = {};
  for (const [field, tests] of constraints) {
    // A regex's literal text is the whole value only where nothing else is asked of the field.
    const equal =
      tests.find((test) => test.modifier === 'eq') ?? (tests.length === 1 ? tests.find((test) => test.modifier === 're') : undefined);
    if (equal) {
      event[field] = equal.text;
      continue;
    }
    const bounds = tests.filter((test) => BOUNDS.has(test.modifier));
    if (bounds.length > 0) {
      const number = withinBounds(bounds);
      if (number === null) return null;
      event[field] = String(number);
      continue;
    }
    const starts = tests.filter((test) => test.modifier === 'startswith' || test.modifier === 'wildcard').map((test) => test.text);
    const contains = tests.filter((test) => test.modifier === 'contains').map((test) => test.text);
    const ends = tests.filter((test) => test.modifier === 'endswith').map((test) => test.text);
    let value = [...starts, ...contains, ...ends].join(contains.length + ends.length > 0 && !PATH_FIELDS.has(field) ? ' ' : '');
    // A folder with nothing said of the name: any name in it.
    if (starts.length > 0) value = value.replace(/([\\/])(\.[^\\/]*)?$/, '$1file$2');
    if (PATH_FIELDS.has(field) && starts.length === 0)
      value = `${platform === 'windows' ? 'C:\\Users\\Public' : '/tmp'}${/^[\\/]/.test(value) ? '' : platform === 'windows' ? '\\' : '/'}${value}`;
    event[field] = value;
  }
  return event;
}

const BOUNDS = new Set<string>(['lt', 'lte', 'gt', 'gte']);

/** A whole number every bound holds (`gt 1024` and `lte 2048`: 1025), or null when none does. */
function withinBounds(bounds: readonly Constraint[]): number | null {
  let low = -Infinity;
  let high = Infinity;
  for (const { modifier, text } of bounds) {
    const value = Number(text);
    if (modifier === 'gt') low = Math.max(low, Math.floor(value) + 1);
    if (modifier === 'gte') low = Math.max(low, Math.ceil(value));
    if (modifier === 'lt') high = Math.min(high, Math.ceil(value) - 1);
    if (modifier === 'lte') high = Math.min(high, Math.floor(value));
  }
  const number = Number.isFinite(low) ? low : Number.isFinite(high) ? high : 0;
  return number <= high ? number : null;
}

function positive(node: SigmaNode): Map<string, Constraint[]> | null {
  switch (node.kind) {
    case 'cmp': {
      const constraint = constraintOf(node);
      return constraint === null ? null : new Map([[node.field, [constraint]]]);
    }
    case 'not':
      return new Map();
    case 'and': {
      const merged = new Map<string, Constraint[]>();
      for (const child of node.children) {
        const found = positive(child);
        if (!found) return null;
        for (const [field, tests] of found) merged.set(field, [...(merged.get(field) ?? []), ...tests]);
      }
      return merged;
    }
    case 'or': {
      for (const child of node.children) {
        const found = positive(child);
        if (found && found.size > 0) return found;
      }
      return null;
    }
  }
}

/**
 * What a comparison asks of its field's value: its modifier and text; a regex of literal text is the whole value, and
 * a folder's files (`/etc/apt/[^/]+`) a value starting with the folder.
 */
function constraintOf(node: Cmp): Constraint | null {
  const folder = node.modifier === 're' ? /^(.*?)(\/|\\\\)\[\^(?:\/|\\\\)\]\+$/.exec(node.values[0] ?? '') : null;
  if (folder) {
    const text = valueText({ ...node, values: [folder[1] as string] });
    return text === null ? null : { modifier: 'startswith', text: `${text}${folder[2] === '/' ? '/' : '\\'}` };
  }
  const text = valueText(node);
  if (text === null) return null;
  return { modifier: node.modifier, text };
}

/** The text of a comparison's first value an event can hold: a wildcard's stars as nothing, a literal regex as its text. */
function valueText(node: Cmp): string | null {
  const value = node.values[0];
  if (value === undefined) return null;
  if (node.modifier === 'wildcard') return value.replace(/\*/g, '').replace(/\?/g, 'x');
  if (node.modifier === 'cidr') {
    // The network's first host address (IPv4); an IPv6 network is left without an event.
    const [address, bits] = value.split('/');
    const octets = (address ?? '').split('.').map(Number);
    if (octets.length !== 4 || octets.some((octet) => !(octet >= 0 && octet <= 255)) || Number(bits) > 30) return null;
    return [...octets.slice(0, 3), (octets[3] as number) + 1].join('.');
  }
  if (node.modifier !== 're') return value;
  const body = value.replace(/^\.\*|\.\*$/g, '');
  // Literal text only: an escaped character is itself, any other regex syntax leaves no single value to write.
  let text = '';
  for (let at = 0; at < body.length; at++) {
    const char = body[at] as string;
    if (char === '\\' && /[.\\/:\s-]/.test(body[at + 1] ?? '')) text += body[++at];
    else if (/[\\^$.|?*+()[\]{}]/.test(char)) return null;
    else text += char;
  }
  return text;
}
