import { sigmaDetection } from './sigma-detection';
import { translateQuery, type TranslatedQuery } from './translate-query';

// Queries written for these specs from Microsoft's advanced hunting schema, not from any article.
function only(text: string, platform: 'windows' | 'linux' | null = null) {
  const translation = translateQuery(text, 'kql', platform);
  if (!translation.ok) throw new Error(`not translated: ${translation.reason}`);
  expect(translation.rules).toHaveLength(1);
  const rule = translation.rules[0] as TranslatedQuery;
  return { logsource: rule.logsource, detection: sigmaDetection(rule.condition) };
}
const dropped = (text: string) => translateQuery(text, 'kql', null).ok === false;

describe('Kusto (Defender XDR, Sentinel)', () => {
  it('reads a process query: its where clauses joined, =~, has_any, in~ and a negation, the tail ignored', () => {
    const { logsource, detection } = only(
      [
        '// hunt for it',
        'DeviceProcessEvents',
        '| where Timestamp > ago(7d)',
        '| where FileName =~ "rundll32.exe" and ProcessCommandLine has_any ("javascript:", "RunHTMLApplication")',
        '| where InitiatingProcessFileName in~ ("winword.exe", "excel.exe") and not(ProcessCommandLine has "shell32.dll")',
        '| project Timestamp, DeviceName, ProcessCommandLine',
      ].join('\n'),
    );
    expect(logsource).toEqual({ category: 'process_creation', product: 'windows' });
    expect(detection).toEqual({
      selection: {
        'Image|endswith': '\\rundll32.exe',
        'CommandLine|contains': ['javascript:', 'RunHTMLApplication'],
        'ParentImage|endswith': ['\\winword.exe', '\\excel.exe'],
      },
      filter_1: { 'CommandLine|contains': 'shell32.dll' },
      condition: 'selection and not filter_1',
    });
  });

  it('reads has_all as every value, startswith, endswith, verbatim strings and !contains', () => {
    const { detection } = only(
      'DeviceProcessEvents | where ProcessCommandLine has_all ("-enc", "-nop") and FolderPath startswith @"C:\\Users\\" and InitiatingProcessCommandLine !contains "svchost"',
    );
    expect(detection['selection']).toEqual({
      'CommandLine|contains|all': ['-enc', '-nop'],
      'Image|startswith': 'C:\\Users\\',
    });
    expect(JSON.stringify(detection)).toContain('svchost');
  });

  it('reads registry, file, network and image-load tables as their Sigma categories', () => {
    const registry = only(
      'DeviceRegistryEvents | where ActionType == "RegistryValueSet" and RegistryKey has @"\\CurrentVersion\\Run" and RegistryValueData contains "AppData"',
    );
    expect(registry.logsource).toEqual({ category: 'registry_set', product: 'windows' });
    expect(registry.detection['selection']).toEqual({
      'TargetObject|contains': '\\CurrentVersion\\Run',
      'Details|contains': 'AppData',
    });
    const file = only('DeviceFileEvents | where FolderPath endswith ".lnk" and InitiatingProcessFileName =~ "powershell.exe"');
    expect(file.logsource).toEqual({ category: 'file_event', product: 'windows' });
    expect(file.detection['selection']).toEqual({ 'TargetFilename|endswith': '.lnk', 'Image|endswith': '\\powershell.exe' });
    const network = only('DeviceNetworkEvents | where RemotePort == 4444 or RemoteUrl has "pastebin.com"');
    expect(network.logsource).toEqual({ category: 'network_connection', product: 'windows' });
    expect(JSON.stringify(network.detection)).toContain('DestinationPort');
    const image = only('DeviceImageLoadEvents | where FileName =~ "dbghelp.dll" and InitiatingProcessFileName !~ "werfault.exe"');
    expect(image.logsource).toEqual({ category: 'image_load', product: 'windows' });
    expect(image.detection['selection']).toEqual({ 'ImageLoaded|endswith': '\\dbghelp.dll' });
  });

  it('reads a datetime window and isnotnull as no test, a dynamic list as the values', () => {
    const { detection } = only(
      'DeviceProcessEvents\n| where Timestamp between (datetime(2026-01-01T00:00:00Z) .. now())\n| where isnotnull(ProcessCommandLine) and FileName in~ ("powershell.exe", "pwsh.exe")\n| where ProcessCommandLine has_any (dynamic(["-enc", "-EncodedCommand"]))',
    );
    expect(detection).toEqual({
      selection: { 'Image|endswith': ['\\powershell.exe', '\\pwsh.exe'], 'CommandLine|contains': ['-enc', '-EncodedCommand'] },
      condition: 'selection',
    });
  });

  it('reads a regex as a search in the value', () => {
    const { detection } = only('DeviceProcessEvents | where ProcessCommandLine matches regex @"-e(nc)?\\s"');
    expect(detection['selection']).toEqual({ 'CommandLine|re': '^(?:.*(?:-e(nc)?\\s).*)$' });
  });

  it('reads SecurityEvent process creations and the Azure logs', () => {
    const security = only('SecurityEvent | where EventID == 4688 and NewProcessName endswith @"\\certutil.exe"');
    expect(security.logsource).toEqual({ category: 'process_creation', product: 'windows' });
    expect(security.detection['selection']).toEqual({ 'Image|endswith': '\\certutil.exe' });
    const activity = only('AzureActivity | where OperationNameValue =~ "MICROSOFT.COMPUTE/VIRTUALMACHINES/RUNCOMMAND/ACTION"');
    expect(activity.logsource).toEqual({ product: 'azure', service: 'activitylogs' });
    expect(activity.detection['selection']).toEqual({ operationName: 'MICROSOFT.COMPUTE/VIRTUALMACHINES/RUNCOMMAND/ACTION' });
    const signin = only('SigninLogs | where ResultType == "50126" and AppDisplayName == "Azure Portal"');
    expect(signin.logsource).toEqual({ product: 'azure', service: 'signinlogs' });
  });

  it('drops joins, lets of a table, unknown tables and columns, functions, filters after an aggregation and other security events', () => {
    expect(dropped('DeviceProcessEvents | where FileName =~ "a.exe" | join kind=inner (DeviceNetworkEvents) on DeviceId')).toBe(true);
    expect(dropped('let procs = DeviceProcessEvents | where FileName =~ "a.exe";\nprocs | where ProcessCommandLine has "x"')).toBe(true);
    expect(dropped('DeviceEvents | where ActionType == "AntivirusDetection"')).toBe(true);
    expect(dropped('DeviceProcessEvents | where DeviceName == "host1"')).toBe(true);
    expect(dropped('DeviceProcessEvents | where tolower(FileName) == "a.exe"')).toBe(true);
    expect(dropped('DeviceProcessEvents | summarize c = count() by FileName | where c > 5')).toBe(true);
    expect(dropped('SecurityEvent | where EventID == 4624 and Process == "a.exe"')).toBe(true);
    expect(dropped('DeviceProcessEvents | where FileName == "a*.exe"')).toBe(true);
    expect(dropped('DeviceProcessEvents | where Timestamp > ago(1d)')).toBe(true);
  });

  it('reads let bindings where the query uses them, and extend or project-rename aliases of a column', () => {
    const bound = only(
      [
        'let lookback = 14d;',
        'let archivers = dynamic(["7z.exe", "rar.exe"]);',
        'DeviceProcessEvents',
        '| where Timestamp > ago(lookback)',
        '| where FileName in~ (archivers)',
        '| extend Cmd = tolower(ProcessCommandLine), Parent = InitiatingProcessFileName',
        '| where Cmd has "-hp" and Parent =~ "cmd.exe"',
      ].join('\n'),
    );
    expect(bound.detection['selection']).toEqual({
      'Image|endswith': ['\\7z.exe', '\\rar.exe'],
      'CommandLine|contains': '-hp',
      'ParentImage|endswith': '\\cmd.exe',
    });
    // A column the query computed is no field an event carries.
    expect(dropped('DeviceProcessEvents | extend Len = strlen(ProcessCommandLine) | where Len > 500')).toBe(true);
  });

  it('reads ASIM process events, non-interactive sign-ins and the Security log’s other events by their EventID', () => {
    const asim = only(
      'imProcessCreate | where TargetProcessName endswith "\\\\bitsadmin.exe" and TargetProcessCommandLine has "/transfer"',
    );
    expect(asim.logsource).toEqual({ category: 'process_creation', product: 'windows' });
    expect(asim.detection['selection']).toEqual({ 'Image|endswith': '\\bitsadmin.exe', 'CommandLine|contains': '/transfer' });
    const signin = only('AADNonInteractiveUserSignInLogs | where ResultType == "50053" and AppDisplayName == "Azure CLI"');
    expect(signin.logsource).toEqual({ product: 'azure', service: 'signinlogs' });
    const service = only('SecurityEvent | where EventID == 4697 and ServiceFileName has "\\\\Temp\\\\"');
    expect(service.logsource).toEqual({ product: 'windows', service: 'security' });
    expect(service.detection['selection']).toEqual({ EventID: 4697, 'ServiceFileName|contains': '\\Temp\\' });
  });

  it('reads a union of tables as a rule for each, and drops it when a column is not every table’s', () => {
    const translation = translateQuery(
      'union DeviceFileEvents, DeviceImageLoadEvents\n| where FolderPath has @"\\AppData\\Local\\Temp\\" and InitiatingProcessFileName =~ "rundll32.exe"',
      'kql',
      null,
    );
    if (!translation.ok) throw new Error(translation.reason);
    expect(translation.rules.map((rule) => [rule.logsource.category, sigmaDetection(rule.condition)['selection']])).toEqual([
      ['file_event', { 'TargetFilename|contains': '\\AppData\\Local\\Temp\\', 'Image|endswith': '\\rundll32.exe' }],
      ['image_load', { 'ImageLoaded|contains': '\\AppData\\Local\\Temp\\', 'Image|endswith': '\\rundll32.exe' }],
    ]);
    expect(dropped('union DeviceFileEvents, DeviceNetworkEvents | where FolderPath has "x"')).toBe(true);
  });

  it('keeps a case-insensitive regex’s flag first', () => {
    const { detection } = only('DeviceProcessEvents | where ProcessCommandLine matches regex @"(?i)regsvr32.+/i:http"');
    expect(detection['selection']).toEqual({ 'CommandLine|re': '(?i)^(?:.*(?:regsvr32.+/i:http).*)$' });
  });

  it('still reads Kibana KQL under the same name', () => {
    expect(only('process.name : "cmd.exe" and process.args : "/c"', 'windows').logsource).toEqual({
      category: 'process_creation',
      product: 'windows',
    });
  });
});

