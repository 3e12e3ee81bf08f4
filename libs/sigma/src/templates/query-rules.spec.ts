import type { HuntQueryItem } from '@huntforge/contracts/extraction';
import { corpusChecks } from '../evaluate/corpus-checks';
import { selfTestRule } from '../evaluate/self-test';
import { builtinSigmaInput, generateBuiltinRules } from './builtin-sigma-agent';
import { queryRuleOutcome } from './query-rules';

const article = { title: 'Hunting Example Tradecraft', url: 'https://example.org/hunting', date: '2026-01-01' };
const query = (value: string, language: HuntQueryItem['language']): HuntQueryItem => ({
  value,
  language,
  evidence: { start: 0, end: value.length, text: value },
  confidence: 0.9,
});
const extraction = (items: HuntQueryItem[]) =>
  ({
    subresults: { hunt_queries: { items, count: items.length, duration_ms: 0, status: 'ok' } },
  }) as unknown as Parameters<typeof builtinSigmaInput>[2];

const EQL =
  'process where process.name : "mshta.exe" and process.args : ("http*", "*javascript:*") and not process.parent.name : "explorer.exe"';

describe('rules from the hunt queries an article publishes', () => {
  it('translates the extraction’s hunt queries into rules the generator returns, citing the article', () => {
    const drafts = generateBuiltinRules(builtinSigmaInput(article, 'windows', extraction([query(EQL, 'eql')])), corpusChecks);
    const rule = drafts.find((draft) => draft.rule.title.includes('From The Article EQL Query'))?.rule;
    expect(rule?.logsource).toEqual({ category: 'process_creation', product: 'windows' });
    expect(rule?.detection['selection']).toEqual({ 'Image|endswith': '\\mshta.exe', 'CommandLine|contains': ['http', 'javascript:'] });
    expect(rule?.description).toContain(article.url);
    expect(rule?.level).toBe('medium');
    expect(rule?.tags).toEqual(expect.arrayContaining(['attack.t1218.005']));
  });

  it('fires on the event its own query describes, as the self-test builds it, and on no benign event', () => {
    const [draft] = queryRuleOutcome({ article, platform: 'windows', huntQueries: [query(EQL, 'eql')] }, corpusChecks).drafts;
    const result = selfTestRule(draft?.rule as unknown as Record<string, unknown>, [
      { type: 'hunt_query', value: EQL, attributes: { language: 'eql' } },
    ]);
    expect(result.fires).toBe(true);
    expect(result.baseline?.fires).toBe(0);
  });

  it('leaves out a query whose rule would fire on ordinary machines, one it cannot translate, and all of them without the checks', () => {
    const broad = query('process where process.name : "svchost.exe"', 'eql');
    const unmapped = query('process where process.name : "x.exe" and process.code_signature.trusted == false', 'eql');
    const outcome = queryRuleOutcome({ article, platform: 'windows', huntQueries: [broad, unmapped, query(EQL, 'eql')] }, corpusChecks);
    expect(outcome).toMatchObject({ translated: 1, dropped: 2 });
    expect(queryRuleOutcome({ article, platform: 'windows', huntQueries: [query(EQL, 'eql')] }).drafts).toHaveLength(0);
  });

  it('titles a query by the name its author gave it', () => {
    const falco = query(
      '- rule: reverse shell via socat\n  condition: spawned_process and proc.name = socat and proc.args contains "exec:"',
      'falco',
    );
    const [draft] = queryRuleOutcome({ article, platform: 'linux', huntQueries: [falco] }, corpusChecks).drafts;
    expect(draft?.rule.title).toBe('Reverse Shell Via Socat (From The Article Falco Query)');
    expect(draft?.rule.detection['selection']).toEqual({ 'Image|endswith': '/socat', 'CommandLine|contains': 'exec:' });
  });

  it('names an auditd watch for the persistence folder it watches, never for a cloud log', () => {
    const watch = query('-w /etc/cron.d/ -p wa -k cron_persistence', 'auditd');
    const titles = queryRuleOutcome({ article, platform: 'linux', huntQueries: [watch] }, corpusChecks).drafts.map(
      (draft) => `${draft.rule.logsource.service ?? draft.rule.logsource.category}: ${draft.rule.title}`,
    );
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).not.toMatch(/Azure|AWS|Okta/);
    expect(titles).toContain('auditd: Cron File Path Touched (From The Article Auditd Query)');
  });

  it('classes an auditd rule as the Linux audit log’s, and a Sysmon 10 query as a process access named for its target', () => {
    const watch = query('-w /etc/cron.d/ -p wa -k cron_persistence', 'auditd');
    const classes = queryRuleOutcome({ article, platform: 'linux', huntQueries: [watch] }, corpusChecks)
      .drafts.filter((draft) => draft.rule.logsource.service === 'auditd')
      .map((draft) => draft.telemetryClass);
    expect(classes.length).toBeGreaterThan(0);
    expect(new Set(classes)).toEqual(new Set(['linux_auditd']));
    const access = query('`sysmon` EventCode=10 TargetImage="*\\lsass.exe" GrantedAccess="0x1010"', 'spl');
    const [draft] = queryRuleOutcome({ article, platform: 'windows', huntQueries: [access] }, corpusChecks).drafts;
    expect(draft?.telemetryClass).toBe('process_access');
    expect(draft?.rule.title).toBe('Suspicious Process Access To Lsass.EXE (From The Article SPL Query)');
    expect(draft?.rule.tags).toEqual(expect.arrayContaining(['attack.t1003.001']));
  });

  it('writes cloud queries as the audit log’s rule', () => {
    const esql = query(
      'FROM logs-aws.cloudtrail-* | WHERE event.provider == "iam.amazonaws.com" AND event.action == "CreateLoginProfile"',
      'esql',
    );
    const [draft] = queryRuleOutcome({ article, platform: 'unknown', huntQueries: [esql] }, corpusChecks).drafts;
    expect(draft?.telemetryClass).toBe('cloud_audit');
    expect(draft?.rule.title).toBe('AWS CreateLoginProfile Activity (From The Article ES|QL Query)');
    expect(draft?.rule.logsource).toEqual({ product: 'aws', service: 'cloudtrail' });
  });

  it('writes script block and Kusto queries as the rules of their logs', () => {
    const script = query('event.code:4104 and powershell.file.script_block_text:(*Invoke-Mimikatz* or *sekurlsa*)', 'lucene');
    const kusto = query(
      'DeviceProcessEvents | where FileName =~ "certutil.exe" and ProcessCommandLine has_any ("-urlcache", "-decode")',
      'kql',
    );
    const { drafts } = queryRuleOutcome({ article, platform: 'windows', huntQueries: [script, kusto] }, corpusChecks);
    expect(drafts.map((draft) => [draft.telemetryClass, draft.rule.logsource])).toEqual([
      ['ps_script', { category: 'ps_script', product: 'windows' }],
      ['process_creation', { category: 'process_creation', product: 'windows' }],
    ]);
  });

  it('writes a service installed and a task created as the System and Security logs’ rules, which fire on their events', () => {
    const service = query('`wineventlog_system` EventCode=7045 ImagePath="*\\\\AppData\\\\Local\\\\Temp\\\\*"', 'spl');
    const task = query('SecurityEvent | where EventID == 4698 and SubjectUserName =~ "svc_backup"', 'kql');
    const { drafts, dropped } = queryRuleOutcome({ article, platform: 'windows', huntQueries: [service, task] }, corpusChecks);
    expect(dropped).toBe(0);
    expect(drafts.map((draft) => [draft.telemetryClass, draft.rule.logsource, draft.rule.title])).toEqual([
      ['service_creation', { product: 'windows', service: 'system' }, 'Suspicious Service Installation (From The Article SPL Query)'],
      [
        'scheduled_task_creation',
        { product: 'windows', service: 'security' },
        'Suspicious Scheduled Task Creation (From The Article KQL Query)',
      ],
    ]);
  });

  it('keeps an auditd syscall rule and an XQL query whose rules fire on the events they describe', () => {
    const syscall = query('-a always,exit -F arch=b64 -S ptrace -F a0=0x10 -k process_attach', 'auditd');
    const xql = query(
      'dataset = xdr_data | filter event_type = ENUM.PROCESS and action_process_image_name = "certutil.exe" and action_process_image_command_line contains "-urlcache"',
      'xql',
    );
    const { drafts } = queryRuleOutcome({ article, platform: 'linux', huntQueries: [syscall] }, corpusChecks);
    expect(drafts.map((draft) => draft.rule.detection['selection'])).toEqual([
      { type: 'SYSCALL', syscall: 'ptrace', a0: 10, key: 'process_attach' },
    ]);
    const [certutil] = queryRuleOutcome({ article, platform: 'windows', huntQueries: [xql] }, corpusChecks).drafts;
    expect(certutil?.rule.title).toContain('(From The Article XQL Query)');
    expect(certutil?.rule.detection['selection']).toEqual({ 'Image|endswith': '\\certutil.exe', 'CommandLine|contains': '-urlcache' });
  });
});
