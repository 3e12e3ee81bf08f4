import type { ExecutionCoverage } from '@huntforge/contracts/executions';
import { generateBuiltinRules } from '../templates/builtin-sigma-agent';
import {
  assessGeneratedRules,
  assessmentSummary,
  coveringRules,
  holdCandidate,
  MAX_REPAIR_ATTEMPTS,
  type RepairRule,
  type RuleCandidate,
} from './assess-generated-rules';

const article = { title: 'A loader seen twice', url: 'https://research.example.org/loader-twice', date: '2026-11-27' };
const command = 'vssadmin delete shadows /all /quiet';
const observables = [{ type: 'cmdline', value: command }];
const [vssadmin] = generateBuiltinRules({
  article,
  platform: 'windows',
  cmdlines: [{ value: command, executable: 'vssadmin', evidence: { start: 0, end: command.length, text: command }, confidence: 0.9 }],
});

const BROKEN =
  'title: Broken\nlogsource:\n  category: process_creation\n  product: windows\ndetection:\n  selection:\n    Image|endswith|unknownmod: \\upd-agent.exe\n  condition: selection\n';
const FIXED =
  'title: Updater Agent Run\nid: 0f0e3c7a-5a2b-4c1d-9e8f-7a6b5c4d3e2f\nstatus: experimental\ndescription: Detects the updater agent.\nauthor: test\ndate: 2026-11-27\nlogsource:\n  category: process_creation\n  product: windows\ndetection:\n  selection:\n    Image|endswith: \\upd-agent.exe\n  condition: selection\nfalsepositives:\n  - Administrators\nlevel: low\n';
const noRepair: RepairRule = async () => null;

describe('assessGeneratedRules: what a run learns about each generated rule', () => {
  it("self-tests on the prose facts of the article's text when given, the stated values joined otherwise", async () => {
    const text = 'The BYOVD step loaded the vulnerable driver oldio64.sys to end security processes.';
    const [driver] = generateBuiltinRules({ article, platform: 'windows', content: text }).filter(
      (draft) => draft.telemetryClass === 'driver_load',
    );
    const candidate: RuleCandidate = { rule: driver?.rule as unknown as Record<string, unknown> };
    const given = await assessGeneratedRules([candidate], {
      repair: noRepair,
      observables: [],
      stated: ['unrelated'],
      content: text,
      coverage: null,
    });
    expect(given[0]?.self_test).toMatchObject({ fires: true, fired_on: ['driver: oldio64.sys'] });
    const joined = await assessGeneratedRules([candidate], { repair: noRepair, observables: [], stated: [text], coverage: null });
    expect(joined[0]?.self_test).toMatchObject({ fires: true, fired_on: ['driver: oldio64.sys'] });
    const neither = await assessGeneratedRules([candidate], { repair: noRepair, observables: [], stated: ['unrelated'], coverage: null });
    expect(neither[0]?.self_test.fires).toBe(false);
  });

  it('validates, self-tests and renders a builtin rule once, keeping the object', async () => {
    const candidate: RuleCandidate = { telemetryClass: 'process_creation', rule: vssadmin?.rule as unknown as Record<string, unknown> };
    const [record] = await assessGeneratedRules([candidate], { repair: noRepair, observables, stated: [command], coverage: null });
    expect(record).toMatchObject({
      source: 'generated',
      telemetry_class: 'process_creation',
      title: 'Shadow Copies Deleted Via Vssadmin.EXE',
      queue: { outcome: 'queued' },
      repair_attempts: [],
    });
    expect(record?.validation).toEqual({ valid: true, findings: [] });
    expect(record?.self_test.fires).toBe(true);
    expect(record?.fidelity).toEqual({ ok: true, unsupported_values: [] });
    expect(record?.yaml).toContain('title: Shadow Copies Deleted Via Vssadmin.EXE');
    expect(record?.document).toBe(candidate.rule);
  });

  it('asks for repairs until the rule is valid, and records each attempt', async () => {
    const asked: string[][] = [];
    const repair: RepairRule = async (_rule, findings) => {
      asked.push(findings.map((finding) => finding.id));
      return { yaml: FIXED };
    };
    const [record] = await assessGeneratedRules([{ yaml: BROKEN }], {
      repair,
      observables: [{ type: 'cmdline', value: 'C:\\ProgramData\\upd-agent.exe' }],
      stated: ['upd-agent.exe'],
      coverage: null,
    });
    expect(asked).toEqual([['unknown_modifier']]);
    expect(record?.repair_attempts).toEqual([expect.objectContaining({ attempt: 1, valid_after: true })]);
    expect(record?.validation.valid).toBe(true);
    // Text a model wrote is kept as written.
    expect(record?.yaml).toBe(FIXED);
    expect(record?.telemetry_class).toBe('process_creation');
  });

  it('gives up after the attempts allowed and queues nothing invalid', async () => {
    let calls = 0;
    const repair: RepairRule = async () => {
      calls++;
      return { yaml: BROKEN };
    };
    const [record] = await assessGeneratedRules([{ yaml: BROKEN }], { repair, observables, stated: [], coverage: null });
    expect(calls).toBe(MAX_REPAIR_ATTEMPTS);
    expect(record?.queue).toEqual({ outcome: 'invalid' });
    expect(record?.self_test.fires).toBe(false);
    expect(assessmentSummary(record ? [record] : [])).toMatchObject({ generated: 1, valid: 0, repaired: 1 });
  });

  it('flags values the article does not state, and puts rules the corpus already covers last', async () => {
    const coverage = {
      corpus_rules: 1,
      covered: [{ observable: `cmdline: ${command}`, rules: [{ rule_id: 'r-1', title: 'Shadow copies deleted', source: 'sigmahq' }] }],
      uncovered: [],
    } as unknown as ExecutionCoverage;
    const records = await assessGeneratedRules([{ rule: vssadmin?.rule as unknown as Record<string, unknown> }, { yaml: FIXED }], {
      repair: noRepair,
      observables,
      stated: ['nothing relevant'],
      coverage,
    });
    expect(records.map((record) => record.title)).toEqual(['Updater Agent Run', 'Shadow Copies Deleted Via Vssadmin.EXE']);
    expect(records[1]?.covered_by.map((rule) => rule.rule_id)).toEqual(['r-1']);
    expect(records[0]?.fidelity.unsupported_values).toEqual(['\\upd-agent.exe']);
    expect(coveringRules(null, ['x'])).toEqual([]);
  });

  it('writes firings on the benign baseline into the rule: an expected false positive, one level lower', async () => {
    const whoami = {
      ...(vssadmin?.rule as unknown as Record<string, unknown>),
      detection: { selection: { 'Image|endswith': '\\whoami.exe' }, condition: 'selection' },
    };
    const [record] = await assessGeneratedRules([{ rule: whoami }], {
      repair: noRepair,
      observables: [{ type: 'cmdline', value: 'whoami' }],
      stated: ['whoami'],
      coverage: null,
    });
    expect(record?.self_test.baseline?.fires).toBeGreaterThan(0);
    expect(record?.level).toBe('medium');
    expect(record?.rule?.falsepositives?.some((text) => text.startsWith('Fires on'))).toBe(true);
  });

  it("holds text that is no rule with the parser's findings", () => {
    const held = holdCandidate({ yaml: '- just\n- a list\n' });
    expect(held.doc).toBeNull();
    expect(held.validation.valid).toBe(false);
    expect(held.validation.findings.length).toBeGreaterThan(0);
  });
});
