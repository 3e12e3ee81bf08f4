import { DENSE_SLOTS, FEATURE_DIMENSION, Featurizer } from './featurizer';

const intrusion = String.raw`The actor ran powershell.exe -nop -w hidden -enc SQBFAFgA and added HKCU\Software\Microsoft\Windows\CurrentVersion\Run\upd pointing to C:\Users\Public\upd.exe; beacon to 185.220.101[.]44.`;
const marketing = 'Our award-winning platform helps your team stay ahead of threats with AI-powered insights. Request a demo today.';

describe('Featurizer', () => {
  const featurizer = new Featurizer();

  it('produces unique in-range indices and the same vector for the same text', () => {
    const a = featurizer.featurize(intrusion);
    const b = featurizer.featurize(intrusion);
    expect(Array.from(a.indices)).toEqual(Array.from(b.indices));
    expect(Array.from(a.values)).toEqual(Array.from(b.values));
    expect(new Set(a.indices).size).toBe(a.indices.length);
    expect(Math.max(...a.indices)).toBeLessThan(FEATURE_DIMENSION);
    expect(Math.min(...a.indices)).toBeGreaterThanOrEqual(0);
  });

  it('turns on hunting signals and keyword tiers for intrusion text, not for marketing', () => {
    const named = featurizer.featurizeWithNames(intrusion);
    const names = Array.from(named.indices, (_, p) => p)
      .filter((p) => named.indices[p] < DENSE_SLOTS)
      .map((p) => named.nameAt(p));
    expect(names).toEqual(
      expect.arrayContaining(['signal:registry_paths', 'signal:windows_paths', 'keywords:perfect', 'keywords:perfect_present']),
    );
    const plain = featurizer.featurizeWithNames(marketing);
    const plainNames = Array.from(plain.indices, (_, p) => p)
      .filter((p) => plain.indices[p] < DENSE_SLOTS)
      .map((p) => plain.nameAt(p));
    expect(plainNames).not.toContain('signal:registry_paths');
    expect(plainNames).not.toContain('keywords:perfect_present');
    expect(plainNames).toContain('signal:second_person');
  });

  it('names hashed features after the words and grams that produced them', () => {
    const named = featurizer.featurizeWithNames('PowerShell downloads payloads; cmd.exe');
    const all = Array.from(named.indices, (_, p) => named.nameAt(p));
    expect(all).toEqual(expect.arrayContaining(['word:powershell', 'bigram:powershell downloads', 'bigram:cmd exe', 'char:"powe"']));
    // Naming does not change the vector.
    const plain = featurizer.featurize('PowerShell downloads payloads; cmd.exe');
    expect(Array.from(named.indices)).toEqual(Array.from(plain.indices));
    expect(Array.from(named.values)).toEqual(Array.from(plain.values));
  });

  it('hashes non-Latin-1 text too (the wide-character fallback)', () => {
    const a = featurizer.featurize('攻撃者は powershell を使った');
    const b = featurizer.featurize('攻撃者は powershell を使った');
    expect(a.indices.length).toBeGreaterThan(10);
    expect(Array.from(a.indices)).toEqual(Array.from(b.indices));
  });

  it('normalises each hashed family, so a repeated text does not grow without bound', () => {
    const once = featurizer.featurize('lateral movement with psexec');
    const many = featurizer.featurize('lateral movement with psexec '.repeat(30));
    const norm = (v: Float32Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
    expect(norm(many.values)).toBeLessThan(norm(once.values) * 2);
  });
});
