import { positiveEvent } from './positive-event';
import { sigmaDetection } from './sigma-detection';
import { translateQuery, type TranslatedQuery } from './translate-query';

// Queries written for these specs from the languages' documentation, not from any article.
function rules(text: string, language: string, platform: 'windows' | 'linux' | 'macos' | null = null): TranslatedQuery[] {
  const translation = translateQuery(text, language, platform);
  if (!translation.ok) throw new Error(`not translated: ${translation.reason}`);
  return translation.rules;
}
const only = (text: string, language: string, platform: 'windows' | 'linux' | 'macos' | null = null) => {
  const [rule, ...rest] = rules(text, language, platform);
  expect(rest).toHaveLength(0);
  return {
    logsource: rule?.logsource,
    detection: sigmaDetection((rule as TranslatedQuery).condition),
    condition: (rule as TranslatedQuery).condition,
  };
};
const dropped = (text: string, language: string) => translateQuery(text, language, null).ok === false;

describe('EQL', () => {
  it('reads a process query: names as the end of Image, arguments as parts of the command line, a negation as a filter', () => {
    const { logsource, detection } = only(
      'process where event.type == "start" and process.name : ("bash", "sh") and process.args : "-c" and not process.parent.name == "sshd"',
      'eql',
    );
    // A bare program name is a Unix program (Windows names its processes with their extension).
    expect(logsource).toEqual({ category: 'process_creation', product: 'linux' });
    expect(detection).toEqual({
      selection: { 'Image|endswith': ['/bash', '/sh'], 'CommandLine|contains': '-c' },
      filter_1: { 'ParentImage|endswith': '/sshd' },
      condition: 'selection and not filter_1',
    });
  });

  it('reads Windows names, wildcards, like~, in~ and the string functions', () => {
    const { logsource, detection } = only(
      'process where host.os.type == "windows" and process.name like~ "rundll32.exe" and startsWith(process.command_line, "C:\\\\Users\\\\") and process.parent.name in~ ("winword.exe", "excel.exe")',
      'eql',
    );
    expect(logsource).toEqual({ category: 'process_creation', product: 'windows' });
    expect(detection['selection']).toEqual({
      'Image|endswith': '\\rundll32.exe',
      'CommandLine|startswith': 'C:\\Users\\',
      'ParentImage|endswith': ['\\winword.exe', '\\excel.exe'],
    });
  });

  it('keeps an inner wildcard as a wildcard, the backslash before it doubled', () => {
    const { detection } = only('file where file.path : "C:\\\\Users\\\\*\\\\AppData\\\\Roaming\\\\*.vbs"', 'eql', 'windows');
    expect(detection['selection']).toEqual({ TargetFilename: 'C:\\Users\\\\*\\AppData\\Roaming\\\\*.vbs' });
  });

  it('reads each step of a sequence as a rule of its own', () => {
    const steps = rules(
      'sequence by host.id with maxspan=1m [process where process.name == "curl"] [file where file.path : "/tmp/*"]',
      'eql',
    );
    expect(steps.map((step) => step.logsource.category)).toEqual(['process_creation', 'file_event']);
  });

  it('drops the whole query on a numeric comparison, an unmapped field or a function it does not know', () => {
    expect(dropped('process where process.name == "bash" and process.args_count > 3', 'eql')).toBe(true);
    expect(dropped('process where process.name == "bash" and process.code_signature.trusted == false', 'eql')).toBe(true);
    expect(dropped('process where length(process.command_line) > 100', 'eql')).toBe(true);
    // Only the log is tested: no rule.
    expect(dropped('process where event.type == "start"', 'eql')).toBe(true);
  });
});

