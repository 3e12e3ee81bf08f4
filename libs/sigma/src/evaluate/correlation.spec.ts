import { RuleCompileError } from './compile-item';
import { CorrelationEngine, eventTime, loadRuleDocuments } from './correlation';

const base = (id: string, name: string, selection: string): string =>
  `title: ${name}\nid: ${id}\nname: ${name}\nlogsource: {category: test}\ndetection:\n  sel:\n    ${selection}\n  condition: sel\n`;

const correlation = (title: string, body: string): string => `title: ${title}\ncorrelation:\n${body}\n`;

/** Feeds `[second, event]` pairs and returns, per event, the alerts as `rule:group:count-or-value`. */
function run(yaml: string, feed: Array<[number, Record<string, unknown>]>): string[][] {
  const engine = new CorrelationEngine(loadRuleDocuments(yaml));
  return feed.map(([second, event]) =>
    engine
      .process(event, second * 1000)
      .alerts.map((alert) => `${alert.rule}:${JSON.stringify(alert.group)}:${alert.count ?? alert.value}`),
  );
}

const failedLogon = base('11111111-1111-4111-8111-111111111111', 'failed_logon', 'EventID: 4625');

describe('CorrelationEngine', () => {
  it('event_count: counts per group in a window sliding back from each event, firing while the condition holds', () => {
    const yaml = [
      failedLogon,
      correlation(
        'Password spraying',
        '  type: event_count\n  rules: [failed_logon]\n  group-by: [TargetUserName]\n  timespan: 10s\n  condition: {gte: 3, lte: 4}',
      ),
    ].join('---\n');
    const fail = (user: string) => ({ EventID: 4625, TargetUserName: user });
    expect(
      run(yaml, [
        [0, fail('amy')],
        [1, fail('amy')],
        [2, fail('bob')],
        [3, fail('amy')],
        [4, fail('amy')],
        [5, fail('amy')],
        [30, fail('amy')],
        [31, { EventID: 4624, TargetUserName: 'amy' }],
      ]),
    ).toEqual([[], [], [], ['Password spraying:{"TargetUserName":"amy"}:3'], ['Password spraying:{"TargetUserName":"amy"}:4'], [], [], []]);
  });

  it('value_count counts distinct values; value_sum and value_avg add and average a numeric field', () => {
    const upload = base('22222222-2222-4222-8222-222222222222', 'upload', 'Action: upload');
    const yaml = [
      upload,
      correlation(
        'Many hosts',
        '  type: value_count\n  rules: [upload]\n  group-by: [User]\n  timespan: 1m\n  condition: {field: Host, gte: 2}',
      ),
      correlation(
        'Big total',
        '  type: value_sum\n  rules: [upload]\n  group-by: [User]\n  timespan: 1m\n  condition: {field: Bytes, gt: 1000}',
      ),
      correlation('Big average', '  type: value_avg\n  rules: [upload]\n  timespan: 1m\n  condition: {field: Bytes, gte: 600}'),
    ].join('---\n');
    const up = (host: string, bytes: number | string) => ({ Action: 'upload', User: 'u', Host: host, Bytes: bytes });
    expect(
      run(yaml, [
        [0, up('a', 400)],
        [1, up('a', '700')],
        [2, up('b', 300)],
      ]),
    ).toEqual([[], ['Big total:{"User":"u"}:1100'], ['Many hosts:{"User":"u"}:2', 'Big total:{"User":"u"}:1400']]);
  });

  it('temporal needs every rule in the window in any order; temporal_ordered needs them in order', () => {
    const recon = base('33333333-3333-4333-8333-333333333333', 'recon', "CommandLine|contains: 'whoami'");
    const dump = base('44444444-4444-4444-8444-444444444444', 'dump', "CommandLine|contains: 'lsass'");
    const rules = '  rules: [recon, dump]\n  group-by: [Host]\n  timespan: 5m';
    const unordered = [recon, dump, correlation('Both', `  type: temporal\n${rules}`)].join('---\n');
    const ordered = [recon, dump, correlation('Recon then dump', `  type: temporal_ordered\n${rules}`)].join('---\n');
    const feed: Array<[number, Record<string, unknown>]> = [
      [0, { CommandLine: 'procdump -ma lsass.exe', Host: 'h1' }],
      [10, { CommandLine: 'whoami /priv', Host: 'h1' }],
      [20, { CommandLine: 'rundll32 comsvcs.dll MiniDump 624 lsass.dmp', Host: 'h1' }],
      [1000, { CommandLine: 'whoami', Host: 'h1' }],
    ];
    expect(run(unordered, feed)).toEqual([[], ['Both:{"Host":"h1"}:2'], ['Both:{"Host":"h1"}:2'], []]);
    expect(run(ordered, feed)).toEqual([[], [], ['Recon then dump:{"Host":"h1"}:2'], []]);
  });

  it('groups through aliases naming a rule by name or id, and chains a correlation of correlations', () => {
    const conn = base('55555555-5555-4555-8555-555555555555', 'conn', 'EventID: 3');
    const dns = base('66666666-6666-4666-8666-666666666666', 'dns', 'EventID: 22');
    const yaml = [
      conn,
      dns,
      correlation(
        'Lookup then connect',
        '  type: temporal_ordered\n  rules: [66666666-6666-4666-8666-666666666666, conn]\n  group-by: [host]\n  timespan: 1m\n  aliases:\n    host:\n      dns: QueryName\n      55555555-5555-4555-8555-555555555555: DestinationHostname',
      ).replace('correlation:', 'name: lookup_connect\ncorrelation:'),
      correlation(
        'Repeated lookups then connects',
        '  type: event_count\n  rules: [lookup_connect]\n  group-by: [host]\n  timespan: 1h\n  condition: {gte: 2}',
      ),
    ].join('---\n');
    const lookup = { EventID: 22, QueryName: 'c2.example' };
    const connect = { EventID: 3, DestinationHostname: 'c2.example' };
    expect(
      run(yaml, [
        [0, lookup],
        [1, connect],
        [2, { EventID: 3, DestinationHostname: 'other.example' }],
        [3, connect],
      ]),
    ).toEqual([
      [],
      ['Lookup then connect:{"host":"c2.example"}:2'],
      [],
      ['Lookup then connect:{"host":"c2.example"}:2', 'Repeated lookups then connects:{"host":"c2.example"}:2'],
    ]);
  });

  it('refuses a malformed correlation with a specific reason and warns about a rule it cannot find', () => {
    const refuse = (body: string): string => {
      try {
        new CorrelationEngine(loadRuleDocuments([failedLogon, correlation('Bad', body)].join('---\n')));
      } catch (error) {
        if (error instanceof RuleCompileError) return `${error.path}: ${error.message}`;
        throw error;
      }
      return 'accepted';
    };
    expect(refuse('  type: event_sum\n  rules: [failed_logon]\n  timespan: 1m\n  condition: {gte: 1}')).toMatch(
      /^correlation\.type: .*type must be one of/,
    );
    expect(refuse('  type: event_count\n  rules: [failed_logon]\n  timespan: 1 minute\n  condition: {gte: 1}')).toMatch(
      /^correlation\.timespan: /,
    );
    expect(refuse('  type: value_count\n  rules: [failed_logon]\n  timespan: 1m\n  condition: {gte: 1}')).toMatch(/needs condition\.field/);
    expect(refuse('  type: event_count\n  rules: [failed_logon]\n  timespan: 1m\n  condition: {between: 1}')).toMatch(
      /needs at least one of/,
    );
    const engine = new CorrelationEngine(
      loadRuleDocuments(
        [failedLogon, correlation('Lost', '  type: event_count\n  rules: [nowhere]\n  timespan: 1m\n  condition: {gte: 1}')].join('---\n'),
      ),
    );
    expect(engine.warnings).toEqual(['correlation "Lost" refers to nowhere, which no loaded rule has as id or name']);
  });

  it('reads event times from ISO-8601 text and epoch seconds', () => {
    expect(eventTime({ t: '2025-03-01T00:00:10Z' }, 't')).toBe(Date.UTC(2025, 2, 1, 0, 0, 10));
    expect(eventTime({ t: 1700000000 }, 't')).toBe(1_700_000_000_000);
    expect(eventTime({ t: 'yesterday' }, 't')).toBeNull();
  });
});
