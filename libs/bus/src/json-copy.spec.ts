import { jsonCopy } from './json-copy';

const throughJson = (value: unknown): unknown => {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : JSON.parse(text);
};

/** The copy is the JSON round trip's, key order and own `__proto__` members included. */
function expectSameAsJson(value: unknown): void {
  const copy = jsonCopy(value);
  expect(copy).toStrictEqual(throughJson(value));
  expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
}

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
  get sum(): number {
    return this.x + this.y;
  }
}

describe('jsonCopy', () => {
  it('gives what a JSON round trip gives for the values messages carry', () => {
    const values: unknown[] = [
      'text with "quotes", \\ backslashes, \n breaks, \u2028 and a lone surrogate \ud800',
      42,
      -0,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      true,
      null,
      undefined,
      () => 1,
      Symbol('s'),
      [1, undefined, () => 1, Symbol('s'), Number.NaN, -0, [2, [3]]],
      // A sparse array: its holes are nulls.
      [1, , 3], // eslint-disable-line no-sparse-arrays
      { b: 1, a: { deep: [{ x: 'y' }] }, 2: 'two', 1: 'one', gone: undefined, fn: () => 1, [Symbol('k')]: 1 },
      { at: new Date('2026-01-02T03:04:05.678Z'), invalid: new Date(Number.NaN) },
      { custom: { toJSON: (key: string) => ({ key, nested: { toJSON: (inner: string) => `inner ${inner}` } }) } },
      [{ toJSON: (key: string) => `element ${key}` }],
      Object.assign(Object.create(null) as object, { bare: 1 }),
      JSON.parse('{"__proto__": {"polluted": true}, "kept": 1}'),
      new Point(1, 2),
      { map: new Map([[1, 2]]), set: new Set([1]), typed: new Uint8Array([1, 2]), buffer: Buffer.from('hi') },
      { boxed: [new Number(3), new String('s'), new Boolean(false)] },
      { toJSON: () => new Point(3, 4) },
      { toJSON: () => ({ toJSON: () => 'never called by JSON' }) },
    ];
    for (const value of values) expectSameAsJson(value);
  });

  it('reads getters as JSON does, and calls toJSON with the member key', () => {
    const keys: string[] = [];
    const value = {
      get computed() {
        return 'read';
      },
      member: { toJSON: (key: string) => keys.push(key) },
      list: [{ toJSON: (key: string) => keys.push(key) }],
    };
    expect(jsonCopy(value)).toEqual({ computed: 'read', member: 1, list: [2] });
    expect(keys).toEqual(['member', '0']);
  });

  it('throws what JSON throws for a cycle or a BigInt', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic['self'] = { back: cyclic };
    expect(() => jsonCopy(cyclic)).toThrow(captured(() => JSON.stringify(cyclic)));
    expect(() => jsonCopy({ big: 1n })).toThrow(captured(() => JSON.stringify({ big: 1n })));
  });

  it('copies deep nesting, and fails where JSON fails on nesting too deep for it', () => {
    const nested = (depth: number) => {
      let deep: unknown = 'bottom';
      for (let i = 0; i < depth; i++) deep = { next: [deep] };
      return deep;
    };
    expectSameAsJson(nested(1000));
    const tooDeep = nested(100_000);
    expect(() => jsonCopy(tooDeep)).toThrow(captured(() => JSON.stringify(tooDeep)));
  });

  it('shares nothing a later change could reach: the producer changes its objects, the copy stays', () => {
    const payload = { rules: [{ title: 'a', tags: ['x'] }], meta: { n: 1 } };
    const copy = jsonCopy(payload) as typeof payload;
    payload.rules[0]?.tags.push('y');
    payload.rules.push({ title: 'b', tags: [] });
    payload.meta.n = 2;
    expect(copy).toEqual({ rules: [{ title: 'a', tags: ['x'] }], meta: { n: 1 } });
    expect(copy.rules).not.toBe(payload.rules);
  });
});

function captured(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}
