import { positiveEvent } from './positive-event';
import { sigmaDetection } from './sigma-detection';
import { translateQuery, type TranslatedQuery } from './translate-query';

// Queries written for these specs from the languages' documentation, not from any article: the constructs published
// hunt queries use that the translation carries over, and those it leaves out.
type Platform = 'windows' | 'linux' | 'macos' | null;
function rules(text: string, language: string, platform: Platform = null): TranslatedQuery[] {
  const translation = translateQuery(text, language, platform);
  if (!translation.ok) throw new Error(`not translated: ${translation.reason}`);
  return translation.rules;
}
function only(text: string, language: string, platform: Platform = null) {
  const [rule, ...rest] = rules(text, language, platform);
  expect(rest).toHaveLength(0);
  const condition = (rule as TranslatedQuery).condition;
  return { logsource: rule?.logsource, detection: sigmaDetection(condition), condition };
}
const reason = (text: string, language: string) => {
  const translation = translateQuery(text, language, null);
  return translation.ok ? null : translation.reason;
};

describe('numeric comparisons', () => {
  it('reads <, <=, >, >= against a number as Sigma lt/lte/gt/gte, and writes an event inside the bounds', () => {
    const { logsource, detection, condition } = only(
      'network where process.name : "powershell.exe" and destination.port > 1023 and destination.port <= 2048',
      'eql',
    );
    expect(logsource).toEqual({ category: 'network_connection', product: 'windows' });
    expect(detection['selection']).toEqual({
      'Image|endswith': '\\powershell.exe',
      'DestinationPort|gt': 1023,
      'DestinationPort|lte': 2048,
    });
    expect(positiveEvent(condition, 'windows')).toEqual({ Image: 'C:\\Users\\Public\\powershell.exe', DestinationPort: '1024' });
  });

  it('reads them in ES|QL, KQL, Lucene ranges, Kusto, SPL and Falco', () => {
    const port = (text: string, language: string) => only(text, language, 'linux').detection['selection'];
    expect(port('FROM logs-endpoint.events.network-* | WHERE process.name == "socat" AND destination.port >= 8000', 'esql')).toEqual({
      'Image|endswith': '/socat',
      'DestinationPort|gte': 8000,
    });
    expect(port('process.name:socat and destination.port >= 8000', 'kql')).toEqual({
      'Image|endswith': '/socat',
      'DestinationPort|gte': 8000,
    });
    expect(port('process.name:socat AND destination.port:[8000 TO 8100}', 'lucene')).toEqual({
      'Image|endswith': '/socat',
      'DestinationPort|gte': 8000,
      'DestinationPort|lt': 8100,
    });
    expect(port('DeviceNetworkEvents | where InitiatingProcessFileName == "socat" and RemotePort > 8000', 'kql')).toEqual({
      'Image|endswith': '/socat',
      'DestinationPort|gt': 8000,
    });
    expect(port('index=sysmon EventCode=3 Image="*/socat" DestinationPort>8000', 'spl')).toEqual({
      'Image|endswith': '/socat',
      'DestinationPort|gt': 8000,
    });
    expect(port('- rule: High port\n  condition: outbound and proc.name = socat and fd.rport > 8000\n  output: x', 'falco')).toEqual({
      'Image|endswith': '/socat',
      'DestinationPort|gt': 8000,
    });
  });

  it('leaves out a comparison of text or with a date', () => {
    expect(reason('process where process.command_line > 100', 'eql')).toBe('a numeric comparison of process.command_line');
    expect(reason('process where process.name == "x" and process.start > "2024-01-01"', 'eql')).toBe('comparison with 2024-01-01');
  });
});

describe('regexes engineers write as plain tests', () => {
  it('writes a regex that only says a prefix, an infix, a suffix or the whole text as startswith, contains, endswith or eq', () => {
    expect(
      only('process.command_line:/.*Invoke-Mimikatz.*/ and process.executable:/C:\\\\Users\\\\.*/', 'lucene').detection['selection'],
    ).toEqual({
      'CommandLine|contains': 'Invoke-Mimikatz',
      'Image|startswith': 'C:\\Users\\',
    });
    expect(only('process where process.name regex~ "vssadmin\\\\.exe"', 'eql', 'windows').detection['selection']).toEqual({
      'Image|endswith': '\\vssadmin.exe',
    });
    // A class, a repetition or an alternation stays a regex.
    expect(only('process.command_line:/.*-e(nc)? .*/', 'lucene').detection['selection']).toEqual({
      'CommandLine|re': '^(?:.*-e(nc)? .*)$',
    });
  });
});

