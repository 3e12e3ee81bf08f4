import { toDnf } from './dnf';
import { ConditionSyntaxError, parseCondition } from './parse-condition';

describe('parseCondition', () => {
  it('binds not tighter than and, and tighter than or', () => {
    expect(parseCondition('a or b and not c')).toEqual({
      kind: 'or',
      children: [
        { kind: 'ref', name: 'a' },
        {
          kind: 'and',
          children: [
            { kind: 'ref', name: 'b' },
            { kind: 'not', child: { kind: 'ref', name: 'c' } },
          ],
        },
      ],
    });
  });

  it('parses parentheses, 1 of pattern, all of them', () => {
    expect(parseCondition('(1 of sel_* or x) and all of them')).toEqual({
      kind: 'and',
      children: [
        {
          kind: 'or',
          children: [
            { kind: 'of', quantifier: 'one', pattern: 'sel_*' },
            { kind: 'ref', name: 'x' },
          ],
        },
        { kind: 'of', quantifier: 'all', pattern: 'them' },
      ],
    });
  });

  it.each(['', 'a and', '(a', 'a)', 'of them', '3 of them', 'a | count() > 2', 'a && b', 'not'])('rejects %j', (source) => {
    expect(() => parseCondition(source)).toThrow(ConditionSyntaxError);
  });

  it('reads `N of` only when counting quantifiers are asked for, and DNF leaves it inconclusive', () => {
    const tree = parseCondition('2 of sel_*', { countQuantifiers: true });
    expect(tree).toEqual({ kind: 'of', quantifier: 'one', pattern: 'sel_*', atLeast: 2 });
    expect(toDnf(tree, ['sel_a', 'sel_b', 'sel_c'])).toBeNull();
    expect(() => parseCondition('0 of them', { countQuantifiers: true })).toThrow(ConditionSyntaxError);
  });
});

describe('toDnf', () => {
  const ids = ['sel_a', 'sel_b', 'filter_x', 'filter_y', '_hidden'];

  it('expands patterns and pushes not inward', () => {
    expect(toDnf(parseCondition('1 of sel_* and not 1 of filter_*'), ids)).toEqual([
      [
        { name: 'sel_a', negated: false },
        { name: 'filter_x', negated: true },
        { name: 'filter_y', negated: true },
      ],
      [
        { name: 'sel_b', negated: false },
        { name: 'filter_x', negated: true },
        { name: 'filter_y', negated: true },
      ],
    ]);
  });

  it('leaves identifiers starting with _ out of them', () => {
    expect(toDnf(parseCondition('all of them'), ids)?.[0]?.map((l) => l.name)).toEqual(['sel_a', 'sel_b', 'filter_x', 'filter_y']);
  });

  it('turns not (a and b) into two branches', () => {
    expect(toDnf(parseCondition('sel_a and not (filter_x and filter_y)'), ids)).toHaveLength(2);
  });

  it('returns null past the branch cap', () => {
    const names = Array.from({ length: 14 }, (_, i) => `s${i}`);
    const condition = Array.from({ length: 7 }, (_, i) => `(s${2 * i} or s${2 * i + 1})`).join(' and ');
    expect(toDnf(parseCondition(condition), names)).toBeNull();
    expect(toDnf(parseCondition(condition), names, 128)).toHaveLength(128);
  });
});
