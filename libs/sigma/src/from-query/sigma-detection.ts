import type { SigmaDetection, SigmaFieldMap } from '@huntforge/contracts/sigma';
import type { SigmaNode } from './sigma-tree';

type Cmp = Extract<SigmaNode, { kind: 'cmp' }>;

/**
 * A value as Sigma writes it: a star or question mark of the text escaped, unless it is a wildcard, and a backslash
 * doubled where it would otherwise escape what follows (`C:\Users\*` is `C:\Users\\*`).
 */
export function sigmaValue(text: string, wildcards: boolean): string {
  let written = '';
  for (let at = 0; at < text.length; at++) {
    const char = text[at] as string;
    if (char === '*' || char === '?') written += wildcards ? char : `\\${char}`;
    else if (char === '\\' && /[*?\\]/.test(text[at + 1] ?? '')) written += '\\\\';
    else written += char;
  }
  return written;
}

const keyOf = (node: Cmp): string =>
  node.modifier === 'eq' || node.modifier === 'wildcard' ? node.field : `${node.field}|${node.modifier}`;

const NUMERIC = new Set<string>(['lt', 'lte', 'gt', 'gte']);

function valuesOf(node: Cmp): Array<string | number> {
  // A numeric comparison's bound is a number, as Sigma's lt/lte/gt/gte require.
  if (NUMERIC.has(node.modifier)) return node.values.map(Number);
  // Elastic's regexes (Lucene's and EQL's) match the whole value; Sigma's search in it.
  // Inline flags (`(?i)`) stay first: some regex engines take them nowhere else.
  if (node.modifier === 're')
    return node.values.map((value) => {
      const flags = /^\(\?[a-z]+\)/.exec(value)?.[0] ?? '';
      return `${flags}^(?:${value.slice(flags.length)})$`;
    });
  if (node.modifier === 'cidr') return node.values;
  // A whole number compared as it is (a port, an event ID) is written as a number, as Sigma's own rules write it.
  if (node.modifier === 'eq')
    return node.values.map((value) => (/^-?(?:0|[1-9]\d{0,14})$/.test(value) ? Number(value) : sigmaValue(value, false)));
  return node.values.map((value) => sigmaValue(value, node.modifier === 'wildcard'));
}

// A compound part of a larger condition in parentheses (`not` binds tighter than both and and or).
const grouped = (condition: string): string => (/\s(?:and|or)\s/.test(condition) ? `(${condition})` : condition);

const entry = (values: Array<string | number>): string | number | Array<string | number> =>
  values.length === 1 ? (values[0] as string | number) : values;

/** The tree with each `or` of one field's values under one modifier as one comparison (Sigma's value list). */
function merged(node: SigmaNode): SigmaNode {
  if (node.kind === 'cmp') return node;
  if (node.kind === 'not') return { kind: 'not', child: merged(node.child) };
  const children = node.children.map(merged);
  const first = children[0];
  if (
    node.kind === 'or' &&
    first?.kind === 'cmp' &&
    children.every((child) => child.kind === 'cmp' && child.field === first.field && child.modifier === first.modifier)
  )
    return { ...first, values: [...new Set(children.flatMap((child) => (child.kind === 'cmp' ? child.values : [])))] };
  return { kind: node.kind, children };
}

/**
 * A condition tree as Sigma's detection: the comparisons an `and` joins in one selection map (a field tested twice
 * goes to a second map), an `or` of comparisons as one map's list (same field and modifier) or a list of maps, and
 * what is negated in `filter_*` blocks: `selection and not filter_1`.
 */
export function sigmaDetection(node: SigmaNode): SigmaDetection {
  const blocks: Array<[string, SigmaFieldMap | SigmaFieldMap[]]> = [];
  let selections = 0;
  let filters = 0;
  const name = (negated: boolean) => (negated ? `filter_${++filters}` : ++selections === 1 ? 'selection' : `selection_${selections}`);
  const block = (content: SigmaFieldMap | SigmaFieldMap[], negated: boolean): string => {
    const id = name(negated);
    blocks.push([id, content]);
    return id;
  };
  const expr = (current: SigmaNode, negated: boolean): string => {
    switch (current.kind) {
      case 'cmp':
        return block({ [keyOf(current)]: entry(valuesOf(current)) }, negated);
      case 'not': {
        const inner = expr(current.child, !negated);
        return `not ${/\s/.test(inner) ? `(${inner})` : inner}`;
      }
      case 'and': {
        const maps: SigmaFieldMap[] = [];
        const rest: string[] = [];
        for (const child of current.children) {
          if (child.kind !== 'cmp') {
            rest.push(grouped(expr(child, negated)));
            continue;
          }
          const key = keyOf(child);
          // `a and b` of one field's substrings is Sigma's `|contains|all` list.
          const all = `${key}|all`;
          const holder = maps.find((map) => typeof map[key] === 'string' || Array.isArray(map[all]));
          if (child.modifier === 'contains' && child.values.length === 1 && holder) {
            const before = holder[all] ?? holder[key];
            delete holder[key];
            holder[all] = [...(Array.isArray(before) ? before : [before as string]), ...valuesOf(child)];
            continue;
          }
          const free = maps.find((map) => !(key in map));
          if (free) free[key] = entry(valuesOf(child));
          else maps.push({ [key]: entry(valuesOf(child)) });
        }
        return [...maps.map((map) => block(map, negated)), ...rest].join(' and ');
      }
      case 'or': {
        const cmps = current.children.filter((child): child is Cmp => child.kind === 'cmp');
        if (cmps.length === current.children.length) {
          // The values of one field and modifier are one list: `Image|endswith: [\\bash, \\sh]`.
          const byKey = new Map<string, Array<string | number>>();
          for (const child of cmps) byKey.set(keyOf(child), [...new Set([...(byKey.get(keyOf(child)) ?? []), ...valuesOf(child)])]);
          const maps = [...byKey].map(([key, values]) => ({ [key]: entry(values) }));
          return block(maps.length === 1 ? (maps[0] as SigmaFieldMap) : maps, negated);
        }
        return current.children.map((child) => grouped(expr(child, negated))).join(' or ');
      }
    }
  };
  const condition = expr(merged(node), false);
  return { ...Object.fromEntries(blocks), condition } as SigmaDetection;
}
