import { compileRule, type CompiledRule } from './compile-rule';
import type { SigmaEvent } from './event-fields';
import type { EventSource } from './event-source';
import { RuleSet } from './rule-set';

const detections: Record<string, string> = {
  endswith: "  sel:\n    Image|endswith: '\\whoami.exe'\n  condition: sel",
  containsNoBoundary: "  sel:\n    CommandLine|contains: 'ami /al'\n  condition: sel",
  windash: "  sel:\n    CommandLine|windash|contains: ' -enc '\n  condition: sel",
  wildcardInside: "  sel:\n    CommandLine: '*who*all*'\n  condition: sel",
  numeric: '  sel:\n    EventID: 4688\n  condition: sel',
  notOnly: "  filter:\n    User: 'SYSTEM'\n  condition: not filter",
  nullValue: '  sel:\n    ParentImage: null\n  condition: sel',
  keywords: "  keywords:\n    - 'mimikatz'\n  condition: keywords",
  nested: "  sel:\n    process.name: 'whoami.exe'\n  condition: sel",
  allOf:
    "  a:\n    Image|endswith: '.exe'\n  b:\n    CommandLine|contains|all:\n      - '/all'\n      - 'whoami'\n  condition: all of them",
  regex: "  sel:\n    CommandLine|re: 'who(ami)?\\s'\n  condition: sel",
};

const events: SigmaEvent[] = [
  { Image: 'C:\\Windows\\System32\\WHOAMI.EXE', CommandLine: 'whoami /all', User: 'alice', EventID: '4688' },
  { Image: 'C:\\x\\whoami.exe.bak', CommandLine: 'powershell /enc AAAA', User: 'SYSTEM', ParentImage: null },
  { process: { name: 'WhoAmI.exe', args: ['mimikatz.exe'] }, EventID: 1 },
  { CommandLine: 'cmd /c who\tcares', User: 'SYSTEM' },
  {},
];

describe('RuleSet', () => {
  it('finds exactly the rules a full loop over every rule finds, trying fewer of them', () => {
    const set = new RuleSet<string>();
    const rules = Object.entries(detections).map(([name, detection]) => {
      const rule = compileRule(`title: ${name}\nlogsource: {category: test}\ndetection:\n${detection}\n`);
      set.add(rule, name);
      return { name, rule };
    });
    const viaIndex = events.map((event) => set.match(event).map((entry) => entry.meta));
    const viaLoop = events.map((event) => rules.filter(({ rule }) => rule.matches(event)).map(({ name }) => name));
    expect(viaIndex).toEqual(viaLoop);
    expect(viaLoop[0]).toEqual(['endswith', 'containsNoBoundary', 'wildcardInside', 'numeric', 'notOnly', 'nullValue', 'allOf', 'regex']);
    expect(viaLoop[2]).toEqual(['notOnly', 'nullValue', 'keywords', 'nested']);
    expect(set.candidateCount({ Unrelated: 'value' })).toBeLessThan(rules.length);
  });
});

describe('RuleSet: one index per log', () => {
  const sysmon = (eventId: number): EventSource => ({ product: 'windows', channel: 'Microsoft-Windows-Sysmon/Operational', eventId });
  const gated = (title: string, logsource: string, detection: string): CompiledRule =>
    compileRule(`title: ${title}\nlogsource: ${logsource}\ndetection:\n${detection}\n`);
  const processRule = gated(
    'process',
    '{category: process_creation, product: windows}',
    "  sel:\n    Image|endswith: '\\whoami.exe'\n  condition: sel",
  );
  const registry = gated(
    'registry',
    '{category: registry_set, product: windows}',
    "  sel:\n    Image|endswith: '\\whoami.exe'\n  condition: sel",
  );
  const anyWindows = gated('keywords', '{product: windows}', "  keywords:\n    - 'whoami'\n  condition: keywords");
  const event: SigmaEvent = { Image: 'C:\\Windows\\System32\\whoami.exe', EventID: 1 };

  it('tries on an event only the rules of its log, and learns of rules added after it has matched', () => {
    const set = new RuleSet<string>();
    set.add(processRule, 'process');
    set.add(registry, 'registry');
    expect(set.match(event, sysmon(1)).map((entry) => entry.meta)).toEqual(['process']);
    expect(set.candidateCount(event, sysmon(1))).toBe(1);
    expect(set.match(event, sysmon(13)).map((entry) => entry.meta)).toEqual(['registry']);
    expect(set.match(event, { product: 'linux', channel: 'Linux-Sysmon/Operational', eventId: 1 })).toEqual([]);
    // No source: every rule runs.
    expect(set.match(event).map((entry) => entry.meta)).toEqual(['process', 'registry']);

    set.add(anyWindows, 'keywords');
    expect(set.match(event, sysmon(1)).map((entry) => entry.meta)).toEqual(['process', 'keywords']);
    expect(set.match(event, sysmon(13)).map((entry) => entry.meta)).toEqual(['registry', 'keywords']);
    expect(set.match({ Image: 'C:\\Windows\\System32\\cmd.exe' }, sysmon(1))).toEqual([]);
  });
});
