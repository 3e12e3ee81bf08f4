import { observableEvents, type ObservableLike } from './observable-events';
import { scriptBlockCode } from '@huntforge/observables';
import { recordedPath } from './command-io-effects';

const eventsOf = (observables: ObservableLike[], product: string) => observableEvents(observables, { product }).map(({ event }) => event);
const cmdline = (value: string): ObservableLike => ({ type: 'cmdline', value });
const withId = (events: Array<Record<string, unknown>>, id: number) => events.filter((event) => event['EventID'] === id);

describe('synthetic telemetry of a command line', () => {
  it('works out a list of observables once per product, as a run self-tests each of its rules on the same list', () => {
    const list: ObservableLike[] = [{ type: 'cmdline', value: 'sc create updater binPath= C:\\Users\\Public\\u.exe' }];
    const windows = observableEvents(list, { product: 'windows' });
    expect(observableEvents(list, { product: 'Windows' })).toBe(windows);
    expect(windows.some(({ event }) => event['EventID'] === 7045)).toBe(true);
    // Another product, or another list with the same content, is worked out afresh.
    expect(observableEvents(list, { product: 'linux' })).not.toBe(windows);
    expect(observableEvents([...list], { product: 'windows' })).not.toBe(windows);
    expect(observableEvents([...list], { product: 'windows' })).toEqual(windows);
  });

  it('runs an unquoted program path with spaces as the whole path, not its first word', () => {
    const [process] = eventsOf([cmdline('C:\\Program Files\\Example Vendor\\bin\\agent.exe --sync now')], 'windows');
    expect(process?.['Image']).toBe('C:\\Program Files\\Example Vendor\\bin\\agent.exe');
    expect(process?.['OriginalFileName']).toBe('agent.exe');
    // A quoted path, and a first word that already names a program, are kept as they are.
    expect(eventsOf([cmdline('"C:\\Tools\\my tool.exe" -x')], 'windows')[0]?.['Image']).toBe('C:\\Tools\\my tool.exe');
    expect(eventsOf([cmdline('C:\\Tools\\run.exe C:\\Program Files\\x.exe')], 'windows')[0]?.['Image']).toBe('C:\\Tools\\run.exe');
    // The program as the shared command-line model reads it: after environment settings, PowerShell's call operator and cmd's carets.
    expect(eventsOf([cmdline('LANG=C wget -q http://203.0.113.5/x')], 'linux')[0]?.['Image']).toBe('/usr/bin/wget');
    expect(eventsOf([cmdline('& "C:\\Tools\\my tool.exe" -x')], 'windows')[0]?.['Image']).toBe('C:\\Tools\\my tool.exe');
    expect(eventsOf([cmdline('c^e^r^t^u^t^i^l -decode a.b64 a.exe')], 'windows')[0]?.['Image']).toBe('C:\\Windows\\System32\\certutil.exe');
  });

  it('adds the registry value a reg add writes, with the quotes cmd /C escaped removed', () => {
    const events = eventsOf(
      [cmdline('cmd /C "reg add \\"HKLM\\SOFTWARE\\Example Vendor\\Agent\\" /v Mode /t REG_DWORD /d 1 /f"')],
      'windows',
    );
    expect(withId(events, 13)).toEqual([
      expect.objectContaining({
        EventType: 'SetValue',
        TargetObject: 'HKLM\\software\\example vendor\\agent\\mode',
        Details: 'DWORD (0x00000001)',
      }),
    ]);
  });

  it('records a reg delete as a deletion, and a registry item the commands only delete is not a value set', () => {
    const remove = 'reg delete "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run" /v "Example Tray" /f';
    const events = eventsOf(
      [
        cmdline(remove),
        {
          type: 'registry_key',
          value: 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run',
          attributes: { value_name: 'Example Tray' },
        },
      ],
      'windows',
    );
    expect(withId(events, 13)).toEqual([]);
    expect(withId(events, 12).map((event) => [event['EventType'], event['TargetObject']])).toEqual([
      [
        'DeleteValue',
        'HKU\\S-1-5-21-1004336348-1177238915-682003330-1001\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\Example Tray',
      ],
      [
        'DeleteValue',
        'HKU\\S-1-5-21-1004336348-1177238915-682003330-1001\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\Example Tray',
      ],
    ]);
  });

  it('adds the service an sc create installs', () => {
    const events = eventsOf([cmdline('sc.exe create ExampleSvc binPath= "C:\\ProgramData\\example\\svc.exe" start= auto')], 'windows');
    expect(withId(events, 7045)).toEqual([
      expect.objectContaining({ ServiceName: 'ExampleSvc', ImagePath: 'C:\\ProgramData\\example\\svc.exe' }),
    ]);
    expect(withId(events, 4697)).toHaveLength(1);
  });

  it('logs the code PowerShell runs as a script block, decoding -EncodedCommand', () => {
    const encoded = Buffer.from('Get-Process | Out-File C:\\x.txt', 'utf16le').toString('base64');
    expect(scriptBlockCode(`powershell.exe -NoProfile -EncodedCommand ${encoded}`)).toBe('Get-Process | Out-File C:\\x.txt');
    expect(scriptBlockCode('powershell -ep bypass -Command "Get-Service -Name Example"')).toBe('Get-Service -Name Example');
    expect(scriptBlockCode("irm 'https://example.org/a'|iex")).toBe("irm 'https://example.org/a'|iex");
    // Not PowerShell, or an encoded payload that is not readable text: no script block.
    expect(scriptBlockCode('cmd /c dir')).toBeNull();
    expect(scriptBlockCode('powershell -e QUJDREVGR0hJSktMTU5PUA==')).toBeNull();
    const events = eventsOf([cmdline('powershell -c "Set-Example -Mode 1"')], 'windows');
    expect(withId(events, 4104).map((event) => event['ScriptBlockText'])).toEqual(['Set-Example -Mode 1']);
    // A Linux line gives none of the Windows logs.
    expect(withId(eventsOf([cmdline('pwsh -c "Get-Date"')], 'linux'), 4104)).toEqual([]);
  });

  it('adds the file a download writes and the host it reaches, with the downloading program as Image', () => {
    const events = eventsOf([cmdline('curl -o %TEMP%\\update.exe https://files.example.org/update.exe')], 'windows');
    expect(withId(events, 11)).toEqual([
      { EventID: 11, Image: 'C:\\Windows\\System32\\curl.exe', TargetFilename: 'C:\\Users\\user\\AppData\\Local\\Temp\\update.exe' },
    ]);
    expect(withId(events, 3)).toEqual([
      expect.objectContaining({ Image: 'C:\\Windows\\System32\\curl.exe', DestinationHostname: 'files.example.org', DestinationPort: 443 }),
    ]);
    expect(withId(events, 22)).toEqual([{ EventID: 22, Image: 'C:\\Windows\\System32\\curl.exe', QueryName: 'files.example.org' }]);
  });

  it('starts net1.exe under net.exe for the account commands net hands over, and no connection for a URL only printed', () => {
    const events = eventsOf([cmdline('net group "Domain Admins" /domain'), cmdline('net view \\\\fileserver')], 'windows');
    expect(events.filter((event) => event['Image'] === 'C:\\Windows\\System32\\net1.exe')).toEqual([
      expect.objectContaining({
        CommandLine: 'C:\\Windows\\system32\\net1 group "Domain Admins" /domain',
        ParentImage: 'C:\\Windows\\System32\\net.exe',
      }),
    ]);
    expect(withId(eventsOf([cmdline('echo https://example.org/a >> /tmp/urls.txt')], 'linux'), 3)).toEqual([]);
  });

  it('says where a written file is only when the command says it (no relative path, no device)', () => {
    expect(recordedPath('$env:APPDATA\\x\\y.dll', true)).toBe('C:\\Users\\user\\AppData\\Roaming\\x\\y.dll');
    expect(recordedPath('out.txt', true)).toBeNull();
    expect(recordedPath('nul', true)).toBeNull();
    expect(recordedPath('/dev/null', false)).toBeNull();
    expect(recordedPath('/etc/example.conf', false)).toBe('/etc/example.conf');
  });

  it('gives Linux commands the auditd EXECVE and PATH records, a redirection written by the shell', () => {
    const events = eventsOf(
      [cmdline("echo '/opt/example/lib.so' | tee -a /etc/example.conf"), cmdline('echo x >> /etc/other.conf')],
      'linux',
    );
    expect(withId(events, 11).map((event) => [event['Image'], event['TargetFilename']])).toEqual([
      ['/usr/bin/tee', '/etc/example.conf'],
      ['/bin/bash', '/etc/other.conf'],
    ]);
    expect(events.filter((event) => event['type'] === 'PATH').map((event) => event['name'])).toEqual([
      '/etc/example.conf',
      '/etc/other.conf',
    ]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'EXECVE', a0: 'tee', a1: '-a', a2: '/etc/example.conf' }));
    // macOS has no auditd.
    expect(eventsOf([cmdline('tee -a /etc/example.conf')], 'macos').some((event) => 'type' in event)).toBe(false);
  });

  it('reads argv and redirections as the shell does: quotes and escapes resolved, an error stream or a copied descriptor writes no file', () => {
    const events = eventsOf([cmdline('grep "a b\\"c" /etc/example.conf 2>/tmp/err.log > "/tmp/out put.txt" 2>&1')], 'linux');
    expect(events).toContainEqual({ type: 'EXECVE', argc: 3, a0: 'grep', a1: 'a b"c', a2: '/etc/example.conf' });
    expect(withId(events, 11).map((event) => event['TargetFilename'])).toEqual(['/tmp/out put.txt']);
    const download = eventsOf([cmdline('curl.exe -o "C:\\Users\\Public\\x y.exe" https://example.org/x')], 'windows');
    expect(withId(download, 11).map((event) => event['TargetFilename'])).toEqual(['C:\\Users\\Public\\x y.exe']);
  });

  it('leaves no creation records for a task the article only disables, and records the creation of one it creates', () => {
    const task: ObservableLike = { type: 'scheduled_task', value: 'Microsoft\\Windows\\Example\\Nightly Scan' };
    const disabled = eventsOf([cmdline('schtasks /Change /TN "Microsoft\\Windows\\Example\\Nightly Scan" /Disable'), task], 'windows');
    expect(withId(disabled, 4698)).toEqual([]);
    expect(withId(disabled, 142)).toEqual([expect.objectContaining({ TaskName: expect.stringContaining('Nightly Scan') })]);
    const created = eventsOf(
      [cmdline('schtasks /create /tn "\\Microsoft\\Windows\\Example\\Nightly Scan" /tr C:\\x.exe /sc daily'), task],
      'windows',
    );
    expect(withId(created, 4698).map((event) => event['TaskName'])).toEqual([
      '\\Microsoft\\Windows\\Example\\Nightly Scan',
      '\\Microsoft\\Windows\\Example\\Nightly Scan',
    ]);
    // Named with no command at all, a task is still one the intruder created.
    expect(withId(eventsOf([task], 'windows'), 4698)).toHaveLength(1);
  });

  it("gives a stated child the parent's own line when the article quotes that program's run, keeping the bare parent too", () => {
    const pair: ObservableLike = { type: 'process_lineage', value: 'wscript.exe -> powershell.exe' };
    const parentLines = (observables: ObservableLike[]) =>
      withId(eventsOf(observables, 'windows'), 1)
        .filter((event) => /powershell\.exe$/.test(String(event['Image'])) && /wscript/i.test(String(event['ParentImage'])))
        .map((event) => event['ParentCommandLine']);
    const script = cmdline('wscript.exe C:\\Users\\user\\AppData\\Local\\Temp\\update.js');
    expect(parentLines([script, pair])).toEqual(['wscript.exe', 'wscript.exe C:\\Users\\user\\AppData\\Local\\Temp\\update.js']);
    // Without a quoted run of the parent, or with a parent stated with its arguments, the pair is as stated.
    expect(parentLines([pair])).toEqual(['wscript.exe']);
    const stated: ObservableLike = {
      type: 'process_lineage',
      value: 'x',
      attributes: { parent: 'wscript.exe C:\\a.js', child: 'powershell.exe' },
    };
    expect(parentLines([script, stated])).toEqual(['wscript.exe C:\\a.js']);
    // A program run more often than twice: which run started the child is not said.
    const runs = ['a', 'b', 'c'].map((name) => cmdline(`wscript.exe C:\\${name}.js`));
    expect(parentLines([...runs, pair])).toEqual(['wscript.exe']);
  });

  it('records a key set with no value named as its default value too', () => {
    const key = (attributes: Record<string, string> = {}): ObservableLike => ({
      type: 'registry_key',
      value: 'HKCU\\Software\\Classes\\examplefile\\shell\\open\\command',
      attributes,
    });
    const targets = (observable: ObservableLike) => withId(eventsOf([observable], 'windows'), 13).map((event) => event['TargetObject']);
    expect(targets(key())).toEqual([
      expect.stringMatching(/\\shell\\open\\command$/),
      expect.stringMatching(/\\shell\\open\\command\\\(Default\)$/),
    ]);
    // A named value is that value only.
    expect(targets(key({ value_name: 'DelegateExecute' }))).toEqual([expect.stringMatching(/\\command\\DelegateExecute$/)]);
  });

  it('records the file a brought program ran from where the article shows it, not a Windows program or a guessed folder', () => {
    const dropped = (line: string) => withId(eventsOf([cmdline(line)], 'windows'), 11).map((event) => event['TargetFilename']);
    expect(dropped('C:\\Users\\Public\\scan.exe -range 10.0.0.0/24')).toEqual(['C:\\Users\\Public\\scan.exe']);
    expect(dropped('C:\\Tools\\scan.exe -range 10.0.0.0/24')).toEqual(['C:\\Tools\\scan.exe']);
    expect(dropped('C:\\Windows\\System32\\ipconfig.exe /all')).toEqual([]);
    expect(dropped('scan.exe -range 10.0.0.0/24')).toEqual([]);
  });
});
