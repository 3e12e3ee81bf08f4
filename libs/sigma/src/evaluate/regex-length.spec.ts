import { regexMinLength } from './regex-length';

describe('regexMinLength', () => {
  it('bounds from below the length of what a regex matches', () => {
    expect(regexMinLength('.{1000,}')).toBe(1000);
    expect(regexMinLength('a|bcd')).toBe(1);
    expect(regexMinLength('(?:ab)+c')).toBe(3);
    expect(regexMinLength('\\x41{3}\\u0042')).toBe(4);
    expect(regexMinLength('[a-z\\]]{2,5}x?')).toBe(2);
    expect(regexMinLength('(?<word>ab)\\k<word>\\1')).toBe(2);
    expect(regexMinLength('(?=abc)d(?<!x)')).toBe(1);
    expect(regexMinLength('^\\bfoo\\b$')).toBe(3);
    expect(regexMinLength('a*|b{0,3}')).toBe(0);
    expect(regexMinLength('a{,3}')).toBe(5); // not a quantifier: the text "{,3}"
  });

  it('says 0 when it cannot read the regex', () => {
    expect(regexMinLength('(abc')).toBe(0);
    expect(regexMinLength('[abc')).toBe(0);
    expect(regexMinLength('abc)')).toBe(0);
    expect(regexMinLength('(?P<x>a)')).toBe(0);
  });

  it('agrees with what the regexes match', () => {
    const cases: Array<[string, string]> = [
      ['.{3,}', 'abc'],
      ['(a|bc)+d', 'ad'],
      ['\\x41{2}', 'AA'],
      ['[\\]]?x', 'x'],
      ['[^]y', 'zy'],
      ['\\012z', '\nz'],
    ];
    for (const [source, text] of cases) {
      expect(new RegExp(source).test(text)).toBe(true);
      expect(regexMinLength(source)).toBeLessThanOrEqual(text.length);
    }
  });
});