describe('Kusto over the Log Analytics agent’s Event and Syslog tables', () => {
  const reason = (text: string) => {
    const translation = translateQuery(text, 'kql', null);
    return translation.ok ? null : translation;
  };

  it('reads a System log event by its ID and the EventData fields a parse names', () => {
    const { logsource, detection } = only(
      [
        'Event',
        '| where EventLog == "System" and EventID == 7045',
        `| parse EventData with * 'Name="ServiceName">' ServiceName '<' * 'Name="ImagePath">' ImagePath '<' *`,
        '| where ImagePath has "\\\\AppData\\\\"',
      ].join('\n'),
    );
    expect(logsource).toEqual({ product: 'windows', service: 'system' });
    expect(detection['selection']).toEqual({ EventID: 7045, 'ImagePath|contains': '\\AppData\\' });
  });

  it('reads a Sysmon process creation whose fields extract() takes from EventData', () => {
    const { logsource, detection } = only(
      [
        'Event',
        '| where Source == "Microsoft-Windows-Sysmon" and EventID == 1',
        `| extend Cmd = extract(@'Name="CommandLine">([^<]*)<', 1, EventData)`,
        '| where Cmd has "-enc"',
      ].join('\n'),
    );
    expect(logsource).toEqual({ category: 'process_creation', product: 'windows' });
    expect(detection['selection']).toEqual({ 'CommandLine|contains': '-enc' });
  });

  it('says why a text search of EventData, or of Syslog’s messages, is left out', () => {
    expect(reason('Event\n| where EventID == 1 and EventData has "mimikatz"')).toMatchObject({
      reason: expect.stringMatching(/^a text search of EventData/),
    });
    expect(reason('Syslog\n| where ProcessName == "sshd" and SyslogMessage has "Failed password"')).toMatchObject({
      code: 'unsupported-source',
      reason: expect.stringMatching(/^Kusto table Syslog: /),
    });
  });
});
