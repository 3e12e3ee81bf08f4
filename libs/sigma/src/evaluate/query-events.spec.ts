import { observableEvents } from './observable-events';
import { queryEvents } from './query-events';

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

  it('is the process a Kusto query over Defender tables describes', () => {
    expect(queryEvents('DeviceProcessEvents | where FolderPath =~ @"C:\\Users\\Public\\x.exe"', 'kql', 'windows')).toEqual([
      { Image: 'C:\\Users\\Public\\x.exe' },
    ]);
  });

  it('is nothing for a language or query that is not translated', () => {
    expect(
      queryEvents('DeviceProcessEvents | where FileName == "x.exe" | join (DeviceNetworkEvents) on DeviceId', 'kql', 'windows'),
    ).toEqual([]);
    expect(queryEvents('process where x == 1', undefined, 'windows')).toEqual([]);
  });
});
