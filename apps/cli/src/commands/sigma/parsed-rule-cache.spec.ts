import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRuleDocuments, RuleCompileError } from '@huntforge/sigma';
import { ParsedRuleCache, ruleCacheDir } from './parsed-rule-cache';

const rule = (title: string): string =>
  `title: ${title}\nlogsource: {product: windows}\ndetection:\n  sel:\n    EventID: 1\n  condition: sel\n`;

/** loadRuleDocuments, counting its calls. */
function counting(): { parse: typeof loadRuleDocuments; calls: () => number } {
  let calls = 0;
  return {
    parse: (text) => {
      calls++;
      return loadRuleDocuments(text);
    },
    calls: () => calls,
  };
}

describe('ParsedRuleCache', () => {
  const paths = ['/rules'];

  it('gives a text parsed in an earlier run its documents without parsing it again, and parses a changed text', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hf-rule-cache-'));
    const first = counting();
    const cold = ParsedRuleCache.open(dir, paths);
    const docs = cold.documents(rule('A'), first.parse);
    cold.save();
    expect(first.calls()).toBe(1);

    const second = counting();
    const warm = ParsedRuleCache.open(dir, paths);
    expect(warm.documents(rule('A'), second.parse)).toEqual(docs);
    expect(second.calls()).toBe(0);
    expect(warm.documents(rule('B'), second.parse)).toEqual(loadRuleDocuments(rule('B')));
    expect(second.calls()).toBe(1);
    // Another set of paths has a cache of its own.
    const other = counting();
    ParsedRuleCache.open(dir, ['/elsewhere']).documents(rule('A'), other.parse);
    expect(other.calls()).toBe(1);
  });

  it('gives each file documents of its own, and keeps what callers do to them out of the cache', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hf-rule-cache-'));
    const cold = ParsedRuleCache.open(dir, paths);
    const mutated = cold.documents(rule('A'), loadRuleDocuments);
    (mutated[0] as Record<string, unknown>)['title'] = 'changed after parsing';
    cold.save();
    const warm = ParsedRuleCache.open(dir, paths);
    const one = warm.documents(rule('A'), loadRuleDocuments);
    const two = warm.documents(rule('A'), loadRuleDocuments);
    expect(one[0]?.['title']).toBe('A');
    expect(one).toEqual(two);
    expect(one[0]).not.toBe(two[0]);
  });

  it('caches neither errors nor documents JSON would change, and ignores a damaged cache', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hf-rule-cache-'));
    const nan = `${rule('N')}level: .nan\n`;
    const cold = ParsedRuleCache.open(dir, paths);
    expect(() => cold.documents('title: [unclosed', loadRuleDocuments)).toThrow(RuleCompileError);
    expect(Number.isNaN(cold.documents(nan, loadRuleDocuments)[0]?.['level'])).toBe(true);
    cold.save();
    const warm = counting();
    const again = ParsedRuleCache.open(dir, paths);
    expect(() => again.documents('title: [unclosed', warm.parse)).toThrow(RuleCompileError);
    expect(Number.isNaN(again.documents(nan, warm.parse)[0]?.['level'])).toBe(true);
    expect(warm.calls()).toBe(2);

    const good = ParsedRuleCache.open(dir, paths);
    good.documents(rule('A'), loadRuleDocuments);
    good.save();
    const cacheDir = join(dir, 'sigma-rules');
    expect(readdirSync(cacheDir)).toHaveLength(1);
    for (const name of readdirSync(cacheDir)) writeFileSync(join(cacheDir, name), '{"version": 2, "entries": {');
    const damaged = counting();
    expect(ParsedRuleCache.open(dir, paths).documents(rule('A'), damaged.parse)).toEqual(loadRuleDocuments(rule('A')));
    expect(damaged.calls()).toBe(1);
  });

  it('is placed by HUNTFORGE_CACHE_DIR or XDG_CACHE_HOME, and off when told', () => {
    expect(ruleCacheDir({ HUNTFORGE_CACHE_DIR: '/tmp/hf' })).toBe('/tmp/hf');
    expect(ruleCacheDir({ HUNTFORGE_CACHE_DIR: 'off' })).toBeNull();
    expect(ruleCacheDir({ HUNTFORGE_CACHE_DIR: '' })).toBeNull();
    expect(ruleCacheDir({ XDG_CACHE_HOME: '/var/cache/me' })).toBe(join('/var/cache/me', 'huntforge'));
    const off = counting();
    const cache = ParsedRuleCache.open(null, paths);
    cache.documents(rule('A'), off.parse);
    cache.save();
    ParsedRuleCache.open(null, paths).documents(rule('A'), off.parse);
    expect(off.calls()).toBe(2);
  });
});