describe('Kibana KQL and Lucene', () => {
  it('reads field:value, value lists, quoted phrases and wildcards', () => {
    const { logsource, detection } = only('event.category:process and process.name:(curl or wget) and process.args:"-o"', 'lucene');
    expect(logsource).toEqual({ category: 'process_creation', product: 'linux' });
    expect(detection['selection']).toEqual({ 'Image|endswith': ['/curl', '/wget'], 'CommandLine|contains': '-o' });
    expect(only('process.command_line:*base64* AND NOT process.parent.name:cron', 'lucene').detection).toEqual({
      selection: { 'CommandLine|contains': 'base64' },
      filter_1: { 'ParentImage|endswith': '/cron' },
      condition: 'selection and not filter_1',
    });
  });

  it("reads Lucene's prefixed clauses and a regex, which matches the whole value", () => {
    const { detection } = only('+dns.question.name:/[a-z0-9]{32}\\.example\\.org/ -dns.question.name:www.example.org', 'lucene');
    expect(detection).toEqual({
      selection: { 'QueryName|re': '^(?:[a-z0-9]{32}\\.example\\.org)$' },
      filter_1: { QueryName: 'www.example.org' },
      condition: 'selection and not filter_1',
    });
    // A field of another event kind than the rest (a connection's address in a DNS query) is not the same event's.
    expect(dropped('dns.question.name:x.example.org and destination.ip:10.0.0.1', 'lucene')).toBe(true);
  });

  it('drops free text, a range over text and a query that only asks for a field', () => {
    expect(dropped('mimikatz and process.name:x.exe', 'lucene')).toBe(true);
    expect(dropped('process.command_line > 1024', 'lucene')).toBe(true);
    expect(dropped('process.name:*', 'lucene')).toBe(true);
  });
});

describe('PowerShell script blocks', () => {
  it('reads a script block text query (4104) as a ps_script rule, in Elastic and Beats field names', () => {
    for (const field of ['powershell.file.script_block_text', 'winlog.event_data.ScriptBlockText']) {
      const { logsource, detection } = only(`event.code:"4104" and ${field}:(*Invoke-Mimikatz* or *DumpCreds*)`, 'lucene');
      expect(logsource).toEqual({ category: 'ps_script', product: 'windows' });
      expect(detection['selection']).toEqual({ 'ScriptBlockText|contains': ['Invoke-Mimikatz', 'DumpCreds'] });
    }
  });
});

describe('ES|QL', () => {
  it('reads the WHERE of a CloudTrail query as CloudTrail fields, the rest of the pipe ignored', () => {
    const { logsource, detection } = only(
      'FROM logs-aws.cloudtrail-* | WHERE event.provider == "sts.amazonaws.com" AND event.action == "AssumeRoot" | STATS count = COUNT(*) BY user.name | WHERE count > 5',
      'esql',
    );
    expect(logsource).toEqual({ product: 'aws', service: 'cloudtrail' });
    expect(detection).toEqual({ selection: { eventSource: 'sts.amazonaws.com', eventName: 'AssumeRoot' }, condition: 'selection' });
  });

  it('reads LIKE, IN, NOT and TO_LOWER on an endpoint query', () => {
    const { detection } = only(
      'FROM logs-endpoint.events.process-* | WHERE TO_LOWER(process.name) IN ("certutil.exe") AND process.command_line LIKE "*urlcache*" AND NOT user.name == "SYSTEM"',
      'esql',
    );
    expect(detection).toEqual({
      selection: { 'Image|endswith': '\\certutil.exe', 'CommandLine|contains': 'urlcache' },
      filter_1: { User: 'SYSTEM' },
      condition: 'selection and not filter_1',
    });
  });

  it('reads Okta and Entra ID fields in their own logs', () => {
    expect(only('FROM logs-okta.system-* | WHERE event.action == "user.mfa.factor.deactivate"', 'esql').logsource).toEqual({
      product: 'okta',
      service: 'okta',
    });
    expect(only('FROM logs-okta* | WHERE okta.event_type == "user.mfa.factor.deactivate"', 'esql').detection['selection']).toEqual({
      eventType: 'user.mfa.factor.deactivate',
    });
  });
});

