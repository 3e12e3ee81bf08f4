import { load } from 'js-yaml';
import { CorrelationEngine } from './correlation';
import type { EventSource } from './event-source';
import { LiteralScanner } from './literal-scan';
import { requiredRegexLiteral } from './regex-literal';

const rule = (title: string, logsource: string, detection: string): string =>
  `title: ${title}\nlogsource: ${logsource}\ndetection:\n${detection}\n`;

const processRule = rule(
  'whoami',
  '{category: process_creation, product: windows}',
  "  sel:\n    Image|endswith: '\\whoami.exe'\n    CommandLine|contains: '/all'\n  condition: sel",
);
const registryRule = rule(
  'run key',
  '{category: registry_set, product: windows}',
  "  sel:\n    Image|endswith: '\\whoami.exe'\n  condition: sel",
);
const securityRule = rule('logon', '{service: security, product: windows}', '  sel:\n    EventID: 4625\n  condition: sel');
const cloudRule = rule('bucket', '{service: cloudtrail, product: aws}', '  sel:\n    eventName: PutBucketPolicy\n  condition: sel');
const genericRule = rule('generic', '{category: test}', "  sel:\n    CommandLine|contains: '/all'\n  condition: sel");

const sysmon = (eventId: number): EventSource => ({ product: 'windows', channel: 'Microsoft-Windows-Sysmon/Operational', eventId });
const security = (eventId: number): EventSource => ({ product: 'windows', channel: 'Security', eventId });

function engine(): CorrelationEngine {
  return new CorrelationEngine(
    [processRule, registryRule, securityRule, cloudRule, genericRule].map((text) => load(text) as Record<string, unknown>),
  );
}

const fired = (source: EventSource | null, event: Record<string, unknown>): string[] =>
  engine()
    .process(event, 0, source)
    .matched.map((compiled) => compiled.title);

describe('logsource gating', () => {
  const whoami = { Image: 'C:\\Windows\\System32\\whoami.exe', CommandLine: 'whoami /all' };

  it('runs a rule only on events of its logsource, as the Sigma taxonomy maps channels and event ids', () => {
    expect(fired(sysmon(1), whoami)).toEqual(['whoami']);
    expect(fired(sysmon(13), whoami)).toEqual(['run key']);
    expect(fired(security(4625), { EventID: 4625 })).toEqual(['logon']);
    expect(fired(sysmon(1), { EventID: 4625 })).toEqual([]);
    expect(fired({ product: 'aws', service: 'cloudtrail' }, { eventName: 'PutBucketPolicy', ...whoami })).toEqual(['bucket']);
  });

  it('runs process-creation rules on Security 4688 under that log’s field names, once', () => {
    const event = { EventID: 4688, NewProcessName: 'C:\\Windows\\System32\\whoami.exe', CommandLine: 'whoami /all' };
    expect(fired(security(4688), event)).toEqual(['whoami']);
    // The Sysmon field name means nothing in 4688, and NewProcessName nothing in Sysmon.
    expect(fired(security(4688), whoami)).toEqual([]);
    expect(fired(sysmon(1), event)).toEqual([]);
  });

  it('runs every rule (as written) on an event whose source is unknown', () => {
    expect(fired(null, whoami)).toEqual(['whoami', 'run key', 'generic']);
    expect(fired(null, { NewProcessName: 'C:\\Windows\\System32\\whoami.exe', CommandLine: 'whoami /all' })).toEqual(['generic']);
  });
});

describe('LiteralScanner', () => {
  it('finds every literal occurring in a text, overlapping and nested ones too, in one pass', () => {
    const literals = ['\\whoami.exe', 'whoami', 'ami', '/all', 'xyz', 'mimi'];
    const scanner = new LiteralScanner(literals);
    const found = new Set<string>();
    scanner.scan('c:\\windows\\whoami.exe /all mimimi', (id) => found.add(literals[id] as string));
    expect([...found].sort()).toEqual(['/all', '\\whoami.exe', 'ami', 'mimi', 'whoami']);
  });

  it('folds the case of the text itself, ASCII or not', () => {
    const literals = ['\\whoami.exe', 'évil', 'straße'];
    const scanner = new LiteralScanner(literals);
    const found = (text: string): string[] => {
      const ids = new Set<number>();
      scanner.scan(text, (id) => ids.add(id));
      return [...ids].map((id) => literals[id] as string).sort();
    };
    expect(found('C:\\WINDOWS\\WhoAmI.EXE')).toEqual(['\\whoami.exe']);
    expect(found('C:\\Temp\\ÉVIL\\WHOAMI.exe')).toEqual(['\\whoami.exe', 'évil']);
    expect(found('STRASSE Straße')).toEqual(['straße']);
    expect(found('whoami.ex')).toEqual([]);
  });
});

describe('requiredRegexLiteral', () => {
  it('takes the longest run every match must contain, and gives up where none is sure', () => {
    expect(requiredRegexLiteral('\\\\(cmd|powershell)\\.exe\\s+/c\\s+whoami')).toBe('whoami');
    expect(requiredRegexLiteral('Invoke-Mimikatz\\s')).toBe('invoke-mimikatz');
    expect(requiredRegexLiteral('abcd?ef')).toBe('abc');
    expect(requiredRegexLiteral('a|bbbbb')).toBeNull();
    expect(requiredRegexLiteral('[a-z]+\\d{3}')).toBeNull();
  });

  it('relies on no character an escaped letter or digit stands for, nor on characters beyond ASCII', () => {
    expect(requiredRegexLiteral('\\x41bcd')).toBe('bcd');
    expect(requiredRegexLiteral('\\u0041\\u{1F600}xyz')).toBe('xyz');
    expect(requiredRegexLiteral('\\Aabc\\Z')).toBe('abc');
    expect(requiredRegexLiteral('(a)\\1bc')).toBe('bc');
    expect(requiredRegexLiteral('\\cJab')).toBe('ab');
    expect(requiredRegexLiteral('\\p{Lu}ab')).toBe('ab');
    expect(requiredRegexLiteral('abΣcdef')).toBe('cdef');
    expect(requiredRegexLiteral('a\\.exe')).toBe('a.exe');
  });
});
