import { observableEvents } from './observable-events';
import { queryEvents, queryRuleHolds } from './query-events';

describe('the synthetic telemetry of a hunt query', () => {
  it('is the event its positive conditions describe, for the product the rule reads', () => {
    const events = observableEvents(
      [{ type: 'hunt_query', value: 'process.name:(curl or wget) and process.args:"-o"', attributes: { language: 'lucene' } }],
      {
        product: 'linux',
      },
    );
    expect(events).toEqual([{ observable: expect.stringMatching(/^hunt_query: /), event: { Image: '/tmp/curl', CommandLine: '-o' } }]);
  });

  it('is nothing for a language or query that is not translated', () => {
    expect(queryEvents('DeviceProcessEvents | where FileName == "x.exe"', 'kql', 'windows')).toEqual([]);
    expect(queryEvents('process where x == 1', undefined, 'windows')).toEqual([]);
  });

  it('holds a rule that fires on its event and on no benign one, and no other', () => {
    const rule = {
      logsource: { category: 'process_creation', product: 'windows' },
      detection: { selection: { 'Image|endswith': '\\mshta.exe', 'CommandLine|contains': 'javascript:' }, condition: 'selection' },
    };
    expect(queryRuleHolds(rule, { Image: 'C:\\Users\\Public\\mshta.exe', CommandLine: 'mshta javascript:close()' })).toBe(true);
    expect(queryRuleHolds(rule, { Image: 'C:\\Windows\\System32\\cmd.exe' })).toBe(false);
    const broad = { ...rule, detection: { selection: { 'Image|endswith': '\\svchost.exe' }, condition: 'selection' } };
    expect(queryRuleHolds(broad, { Image: 'C:\\Windows\\System32\\svchost.exe' })).toBe(false);
  });
});
