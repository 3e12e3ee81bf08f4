import { sigmaDetection } from './sigma-detection';
import { translateQuery, type TranslatedQuery } from './translate-query';

// Queries written for these specs from Elastic's ES|QL documentation, not from any article.
function only(text: string) {
  const translation = translateQuery(text, 'esql', 'windows');
  if (!translation.ok) throw new Error(`not translated: ${translation.reason}`);
  expect(translation.rules).toHaveLength(1);
  const rule = translation.rules[0] as TranslatedQuery;
  return { logsource: rule.logsource, detection: sigmaDetection(rule.condition) };
}
const dropped = (text: string) => translateQuery(text, 'esql', 'windows').ok === false;

describe('ES|QL names, networks and counts', () => {
  it('reads a name an EVAL gives a field (or its lower-case copy) as the field', () => {
    const { detection } = only(
      'from logs-endpoint.events.process-*\n| where event.type == "start"\n| eval cmd = to_lower(process.command_line), parent = process.parent.name\n| where cmd like "*-enc*" and parent == "winword.exe" and process.name == "powershell.exe"',
    );
    expect(detection['selection']).toEqual({
      'CommandLine|contains': '-enc',
      'ParentImage|endswith': '\\winword.exe',
      'Image|endswith': '\\powershell.exe',
    });
  });

  it('drops a test of an EVAL name that stands for a computation', () => {
    expect(
      dropped('from logs-endpoint.events.process-* | eval n = length(process.command_line) | where n == "5" and process.name == "a.exe"'),
    ).toBe(true);
  });

  it('reads cidr_match as networks, and args_count and host names as non-selecting tests', () => {
    const { logsource, detection } = only(
      'from logs-endpoint.events.network-* | where not cidr_match(destination.ip, "10.0.0.0/8", "192.168.0.0/16") and process.name == "rundll32.exe" and destination.port == 443 and host.name != "build01"',
    );
    expect(logsource).toEqual({ category: 'network_connection', product: 'windows' });
    expect(detection).toEqual({
      selection: { 'Image|endswith': '\\rundll32.exe', DestinationPort: 443 },
      filter_1: { 'DestinationIp|cidr': ['10.0.0.0/8', '192.168.0.0/16'] },
      condition: 'selection and not filter_1',
    });
    expect(
      only(
        'from logs-endpoint.events.process-* | where process.name == "cmd.exe" and process.args_count >= 3 and process.parent.name == "w3wp.exe"',
      ).detection['selection'],
    ).toEqual({ 'Image|endswith': '\\cmd.exe', 'ParentImage|endswith': '\\w3wp.exe' });
    expect(dropped('from logs-endpoint.events.process-* | where process.name == "cmd.exe" and process.args_count >= 3')).toBe(true);
  });
});