describe('Falco, Sysmon configurations and auditd', () => {
  it('reads a Falco rule with its own macro and list, the standard event macros as the log', () => {
    const falco = [
      '- list: fetchers',
      '  items: [curl, wget]',
      '- macro: fetch_to_tmp',
      '  condition: proc.name in (fetchers) and proc.args contains "/tmp/"',
      '- rule: Download to tmp',
      '  desc: a fetcher writes to /tmp',
      '  condition: >',
      '    spawned_process and fetch_to_tmp and not proc.pname = cron',
      '  output: x',
    ].join('\n');
    const { logsource, detection } = only(falco, 'falco');
    expect(logsource).toEqual({ category: 'process_creation', product: 'linux' });
    expect(detection).toEqual({
      selection: { 'Image|endswith': ['/curl', '/wget'], 'CommandLine|contains': '/tmp/' },
      filter_1: { 'ParentImage|endswith': '/cron' },
      condition: 'selection and not filter_1',
    });
    // A list neither the text nor Falco's defaults define (an operator's own) is unknown: the rule is left out.
    expect(dropped('- rule: x\n  condition: spawned_process and proc.name in (known_admin_binaries)', 'falco')).toBe(true);
  });

  it("reads the CloudTrail plugin's fields", () => {
    const { logsource, detection } = only('- rule: Deleted trail\n  condition: ct.name="DeleteTrail" and not ct.error exists', 'falco');
    expect(logsource).toEqual({ product: 'aws', service: 'cloudtrail' });
    expect(detection['selection']).toEqual({ eventName: 'DeleteTrail' });
  });

  it('reads Sysmon include and exclude filters', () => {
    const config = [
      '<ProcessCreate onmatch="include">',
      '  <Rule groupRelation="and"><Image condition="end with">\\mshta.exe</Image><CommandLine condition="contains">http</CommandLine></Rule>',
      '</ProcessCreate>',
      '<ProcessCreate onmatch="exclude"><ParentImage condition="is">C:\\Windows\\explorer.exe</ParentImage></ProcessCreate>',
    ].join('\n');
    const { logsource, detection } = only(config, 'sysmon');
    expect(logsource).toEqual({ category: 'process_creation', product: 'windows' });
    expect(detection).toEqual({
      selection: { 'Image|endswith': '\\mshta.exe', 'CommandLine|contains': 'http' },
      filter_1: { ParentImage: 'C:\\Windows\\explorer.exe' },
      condition: 'selection and not filter_1',
    });
  });

  it('reads auditd watches as the files written, the programs run and the PATH records', () => {
    const watches = rules(
      '-w /etc/cron.d/ -p wa -k cron\n-w /usr/bin/nc -p x -k netcat\n-a always,exit -F arch=b64 -S execve -F exe=/usr/bin/socat -k socat',
      'auditd',
    );
    const byCategory = Object.fromEntries(
      watches.map((watch) => [watch.logsource.category ?? watch.logsource.service, sigmaDetection(watch.condition)]),
    );
    expect(byCategory['file_event']).toEqual({ selection: { 'TargetFilename|startswith': '/etc/cron.d/' }, condition: 'selection' });
    expect(byCategory['process_creation']).toEqual({ selection: { Image: ['/usr/bin/nc', '/usr/bin/socat'] }, condition: 'selection' });
    expect(byCategory['auditd']?.['condition']).toBe('selection or selection_2');
  });
});

