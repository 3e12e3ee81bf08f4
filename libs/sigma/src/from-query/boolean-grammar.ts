import { and, or, type QueryNode } from './query-tree';
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
