import { positiveEvent } from './positive-event';
import { sigmaDetection } from './sigma-detection';
import { translateQuery, type TranslatedQuery } from './translate-query';

// Queries written for these specs from the XQL reference (Cortex XDR's xdr_data fields), not from any article.
function only(text: string) {
  const translation = translateQuery(text, 'xql', null);
  if (!translation.ok) throw new Error(`not translated: ${translation.reason}`);
  expect(translation.rules).toHaveLength(1);
  const rule = translation.rules[0] as TranslatedQuery;
  return { logsource: rule.logsource, detection: sigmaDetection(rule.condition), condition: rule.condition };
}
const reason = (text: string) => {
  const translation = translateQuery(text, 'xql', null);
  return translation.ok ? null : translation.reason;
};

describe('XQL (Cortex XDR, XSIAM)', () => {
  it('reads a process query: event_type, the filters joined, the actor as the parent, in, contains and a time window', () => {
    const { logsource, detection, condition } = only(
      [
        'config case_sensitive = false',
        '| dataset = xdr_data',
        '| filter _time >= now() - duration("3d") and event_type = ENUM.PROCESS',
        '| filter actor_process_image_name in ("outlook.exe", "winword.exe") and action_process_image_name = "mshta.exe"',
        '| filter action_process_image_command_line contains "http"',
        '| fields agent_hostname, action_process_image_command_line',
      ].join('\n'),
    );
    expect(logsource).toEqual({ category: 'process_creation', product: 'windows' });
    expect(detection['selection']).toEqual({
      'ParentImage|endswith': ['\\outlook.exe', '\\winword.exe'],
      'Image|endswith': '\\mshta.exe',
      'CommandLine|contains': 'http',
    });
    expect(positiveEvent(condition, 'windows')).toMatchObject({ Image: expect.stringMatching(/\\mshta\.exe$/i) });
  });

  it('reads the actor of a file, registry or network event as the event’s own process, and the kind from the fields', () => {
    const file = only(
      'dataset = xdr_data | filter actor_process_image_name = "powershell.exe" and action_file_path contains "\\\\Startup\\\\"',
    );
    expect(file.logsource).toEqual({ category: 'file_event', product: 'windows' });
    expect(file.detection['selection']).toEqual({ 'Image|endswith': '\\powershell.exe', 'TargetFilename|contains': '\\Startup\\' });
    const registry = only('preset = xdr_registry | filter action_registry_key_name contains "\\\\CurrentVersion\\\\RunOnce"');
    expect(registry.logsource).toEqual({ category: 'registry_set', product: 'windows' });
    const network = only(
      'dataset = xdr_data | filter event_type = ENUM.NETWORK and action_remote_port = 4444 and actor_process_image_name = "rundll32.exe"',
    );
    expect(network.detection['selection']).toEqual({ DestinationPort: 4444, 'Image|endswith': '\\rundll32.exe' });
  });

  it('reads ~= as a regex found in the value, a plain one as the modifier engineers write, and not/!= as exclusions', () => {
    const { detection } = only(
      'dataset = xdr_data | filter event_type = ENUM.PROCESS and action_process_image_name ~= "regsvr32\\.exe" and action_process_image_command_line ~= "scrobj\\.dll|/i:http" and actor_process_image_name != "msiexec.exe" and action_process_image_command_line not contains "Program Files"',
    );
    expect(detection['selection']).toEqual({
      'Image|contains': 'regsvr32.exe',
      'CommandLine|re': '^(?:.*(?:scrobj\\.dll|/i:http).*)$',
    });
    expect(detection['filter_1']).toEqual({ 'ParentImage|endswith': '\\msiexec.exe' });
    expect(detection['filter_2']).toEqual({ 'CommandLine|contains': 'Program Files' });
    expect(detection['condition']).toBe('selection and not filter_1 and not filter_2');
  });

  it('leaves out joins, other datasets, filters over computed fields and ambiguous or unmapped fields', () => {
    expect(
      reason('dataset = xdr_data | filter action_process_image_name = "a.exe" | join (dataset = xdr_data) as b on agent_id = b.agent_id'),
    ).toBe('XQL join');
    expect(reason('dataset = cloud_audit_logs | filter cloud_action = "DeleteTrail"')).toMatch(/^XQL source/);
    expect(reason('dataset = xdr_data | alter n = len(action_process_image_command_line) | filter n > 900')).toBe(
      'a filter over computed columns',
    );
    expect(reason('dataset = xdr_data | filter action_process_image_name = "a.exe" or action_file_name = "b.txt"')).toBe(
      'no event category',
    );
    expect(reason('dataset = xdr_data | filter event_type = ENUM.PROCESS and causality_actor_process_image_name = "x.exe"')).toBe(
      'unmapped field causality_actor_process_image_name',
    );
    // After an aggregation the filters test what it counted: nothing before it selects.
    expect(
      reason('dataset = xdr_data | filter event_type = ENUM.PROCESS | comp count() as c by action_process_image_name | filter c < 3'),
    ).toBe('nothing tested beyond the log');
  });
});