describe('what only says when or whether to look', () => {
  it('leaves out time windows and field-presence tests, and reads cidrmatch and hashes', () => {
    expect(
      only('FROM logs-* | WHERE @timestamp > NOW() - 1 day AND user.name IS NOT NULL AND process.name == "nc" /* netcat */', 'esql')
        .detection,
    ).toEqual({ selection: { 'Image|endswith': '/nc' }, condition: 'selection' });
    expect(only('@timestamp >= "now-1d" and process.parent.name:* and process.name:nc', 'lucene').detection['selection']).toEqual({
      'Image|endswith': '/nc',
    });
    expect(dropped('FROM logs-* | WHERE user.name IS NULL AND process.name == "nc"', 'esql')).toBe(true);
    expect(
      only('network where process.name == "nc" and not cidrmatch(destination.ip, "10.0.0.0/8", "192.168.0.0/16")', 'eql').detection,
    ).toEqual({
      selection: { 'Image|endswith': '/nc' },
      filter_1: { 'DestinationIp|cidr': ['10.0.0.0/8', '192.168.0.0/16'] },
      condition: 'selection and not filter_1',
    });
    const hash = 'a'.repeat(64);
    expect(only(`process where process.hash.sha256 == "${hash}"`, 'eql', 'windows').detection['selection']).toEqual({
      'Hashes|contains': `SHA256=${hash}`,
    });
  });

  it('reads an auditd syscall rule on a path with permissions as the watch', () => {
    const [file] = rules('# comment\n-a always,exit -F arch=b64 -F dir=/etc/sudoers.d -F perm=wa -k sudoers', 'auditd');
    expect(file?.logsource).toEqual({ category: 'file_event', product: 'linux' });
    expect(sigmaDetection((file as TranslatedQuery).condition)['selection']).toEqual({ 'TargetFilename|startswith': '/etc/sudoers.d/' });
  });
});

describe('Splunk searches', () => {
  it("reads Sysmon's fields, their EventCode as the event kind and its wildcards, up to the first pipe", () => {
    const { logsource, detection } = only(
      'index=main sourcetype="XmlWinEventLog:Microsoft-Windows-Sysmon/Operational" EventCode=1 Image="*\\rundll32.exe" (CommandLine="*javascript:*" OR CommandLine="*,#1*") NOT ParentImage="C:\\Windows\\explorer.exe" | stats count by Computer',
      'spl',
    );
    expect(logsource).toEqual({ category: 'process_creation', product: 'windows' });
    expect(detection).toEqual({
      selection: { 'Image|endswith': '\\rundll32.exe', 'CommandLine|contains': ['javascript:', ',#1'] },
      filter_1: { ParentImage: 'C:\\Windows\\explorer.exe' },
      condition: 'selection and not filter_1',
    });
  });

  it("reads the CIM's and CloudTrail's fields, and drops bare keywords and tstats", () => {
    expect(only('sourcetype=aws:cloudtrail eventName IN (StopLogging, DeleteTrail)', 'spl').detection).toEqual({
      selection: { eventName: ['StopLogging', 'DeleteTrail'] },
      condition: 'selection',
    });
    expect(only('process_name=certutil.exe process="*-urlcache*"', 'spl', 'windows').detection['selection']).toEqual({
      'Image|endswith': '\\certutil.exe',
      'CommandLine|contains': '-urlcache',
    });
    expect(dropped('index=main mimikatz', 'spl')).toBe(true);
    expect(dropped('| tstats count from datamodel=Endpoint.Processes', 'spl')).toBe(true);
  });
});

describe('the event a query describes', () => {
  it('holds every positive test of a field and leaves out what is excluded', () => {
    const { condition } = only(
      'process where process.name : "bash" and process.args : "-c" and process.args : "curl" and not process.parent.name : "sshd"',
      'eql',
    );
    expect(positiveEvent(condition, 'linux')).toEqual({ Image: '/tmp/bash', CommandLine: '-c curl' });
  });

  it('takes the first way of an or, and writes no event for a regex it cannot read as text', () => {
    const { condition } = only('process.name:(certutil.exe or bitsadmin.exe)', 'lucene', 'windows');
    expect(positiveEvent(condition, 'windows')).toEqual({ Image: 'C:\\Users\\Public\\certutil.exe' });
    const regex = only('dns.question.name:/[a-z]{20}\\.example/', 'lucene');
    expect(positiveEvent(regex.condition, 'windows')).toBeNull();
  });
});
