import { detectionOf, ruleYaml } from '../test-support/rules';
import { analyseRuleText, type RuleAtoms } from './atoms';
import { compareAtoms } from './score';
import { SimilarityIndex } from './similarity-index';

function atoms(source: string): RuleAtoms {
  const result = analyseRuleText(source);
  if (!result.ok) throw new Error(result.reason);
  return result.atoms;
}

const base = ruleYaml();

describe('similarity', () => {
  it('scores identical rules 1.0', () => {
    expect(compareAtoms(atoms(base), atoms(base)).score).toBe(1);
  });

  it('scores reordered values, reordered keys and a new title at least 0.99', () => {
    const variant = ruleYaml((r) => {
      r.title = 'A Completely Different Title';
      const d = detectionOf(r);
      d.selection_cli = { 'CommandLine|contains': ['verifyctl', 'urlcache'] };
      r.detection = {
        condition: d.condition,
        filter_admin: d.filter_admin,
        selection_cli: d.selection_cli,
        selection_img: d.selection_img,
      };
    });
    expect(compareAtoms(atoms(base), atoms(variant)).score).toBeGreaterThanOrEqual(0.99);
  });

  it('keeps a rule with one added value above 0.5 and explains the difference', () => {
    const variant = ruleYaml((r) => (detectionOf(r).selection_cli = { 'CommandLine|contains': ['urlcache', 'verifyctl', '-split'] }));
    const result = compareAtoms(atoms(base), atoms(variant));
    expect(result.score).toBeGreaterThan(0.5);
    expect(result.score).toBeLessThan(1);
    expect(result.onlyInB).toEqual(['commandline|contains|-split']);
    expect(result.onlyInA).toEqual([]);
    expect(result.shared).toContain('image|endswith|\\certutil.exe');
  });

  it('scores rules of different telemetry classes 0', () => {
    const other = ruleYaml((r) => (r.logsource = { category: 'file_event', product: 'windows' }));
    expect(compareAtoms(atoms(base), atoms(other)).score).toBe(0);
  });

  it('penalises a different filter by up to 0.5', () => {
    const noFilter = ruleYaml((r) => {
      delete detectionOf(r).filter_admin;
      detectionOf(r).condition = 'all of selection_*';
    });
    const result = compareAtoms(atoms(base), atoms(noFilter));
    expect(result.filterPenalty).toBe(0.5);
    expect(result.score).toBe(0.5);
    const otherFilter = ruleYaml((r) => (detectionOf(r).filter_admin = { User: ['SYSTEM', 'LOCAL SERVICE'] }));
    expect(compareAtoms(atoms(base), atoms(otherFilter)).filterPenalty).toBe(0.25);
  });

  it('folds aliases, case and wildcards into the same atoms', () => {
    const spelled = ruleYaml((r) => {
      detectionOf(r).selection_img = { NewProcessName: '*\\CERTUTIL.EXE' };
      detectionOf(r).selection_cli = { ProcessCommandLine: ['*URLCACHE*', '*verifyctl*'] };
    });
    expect(atoms(spelled).positive).toEqual(atoms(base).positive);
  });

  it('marks a condition past the DNF cap inconclusive and still indexes its atoms', () => {
    const wide = ruleYaml((r) => {
      const d = detectionOf(r);
      for (let i = 0; i < 14; i++) d[`s${i}`] = { CommandLine: `v${i}` };
      d.condition =
        Array.from({ length: 7 }, (_, i) => `(s${2 * i} or s${2 * i + 1})`).join(' and ') +
        ' and selection_img and selection_cli and not filter_admin';
    });
    const analysed = atoms(wide);
    expect(analysed.inconclusive).toBe(true);
    expect(analysed.branches).toBeNull();
    expect(analysed.filter).toEqual(['user|eq|system']);
    expect(compareAtoms(analysed, atoms(base)).inconclusive).toBe(true);
  });

  it('finds the closest rules through the inverted index with attribution', () => {
    const index = new SimilarityIndex();
    const attribution = (ruleId: string) => ({
      ruleId,
      title: ruleId,
      author: 'Someone',
      license: 'DRL-1.1',
      path: `rules/${ruleId}.yml`,
      origin: 'sigmahq',
    });
    index.add(atoms(base), attribution('same'));
    index.add(
      atoms(ruleYaml((r) => (detectionOf(r).selection_cli = { 'CommandLine|contains': ['urlcache', '-f', '-split'] }))),
      attribution('close'),
    );
    index.add(atoms(ruleYaml((r) => (r.logsource = { category: 'file_event', product: 'windows' }))), attribution('other-class'));
    index.add(atoms(ruleYaml((r) => (r.detection = { sel: { Image: 'x.exe' }, condition: 'sel' }))), attribution('unrelated'));

    const result = index.search(atoms(base), { top: 10 });
    expect(result.matches.map((m) => m.attribution.ruleId)).toEqual(['same', 'close']);
    expect(result.maxSimilarity).toBe(1);
    expect(result.inconclusive).toBe(false);
    expect(result.matches[0]?.attribution).toMatchObject({ author: 'Someone', license: 'DRL-1.1' });
    expect(index.search(atoms(base), { top: 1, excludeRuleId: 'same' }).matches.map((m) => m.attribution.ruleId)).toEqual(['close']);
  });

  it('keeps the best `top` by score, ties in the order of their ids as text', () => {
    const index = new SimilarityIndex();
    const attribution = (ruleId: string) => ({ ruleId, title: ruleId, author: null, license: 'n/a', path: null, origin: 'queue' });
    const close = atoms(ruleYaml((r) => (detectionOf(r).selection_cli = { 'CommandLine|contains': ['urlcache', '-f', '-split'] })));
    for (const id of ['9', '30', '4']) index.add(close, attribution(`close-${id}`));
    for (const id of ['12', '7', '100']) index.add(atoms(base), attribution(`same-${id}`));
    const ids = (top: number) => index.search(atoms(base), { top }).matches.map((m) => m.attribution.ruleId);
    expect(ids(10)).toEqual(['same-100', 'same-12', 'same-7', 'close-30', 'close-4', 'close-9']);
    expect(ids(4)).toEqual(['same-100', 'same-12', 'same-7', 'close-30']);
    expect(ids(2)).toEqual(['same-100', 'same-12']);
    expect(ids(0)).toEqual([]);
  });
});
