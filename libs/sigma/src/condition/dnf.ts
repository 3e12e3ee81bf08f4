import { expandPattern, type ConditionNode } from './parse-condition';

/** A search identifier in a DNF branch, possibly negated. */
export interface Literal {
  name: string;
  negated: boolean;
}

/** A disjunction of conjunctions; null when the expansion would exceed the cap. */
export type Dnf = Literal[][] | null;

export const DNF_BRANCH_CAP = 64;

/**
 * Expands a condition to disjunctive normal form over search identifiers (`of` expanded against
 * `identifiers`, `not` pushed inward with De Morgan). Returns null past `cap` branches: the rule is
 * then compared inconclusively rather than with a truncated, misleading expansion.
 */
export function toDnf(node: ConditionNode, identifiers: readonly string[], cap = DNF_BRANCH_CAP): Dnf {
  try {
    return expand(node, false, identifiers, cap).map(dedupeBranch);
  } catch (error) {
    if (error instanceof CapExceeded) return null;
    throw error;
  }
}

class CapExceeded extends Error {}

function expand(node: ConditionNode, negated: boolean, identifiers: readonly string[], cap: number): Literal[][] {
  switch (node.kind) {
    case 'ref':
      return [[{ name: node.name, negated }]];
    case 'not':
      return expand(node.child, !negated, identifiers, cap);
    case 'of': {
      // `N of` (N > 1) is a combination count; no comparison needs it, so it is inconclusive rather than approximated.
      if (node.atLeast !== undefined) throw new CapExceeded();
      const refs: ConditionNode[] = expandPattern(node.pattern, identifiers).map((name) => ({ kind: 'ref', name }));
      if (refs.length === 0) return negated ? [[]] : [];
      return expand({ kind: node.quantifier === 'one' ? 'or' : 'and', children: refs }, negated, identifiers, cap);
    }
    case 'and':
    case 'or': {
      // not (a and b) = not a or not b; not (a or b) = not a and not b
      const disjunction = (node.kind === 'or') !== negated;
      const parts = node.children.map((child) => expand(child, negated, identifiers, cap));
      if (disjunction) {
        const branches = parts.flat();
        if (branches.length > cap) throw new CapExceeded();
        return branches;
      }
      return parts.reduce<Literal[][]>(
        (acc, part) => {
          if (acc.length * part.length > cap) throw new CapExceeded();
          return acc.flatMap((left) => part.map((right) => [...left, ...right]));
        },
        [[]],
      );
    }
  }
}

function dedupeBranch(branch: Literal[]): Literal[] {
  const seen = new Map<string, Literal>();
  for (const literal of branch) seen.set(`${literal.negated ? '!' : ''}${literal.name}`, literal);
  return [...seen.values()];
}

/** Polarity of each identifier from the tree itself (parity of enclosing `not`s), used when the DNF is capped. */
export function identifierPolarity(node: ConditionNode, identifiers: readonly string[]): Map<string, 'positive' | 'negative' | 'both'> {
  const polarity = new Map<string, 'positive' | 'negative' | 'both'>();
  const mark = (name: string, negated: boolean): void => {
    const next = negated ? 'negative' : 'positive';
    const current = polarity.get(name);
    polarity.set(name, current && current !== next ? 'both' : next);
  };
  const visit = (current: ConditionNode, negated: boolean): void => {
    if (current.kind === 'ref') mark(current.name, negated);
    else if (current.kind === 'of') expandPattern(current.pattern, identifiers).forEach((name) => mark(name, negated));
    else if (current.kind === 'not') visit(current.child, !negated);
    else current.children.forEach((child) => visit(child, negated));
  };
  visit(node, false);
  return polarity;
}