describe('Windows Security process creations', () => {
  it('reads a 4688 event’s fields (Winlogbeat’s, Wazuh’s) as process_creation’s Image and ParentImage', () => {
    const { logsource, detection } = only(
      'event.code:4688 AND winlog.event_data.NewProcessName:*\\\\rundll32.exe AND winlog.event_data.ParentProcessName:*\\\\winword.exe AND winlog.event_data.CommandLine:*javascript*',
      'lucene',
    );
    expect(logsource).toEqual({ category: 'process_creation', product: 'windows' });
    expect(detection['selection']).toEqual({
      'Image|endswith': '\\rundll32.exe',
      'ParentImage|endswith': '\\winword.exe',
      'CommandLine|contains': 'javascript',
    });
  });
});

describe('KQL, Lucene and comments', () => {
  it('reads a bare path in KQL as a value (KQL has no regex) and keeps /regex/ for Lucene', () => {
    expect(only('process.executable:(/tmp/* or /dev/shm/*) and process.name:bash', 'kql').detection['selection']).toEqual({
      'Image|startswith': ['/tmp/', '/dev/shm/'],
      'Image|endswith': '/bash',
    });
    // A regex over a program's name is one over what follows the last separator of Image's path.
    expect(only('process.name:/ba?sh/', 'lucene').detection['selection']).toEqual({ 'Image|re': '^(?:.*/(?:ba?sh))$' });
  });

  it("leaves a Lucene time range out and reads an open range's one bound", () => {
    expect(
      only('@timestamp:[now-7d TO now] and process.name:nc and destination.port:[* TO 1024]', 'lucene').detection['selection'],
    ).toEqual({
      'Image|endswith': '/nc',
      'DestinationPort|lte': 1024,
    });
  });

  it('skips EQL block comments, and keeps a path glob whose /* and */ are inside strings', () => {
    const { detection } = only(
      'file where /* written by a shell */ process.name : "bash" and file.path : ("/home/*/.ssh/authorized_keys", "/root/*/x")',
      'eql',
    );
    expect(detection['selection']).toEqual({
      'Image|endswith': '/bash',
      TargetFilename: ['/home/*/.ssh/authorized_keys', '/root/*/x'],
    });
  });
});

describe('fields with a Sigma taxonomy name', () => {
  it('reads the network transport, direction and source port as Sysmon network fields', () => {
    expect(
      only(
        'network where network.direction == "egress" and network.transport == "udp" and source.port == 53 and process.name : "x.exe"',
        'eql',
      ).detection['selection'],
    ).toEqual({ Initiated: 'true', Protocol: 'udp', SourcePort: 53, 'Image|endswith': '\\x.exe' });
  });

  it('reads the PE description, product and company of a process', () => {
    expect(
      only('process where process.pe.description : "Sysinternals*" and process.pe.company == "Sysinternals"', 'eql', 'windows').detection[
        'selection'
      ],
    ).toEqual({ 'Description|startswith': 'Sysinternals', Company: 'Sysinternals' });
  });

  it('reads a file in a folder as the path starting with it, as engineers write it, and writes a file there', () => {
    const { detection, condition } = only(
      'file where file.directory == "C:\\\\ProgramData\\\\Tasks" and file.extension == "exe"',
      'eql',
      'windows',
    );
    expect(detection['selection']).toEqual({
      'TargetFilename|startswith': 'C:\\ProgramData\\Tasks\\',
      'TargetFilename|endswith': '.exe',
    });
    expect(positiveEvent(condition, 'windows')).toEqual({ TargetFilename: 'C:\\ProgramData\\Tasks\\file.exe' });
  });

  it('reads length() and the data stream of an ES|QL query, and TO_LOWER inside STARTS_WITH', () => {
    expect(
      only('process where process.command_line : "*-enc*" and length(process.command_line) > 400', 'eql', 'windows').detection['selection'],
    ).toEqual({ 'CommandLine|contains': '-enc' });
    const { logsource, detection } = only(
      'FROM logs-endpoint.events.process-* | WHERE STARTS_WITH(TO_LOWER(process.parent.executable), "c:\\\\users\\\\") AND user.name == "svc"',
      'esql',
    );
    expect(logsource).toEqual({ category: 'process_creation', product: 'windows' });
    expect(detection['selection']).toEqual({ 'ParentImage|startswith': 'c:\\users\\', User: 'svc' });
  });
});

describe('Splunk pipelines', () => {
  it('reads each | search before an aggregation, a | where as narrowing only, and 4688 process fields', () => {
    const { logsource, detection } = only(
      'index=wineventlog EventCode=4688 New_Process_Name="*\\\\wmic.exe" | search Process_Command_Line="*shadowcopy*" | where len(Process_Command_Line) > 20 | stats count by host',
      'spl',
    );
    expect(logsource).toEqual({ category: 'process_creation', product: 'windows' });
    expect(detection['selection']).toEqual({ 'Image|endswith': '\\wmic.exe', 'CommandLine|contains': 'shadowcopy' });
  });

  it('leaves out a search over fields an eval computed, and the commands that filter in ways not read', () => {
    expect(reason('index=sysmon EventCode=1 Image="*\\\\x.exe" | eval cmd=lower(CommandLine) | search cmd="*y*"', 'spl')).toBe(
      'a search over computed fields',
    );
    expect(reason('index=sysmon EventCode=1 Image="*\\\\x.exe" | regex CommandLine="\\d+"', 'spl')).toBe('SPL regex');
  });
});

