import { parseDocument } from '../text/document';
import { embeddedInvocations } from './embedded';
import { parseCommandLine } from './parse';
import { serviceOperations } from './service-operations';

const stages = (text: string) => parseCommandLine(text, { runOn: true }).invocations.map((i) => i.text);

describe('run-on commands', () => {
  it('splits commands a page ran together on one line, and cuts the prose between them', () => {
    const text =
      'reg add "HKLM\\System\\CurrentControlSet\\Services\\WinDefend" /v "Start" /t REG_DWORD /d "4" /f sc stop windefend sc delete windefend Disables the main antivirus service. reg add "HKLM\\Software\\X" /v a /d 1 /f';
    expect(stages(text)).toEqual([
      'reg add "HKLM\\System\\CurrentControlSet\\Services\\WinDefend" /v "Start" /t REG_DWORD /d "4" /f',
      'sc stop windefend',
      'sc delete windefend',
      'reg add "HKLM\\Software\\X" /v a /d 1 /f',
    ]);
  });

  it('starts a new command at a bare discovery tool, and after one', () => {
    expect(stages('net group "domain admins" /domain systeminfo hostname whoami /all')).toEqual([
      'net group "domain admins" /domain',
      'systeminfo',
      'hostname',
      'whoami /all',
    ]);
    expect(stages('cmd /c whoami')).toEqual(['cmd /c whoami']);
    expect(stages('echo hostname')).toEqual(['echo hostname']);
    expect(stages('for /f %i in (hosts.txt) do psexec \\\\%i -s cmd /c whoami')).toEqual([
      'for /f %i in (hosts.txt) do psexec \\\\%i -s cmd /c whoami',
    ]);
  });

  it('starts a new command after a wrapper whose quoted command ended', () => {
    const text =
      'powershell -w hidden -Command "Set-MpPreference -DisableIOAVProtection $true" powershell -w hidden -Command "Stop-Service -Name WinDefend"';
    expect(stages(text)).toHaveLength(2);
  });

  it('keeps what a wrapper runs, a switch value and an echoed program in their command', () => {
    expect(stages('sudo systemctl enable cron')).toEqual(['sudo systemctl enable cron']);
    expect(stages('schtasks /create /tn x /tr powershell -ep bypass')).toHaveLength(1);
    expect(stages('echo reg add HKCU\\x /f')).toHaveLength(1);
  });

  it('ends a command where running text resumes', () => {
    expect(stages('sc delete Sense to completely disable or remove the core MDE service')).toEqual(['sc delete Sense']);
    expect(stages('vssadmin.exe delete shadows /all /quiet Per the vendor analysis, these commands are embedded')).toEqual([
      'vssadmin.exe delete shadows /all /quiet',
    ]);
    expect(stages('Set-MpPreference -DisableFoo $true Sets sample submission consent')).toEqual(['Set-MpPreference -DisableFoo $true']);
    expect(stages('sc stop acmesvc What this means for defenders')).toEqual(['sc stop acmesvc']);
  });

  it('reads cmd tools spelt in capitals with their sub-command, but not other capitalised words', () => {
    expect(stages('netsh firewall set opmode disable REG ADD HKLM\\Software\\Acme /v Off /d 1 /f')).toEqual([
      'netsh firewall set opmode disable',
      'REG ADD HKLM\\Software\\Acme /v Off /d 1 /f',
    ]);
    expect(stages('netsh firewall set opmode disable START ACME now').some((stage) => stage.startsWith('START'))).toBe(false);
  });

  it('ends a command where a sentence opens with a short capitalised function word', () => {
    expect(stages('netsh firewall set opmode disable In short, this was the plan')).toEqual(['netsh firewall set opmode disable']);
  });

  it('keeps a capitalised switch value in its command', () => {
    expect(stages('Set-NetConnectionProfile -Name "Lan" -NetworkCategory Private')).toEqual([
      'Set-NetConnectionProfile -Name "Lan" -NetworkCategory Private',
    ]);
  });
});

describe('embeddedInvocations', () => {
  it('reads commands wherever a text states them, through wrappers, bounded by inline code', () => {
    const doc = parseDocument(
      'The actor ran `net stop VeeamSvc /y` and then cmd /c "sc config WinDefend start= disabled" before sc.exe stop Sense was seen.',
    );
    const services = embeddedInvocations(doc.content, /\b(?:net|sc)(?:\.exe)?\s/g, (i) => serviceOperations(i).length > 0, doc.spanEnd)
      .flatMap(({ invocation }) => serviceOperations(invocation))
      .map((op) => [op.action, op.name]);
    expect(services).toEqual([
      ['stop', 'VeeamSvc'],
      ['config', 'WinDefend'],
      ['stop', 'Sense'],
    ]);
  });
});
