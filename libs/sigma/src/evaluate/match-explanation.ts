import { expandPattern, type ConditionNode } from '../condition/parse-condition';
import type { DetectionItem, SearchIdentifier, SigmaScalar } from '../detection/search-identifiers';
import { compileItem, type EventTest, type MatchOptions } from './compile-item';
import type { SigmaEvent } from './event-fields';

/** One detection item that held for an event: its field and modifiers, and the values of its list that matched. */
export interface MatchedItem {
  /** The search identifier it belongs to (`selection_cli`). */
  selection: string;
  /** null for a keyword. */
  field: string | null;
  modifiers: string[];
  /** Under `|all`, every value; otherwise only the alternatives that matched. */
  values: SigmaScalar[];
}

/** Why a rule fired on an event: the items of the selections that made its condition true. */
export type ExplainMatch = (event: SigmaEvent) => MatchedItem[];

interface ExplainedIdentifier {
  test: EventTest;
  alternatives: Array<Array<{ item: DetectionItem; test: EventTest; values: Array<{ value: SigmaScalar; test: EventTest }> | null }>>;
}

/**
 * The explanation of a compiled rule, built on its first use: a corpus of thousands of rules runs over every
 * event, and only the few that fire are asked why, so nothing of this is made for the others. Each value of a
 * one-of list is compiled on its own here, to tell which alternatives matched.
 */
export function explainer(
  identifiers: readonly SearchIdentifier[],
  trees: readonly ConditionNode[],
  tests: ReadonlyMap<string, EventTest>,
  options: MatchOptions,
): ExplainMatch {
  let explained: Map<string, ExplainedIdentifier> | null = null;
  const names = identifiers.map((identifier) => identifier.name);
  const build = (): Map<string, ExplainedIdentifier> =>
    new Map(
      identifiers.map((identifier) => [
        identifier.name,
        {
          test: tests.get(identifier.name) as EventTest,
          alternatives: identifier.alternatives.map((items) =>
            items.map((item) => ({
              item,
              test: compileItem(item, options),
              values: allValues(item)
                ? null
                : item.values.map((value) => ({ value, test: compileItem({ ...item, values: [value] }, options) })),
            })),
          ),
        },
      ]),
    );
  return (event) => {
    explained ??= build();
    const found: MatchedItem[] = [];
    const seen = new Set<string>();
    const held = explained;
    const addIdentifier = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      found.push(...identifierItems(name, held.get(name) as ExplainedIdentifier, event));
    };
    for (const tree of trees) {
      if (holds(tree, event, names, held)) {
        collect(tree, event, names, held, addIdentifier);
        break;
      }
    }
    return found;
  };
}

/** An item whose every value must hold (`|all`, or a single value): all its values are the reason. */
const allValues = (item: DetectionItem): boolean =>
  item.values.length <= 1 || item.modifiers.some((modifier) => modifier.toLowerCase() === 'all');

function holds(node: ConditionNode, event: SigmaEvent, names: readonly string[], identifiers: Map<string, ExplainedIdentifier>): boolean {
  switch (node.kind) {
    case 'ref':
      return identifiers.get(node.name)?.test(event) ?? false;
    case 'not':
      return !holds(node.child, event, names, identifiers);
    case 'and':
      return node.children.every((child) => holds(child, event, names, identifiers));
    case 'or':
      return node.children.some((child) => holds(child, event, names, identifiers));
    case 'of': {
      const selected = expandPattern(node.pattern, names);
      const hits = selected.filter((name) => identifiers.get(name)?.test(event)).length;
      return node.quantifier === 'all' ? hits === selected.length : hits >= (node.atLeast ?? 1);
    }
  }
}

/**
 * The identifiers that make a true node true: every child of an `and`, the true children of an `or` and of an
 * `of`. A negated part (a filter) is no reason a rule fired: it gives nothing.
 */
function collect(
  node: ConditionNode,
  event: SigmaEvent,
  names: readonly string[],
  identifiers: Map<string, ExplainedIdentifier>,
  add: (name: string) => void,
): void {
  switch (node.kind) {
    case 'ref':
      add(node.name);
      return;
    case 'not':
      return;
    case 'and':
    case 'or':
      for (const child of node.children) if (holds(child, event, names, identifiers)) collect(child, event, names, identifiers, add);
      return;
    case 'of':
      for (const name of expandPattern(node.pattern, names)) if (identifiers.get(name)?.test(event)) add(name);
      return;
  }
}

/** The items of the first alternative of an identifier that holds, each with the values that matched. */
function identifierItems(name: string, identifier: ExplainedIdentifier, event: SigmaEvent): MatchedItem[] {
  const alternative = identifier.alternatives.find((items) => items.every(({ test }) => test(event)));
  if (!alternative) return [];
  return alternative.map(({ item, values }) => ({
    selection: name,
    field: item.field,
    modifiers: item.modifiers,
    // A negated item (`|neq`) holds when its values do not: each one is the reason.
    values:
      values === null || item.modifiers.includes('neq') ? item.values : values.filter(({ test }) => test(event)).map(({ value }) => value),
  }));
}
