import { jsonNestsDeeperThan } from './json-depth';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('jsonNestsDeeperThan', () => {
  it('counts objects and arrays inside each other, not side by side', () => {
    expect(jsonNestsDeeperThan(bytes('[[[]]]'), 3)).toBe(false);
    expect(jsonNestsDeeperThan(bytes('[[[[]]]]'), 3)).toBe(true);
    expect(jsonNestsDeeperThan(bytes('[[],[],{"a":[]},[[]]]'), 3)).toBe(false);
    expect(jsonNestsDeeperThan(bytes('{"a":{"b":{"c":{"d":1}}}}'), 3)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan(bytes(JSON.stringify({ text: '[[[[{{{{' })), 1)).toBe(false);
    expect(jsonNestsDeeperThan(bytes(JSON.stringify({ text: 'say "[[[[" \\' })), 1)).toBe(false);
    expect(jsonNestsDeeperThan(bytes(JSON.stringify(['é—[[', ['\u{1F600}']])), 2)).toBe(false);
  });

  it('scans 10,000 levels without recursion', () => {
    expect(jsonNestsDeeperThan(bytes(`${'['.repeat(100_000)}${']'.repeat(100_000)}`), 64)).toBe(true);
  });
});
