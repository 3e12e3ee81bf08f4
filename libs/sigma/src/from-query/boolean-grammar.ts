import { and, not, or, type QueryNode } from './query-tree';
import type { Cursor } from './tokens';

/**
 * The boolean core most query languages share: `or` binds loosest, `and` tighter, each operand read by the
 * language's own `operand` (its `not`, brackets and field tests), so a parser writes only what is its own.
 */
export function orOfAnds(cursor: Cursor, operand: (cursor: Cursor) => QueryNode): QueryNode {
  const conjunction = (): QueryNode => {
    const children = [operand(cursor)];
    while (cursor.accept('and')) children.push(operand(cursor));
    return and(children);
  };
  const children = [conjunction()];
  while (cursor.accept('or')) children.push(conjunction());
  return or(children);
}

/**
 * The whole boolean core where a language's own part is only its field tests (`test`): `not` before any operand and
 * a bracketed condition are read here, the same in EQL, ES|QL, Falco and osquery.
 */
export function booleanCondition(cursor: Cursor, test: (cursor: Cursor) => QueryNode): QueryNode {
  const operand = (at: Cursor): QueryNode => {
    if (at.accept('not')) return not(operand(at));
    if (!at.accept('(')) return test(at);
    const inner = orOfAnds(at, operand);
    at.expect(')');
    return inner;
  };
  return orOfAnds(cursor, operand);
}
