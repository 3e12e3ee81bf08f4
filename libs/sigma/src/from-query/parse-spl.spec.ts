import { positiveEvent } from './positive-event';
import { sigmaDetection } from './sigma-detection';
import { translateQuery, type TranslatedQuery } from './translate-query';

// Searches written for these specs from Splunk's CIM and Windows add-on documentation, not from any article.
function only(text: string, platform: 'windows' | 'linux' | null = null) {
  const translation = translateQuery(text, 'spl', platform);
  if (!translation.ok) throw new Error(`not translated: ${translation.reason}`);
  expect(translation.rules).toHaveLength(1);
  const rule = translation.rules[0] as TranslatedQuery;
  return { logsource: rule.logsource, detection: sigmaDetection(rule.condition), condition: rule.condition };
}
const reason = (text: string) => {
  const translation = translateQuery(text, 'spl', null);
  return translation.ok ? null : translation.reason;
};

describe('Splunk searches', () => {
  it('reads tstats over the Endpoint data model: its where clause, the dataset’s field names, the output macros as nothing', () => {
    const { logsource, detection } = only(
      '| tstats `summariesonly` count min(_time) as firstTime from datamodel=Endpoint.Processes where Processes.parent_process_name="w3wp.exe" Processes.process_name IN ("cmd.exe","powershell.exe") Processes.process="*whoami*" by Processes.dest Processes.process | `drop_dm_object_name(Processes)` | `security_content_ctime(firstTime)` | `webshell_child_filter`',
    );
    expect(logsource).toEqual({ category: 'process_creation', product: 'windows' });
    expect(detection['selection']).toEqual({
      'ParentImage|endswith': '\\w3wp.exe',
      'Image|endswith': ['\\cmd.exe', '\\powershell.exe'],
      'CommandLine|contains': 'whoami',
    });
  });

  it('reads the Filesystem and Registry data models as file and registry events', () => {
    const file = only(
      '| tstats count from datamodel=Endpoint.Filesystem where Filesystem.file_path="*\\\\Start Menu\\\\Programs\\\\Startup\\\\*" Filesystem.file_name="*.lnk" by Filesystem.dest',
    );
    expect(file.logsource).toEqual({ category: 'file_event', product: 'windows' });
    expect(file.detection['selection']).toEqual({
      'TargetFilename|contains': '\\Start Menu\\Programs\\Startup\\',
      'TargetFilename|endswith': '.lnk',
    });
    const registry = only(
      '| tstats count from datamodel=Endpoint.Registry where Registry.registry_path="*\\\\Image File Execution Options\\\\*" Registry.registry_value_name="Debugger" by Registry.dest',
    );
    expect(registry.logsource).toEqual({ category: 'registry_set', product: 'windows' });
  });

  it('reads a log macro as its sourcetype: Sysmon’s events by their fields, script blocks as ps_script', () => {
    const sysmon = only('`sysmon` EventCode=1 Image="*\\\\rundll32.exe" CommandLine="*javascript:*"');
    expect(sysmon.logsource).toEqual({ category: 'process_creation', product: 'windows' });
    const script = only('`powershell` EventCode=4104 ScriptBlockText="*FromBase64String*" ScriptBlockText="*Invoke-Expression*"');
    expect(script.logsource).toEqual({ category: 'ps_script', product: 'windows' });
    expect(script.detection['selection']).toEqual({ 'ScriptBlockText|contains|all': ['FromBase64String', 'Invoke-Expression'] });
  });

  it('reads a service installed (7045) and a task created (4698) as the System and Security logs’ events, by EventID', () => {
    const service = only('`wineventlog_system` EventCode=7045 Service_File_Name="*\\\\Users\\\\Public\\\\*" | stats count by host');
    expect(service.logsource).toEqual({ product: 'windows', service: 'system' });
    expect(service.detection['selection']).toEqual({ EventID: 7045, 'ImagePath|contains': '\\Users\\Public\\' });
    expect(positiveEvent(service.condition, 'windows')).toMatchObject({ EventID: '7045' });
    const task = only('index=wineventlog EventCode=4698 TaskContent="*mshta*"');
    expect(task.logsource).toEqual({ product: 'windows', service: 'security' });
    expect(task.detection['selection']).toEqual({ EventID: 4698, 'TaskContent|contains': 'mshta' });
  });

  it('takes OR before AND, as the search command does, and a network as one', () => {
    const { detection } = only(
      'index=sysmon EventCode=3 Image="*\\\\mshta.exe" OR Image="*\\\\rundll32.exe" NOT DestinationIp="10.0.0.0/8"',
    );
    expect(detection['selection']).toEqual({ 'Image|endswith': ['\\mshta.exe', '\\rundll32.exe'] });
    expect(detection['filter_1']).toEqual({ 'DestinationIp|cidr': '10.0.0.0/8' });
    expect(detection['condition']).toBe('selection and not filter_1');
  });

  it('reads a search of the Linux audit log as auditd’s records', () => {
    const { logsource, detection } = only(
      'index=linux sourcetype=linux:audit type=PATH name="/etc/ld.so.preload" nametype=CREATE OR nametype=NORMAL',
    );
    expect(logsource).toEqual({ product: 'linux', service: 'auditd' });
    expect(detection['selection']).toEqual({ type: 'PATH', name: '/etc/ld.so.preload', nametype: ['CREATE', 'NORMAL'] });
    expect(reason('index=main name="x" Image="*\\\\a.exe"')).not.toBeNull();
  });

  it('leaves out an unknown macro, a command first, an event ID of two logs and a data model it does not read', () => {
    expect(reason('`my_custom_macro` Image="*\\\\x.exe"')).toBe(
      "macro my_custom_macro (a site's own search macro: its definition is not in the query)",
    );
    expect(reason('| inputlookup hosts.csv')).toBe('a command first');
    expect(reason('EventCode=7045 OR EventCode=4698 ServiceName=x')).not.toBeNull();
    expect(reason('| tstats count from datamodel=Web where Web.url="*x*" by Web.src')).toBe('data model Web');
    expect(reason('| tstats count from datamodel=Endpoint.Processes by Processes.process_name')).toBe('nothing tested beyond the log');
  });
});

describe('Splunk security_content’s program macros', () => {
  it('reads process_<name> as the program by its name or its original file name', () => {
    const { logsource, detection } = only(
      '| tstats `security_content_summariesonly` count from datamodel=Endpoint.Processes where `process_rundll32` AND Processes.process="*javascript:*" by Processes.dest',
    );
    expect(logsource).toEqual({ category: 'process_creation', product: 'windows' });
    expect(detection).toMatchObject({ selection: [{ 'Image|endswith': '\\rundll32.exe' }, { OriginalFileName: 'rundll32.exe' }] });
    expect(JSON.stringify(detection)).toContain('javascript:');
  });
});
