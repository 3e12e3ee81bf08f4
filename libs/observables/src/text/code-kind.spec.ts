import { classifyCode, queryLanguageOf } from './code-kind';
import { looksLikeKustoQuery } from './kusto';

describe('looksLikeKustoQuery', () => {
  it.each([
    ['a Defender table piped into where', 'DeviceProcessEvents | where ProcessCommandLine has_any ("-enc", "-EncodedCommand")'],
    ['a Sentinel table with a plain comparison', 'SecurityEvent | where EventID == 4688'],
    ['the sign-in log', 'SigninLogs\n| where ResultType == "50126"\n| summarize count() by UserPrincipalName'],
    ['an unlisted table with a Kusto-only operator', 'StorageBlobLogs\n| where CallerIpAddress startswith "203.0.113."\n| take 50'],
    ['an unlisted table with ago()', 'ContainerLogV2\n| where TimeGenerated > ago(1d)\n| where LogMessage contains "xmrig"'],
    ['a union of tables', 'union DeviceProcessEvents, DeviceFileEvents\n| where InitiatingProcessFileName =~ "wscript.exe"'],
    [
      'let statements over several lines',
      'let bad = dynamic([\n  "a.example",\n  "b.example"\n]);\nDeviceNetworkEvents\n| where RemoteUrl in (bad)',
    ],
    ['a comment before the table', '// encoded PowerShell\nDeviceProcessEvents\n| where ProcessCommandLine has "-enc"'],
    ['a parser function call', '_Im_ProcessCreate(starttime=ago(1d))\n| where CommandLine has "certutil"'],
    ['a search over named tables', 'search in (SecurityEvent, Syslog) "mimikatz"'],
  ])('reads %s as Kusto', (_name, text) => {
    expect(looksLikeKustoQuery(text)).toBe(true);
    expect(queryLanguageOf(text)).toBe('kql');
  });

  it.each([
    ['PowerShell piping into a where alias', 'ls | where Name -like "*has*"'],
    ['PowerShell with a script block', 'dir | where { $_.Name -contains "x" } | select Name'],
    ['a shell pipeline', 'cat access.log | grep curl | sort | uniq -c'],
    ['prose with a bar', 'Data | where it is stored'],
    ['Kibana KQL', 'process.name : "cmd.exe" and process.parent.name : "winword.exe"'],
  ])('does not read %s as Kusto', (_name, text) => {
    expect(looksLikeKustoQuery(text)).toBe(false);
  });

  it('leaves SPL with a where stage to SPL', () => {
    expect(queryLanguageOf('index=main sourcetype=sysmon | where like(CommandLine, "%enc%")')).toBe('spl');
  });
});

describe('queryLanguageOf', () => {
  it('reads osquery over tables of its schema, not SQL over other databases nor a sentence', () => {
    expect(queryLanguageOf("SELECT * FROM process_memory_map WHERE path LIKE '/tmp/%';")).toBe('osquery');
    expect(queryLanguageOf('select name, path from kernel_extensions where path not like "/System/%";')).toBe('osquery');
    expect(queryLanguageOf('SELECT name FROM sys.databases')).toBeNull();
    expect(queryLanguageOf('Select the samples from last week.')).toBeNull();
  });

  it('reads SPL that starts with a field rather than an index', () => {
    expect(queryLanguageOf('EventCode=4688 CommandLine="*vssadmin*" | table _time host CommandLine')).toBe('spl');
    expect(queryLanguageOf('`sysmon` EventCode=3 DestinationPort=4444 | stats count by Computer, Image')).toBe('spl');
  });

  it('reads XQL by its source and stages, not a variable named dataset', () => {
    expect(queryLanguageOf('preset = xdr_process\n| filter actor_process_image_name = "w3wp.exe"')).toBe('xql');
    expect(queryLanguageOf('datamodel dataset = xdr_data | filter xdm.source.process.name = "certutil.exe"')).toBe('xql');
    expect(queryLanguageOf('dataset = load_rows()\nmodel.fit(dataset)')).toBeNull();
  });

  it('reads every Sysmon event filter, ProcessTampering and the FileBlock events included', () => {
    expect(
      queryLanguageOf('<ProcessTampering onmatch="include">\n  <Image condition="end with">\\svchost.exe</Image>\n</ProcessTampering>'),
    ).toBe('sysmon');
    expect(
      queryLanguageOf(
        '<FileBlockExecutable onmatch="include">\n  <TargetFilename condition="begin with">C:\\Users</TargetFilename>\n</FileBlockExecutable>',
      ),
    ).toBe('sysmon');
  });
});

describe('classifyCode', () => {
  it('reads a shell block of auditctl rules as auditd, but a block that also runs other commands as shell', () => {
    const rules = 'sudo auditctl -w /etc/shadow -p wa -k shadow\nsudo auditctl -a always,exit -F arch=b64 -S execve -k exec';
    expect(classifyCode(rules, 'bash')).toEqual({ kind: 'query', language: 'auditd' });
    expect(classifyCode('auditctl -w /etc/shadow -p wa -k shadow\nsystemctl restart auditd', 'bash')).toEqual({ kind: 'shell' });
  });

  it('reads an untagged Kusto block as a query and a PowerShell block piping into where as shell', () => {
    expect(classifyCode('CloudAppEvents\n| where ActionType == "New-InboxRule"', '')).toEqual({ kind: 'query', language: 'kql' });
    expect(classifyCode('Get-Process | where Name -eq "lsass"', 'powershell')).toEqual({ kind: 'shell' });
  });
});