describe('auditd, Falco and Kusto', () => {
  it('reads a watch without -p as writes, a .d folder without its slash, an execute watch on a folder and a connect rule', () => {
    const byCategory = (text: string) =>
      Object.fromEntries(
        rules(text, 'auditd').map((rule) => [rule.logsource.category ?? rule.logsource.service, sigmaDetection(rule.condition)]),
      );
    expect(byCategory('-w /etc/ld.so.preload -k preload')['file_event']?.['selection']).toEqual({ TargetFilename: '/etc/ld.so.preload' });
    expect(byCategory('-w /etc/ld.so.preload -k preload')['process_creation']).toBeUndefined();
    expect(byCategory('-w /etc/pam.d -p wa -k pam')['file_event']?.['selection']).toEqual({ 'TargetFilename|startswith': '/etc/pam.d/' });
    expect(byCategory('-a always,exit -F dir=/dev/shm/ -F perm=x -k shm')['process_creation']?.['selection']).toEqual({
      'Image|startswith': '/dev/shm/',
    });
    expect(
      byCategory('-a always,exit -F arch=b64 -S connect -F exe=/usr/bin/perl -k perl_net')['network_connection']?.['selection'],
    ).toEqual({
      Image: '/usr/bin/perl',
    });
  });

  it("reads Falco's fd.directory as a folder's files and pmatch as at or below a folder", () => {
    const { detection } = only(
      '- rule: Cron write\n  condition: open_write and (fd.directory = /etc/cron.d or fd.name pmatch (/var/spool/cron)) and proc.name = curl\n  output: x',
      'falco',
    );
    expect(detection).toEqual({
      selection: [{ 'TargetFilename|startswith': ['/etc/cron.d/', '/var/spool/cron/'] }, { TargetFilename: '/var/spool/cron' }],
      selection_2: { 'Image|endswith': '/curl' },
      condition: 'selection_2 and selection',
    });
  });

  it('reads a Kusto query whose output stages assign (`summarize n = count()`)', () => {
    expect(
      only(
        'DeviceProcessEvents | where FileName =~ "bitsadmin.exe" and ProcessCommandLine has "/transfer" | summarize n = count() by DeviceName',
        'kql',
      ).detection['selection'],
    ).toEqual({ 'Image|endswith': '\\bitsadmin.exe', 'CommandLine|contains': '/transfer' });
  });
});

describe('comments, integrity levels and Sysmon fields under other names', () => {
  it('skips an EQL line comment after a test, keeping a URL in a string, and reads the token integrity level', () => {
    expect(
      only(
        'process where process.name : "x.exe" // the loader\n and process.args : "http://a/b" and process.Ext.token.integrity_level_name == "system"',
        'eql',
      ).detection['selection'],
    ).toEqual({ 'Image|endswith': '\\x.exe', 'CommandLine|contains': 'http://a/b', IntegrityLevel: 'system' });
  });

  it("reads Wazuh's and Beats' Sysmon fields with the Sysmon event ID as the event kind, and _exists_ as presence", () => {
    const wazuh = only(
      'data.win.system.eventID:1 AND data.win.eventdata.commandLine:*whoami* AND data.win.eventdata.parentImage:*\\\\w3wp.exe',
      'lucene',
    );
    expect(wazuh.logsource).toEqual({ category: 'process_creation', product: 'windows' });
    expect(wazuh.detection['selection']).toEqual({ 'CommandLine|contains': 'whoami', 'ParentImage|endswith': '\\w3wp.exe' });
    expect(
      only('winlog.event_id:3 AND winlog.event_data.DestinationPort:4444 AND winlog.event_data.Image:*\\\\rundll32.exe', 'lucene')
        .logsource,
    ).toEqual({
      category: 'network_connection',
      product: 'windows',
    });
    expect(only('_exists_:process.parent.name AND process.name:nc', 'lucene').detection['selection']).toEqual({ 'Image|endswith': '/nc' });
  });

  it('reads an ES|QL LENGTH() comparison as narrowing only', () => {
    expect(
      only(
        'FROM logs-endpoint.events.process-* | WHERE process.name == "powershell.exe" AND LENGTH(process.command_line) > 1000 AND process.args LIKE "*-enc*"',
        'esql',
      ).detection['selection'],
    ).toEqual({ 'Image|endswith': '\\powershell.exe', 'CommandLine|contains': '-enc' });
  });
});
