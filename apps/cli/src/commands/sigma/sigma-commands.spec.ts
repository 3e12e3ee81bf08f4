import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSimilar } from './similar-command';
import { runTest } from './test-command';
import { runValidate } from './validate-command';

const fixtures = join(__dirname, '..', '..', '..', '..', '..', 'fixtures', 'sigma', 'valid');

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'hf-cli-sigma-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const good = `title: Good
logsource: {category: process_creation, product: windows}
detection:
  sel:
    Image|endswith: '\\whoami.exe'
  condition: sel
`;
const warned = good.replace("Image|endswith: '\\whoami.exe'", "Image: '*\\whoami.exe'").replace('title: Good', 'title: Warned');
const bad = good.replace('condition: sel', 'condition: sel and other').replace('title: Good', 'title: Bad');

describe('huntforge sigma validate', () => {
  it('passes our fixtures with exit 0 and a summary line', () => {
    const result = runValidate([fixtures], { format: 'text' });
    expect(result.exitCode).toBe(0);
    expect(result.output.trim().split('\n').pop()).toBe('4 rules, 4 valid, 0 invalid, 0 warnings');
  });

  it('prints one line per finding, counts warnings, and exits 1 when a rule is invalid', () => {
    const root = tree({ 'a/good.yml': good, 'a/b/warned.yaml': warned, 'bad.yml': bad, 'notes.txt': 'x' });
    const result = runValidate([root], { format: 'text' });
    expect(result.exitCode).toBe(1);
    const lines = result.output.trim().split('\n');
    expect(lines).toEqual([
      `${join(root, 'a/b/warned.yaml')}: warning wildcard_instead_of_modifier at detection.sel.Image: "*\\\\whoami.exe": use the 'endswith' modifier instead of wildcards`,
      `${join(root, 'bad.yml')}: error condition_unknown_identifier at detection.condition: The condition names other, which the detection does not define`,
      '3 rules, 2 valid, 1 invalid, 1 warnings',
    ]);
  });

  it('emits JSON with --format json', () => {
    const root = tree({ 'bad.yml': bad });
    const result = runValidate([join(root, 'bad.yml')], { format: 'json' });
    const parsed = JSON.parse(result.output);
    expect(parsed.summary).toEqual({ rules: 1, valid: 0, invalid: 1, warnings: 0 });
    expect(parsed.files[0].findings[0].id).toBe('condition_unknown_identifier');
    expect(result.exitCode).toBe(1);
  });
});

describe('huntforge sigma similar', () => {
  it('ranks the corpus and attributes each match', () => {
    const corpus = tree({
      'same.yml': good.replace('title: Good', 'title: Whoami\nauthor: Someone\nlicense: DRL-1.1'),
      'other.yml': good.replace('whoami', 'hostname'),
      'registry.yml': good.replace('process_creation', 'registry_set'),
    });
    const query = tree({ 'q.yml': good });
    const json = JSON.parse(runSimilar(join(query, 'q.yml'), { corpus, top: 10, format: 'json' }).output);
    expect(json.corpus_size).toBe(3);
    expect(json.maxSimilarity).toBe(1);
    expect(json.matches).toHaveLength(1);
    expect(json.matches[0].attribution).toMatchObject({ title: 'Whoami', author: 'Someone', license: 'DRL-1.1', path: 'same.yml' });
    const text = runSimilar(join(query, 'q.yml'), { corpus, top: 10, format: 'text' }).output;
    expect(text).toContain('1.00  Whoami  [same.yml]  by Someone, licence DRL-1.1');
  });

  it('exits 1 for a rule it cannot compare', () => {
    const query = tree({ 'q.yml': 'title: [' });
    expect(runSimilar(join(query, 'q.yml'), { corpus: fixtures, top: 10, format: 'text' }).exitCode).toBe(1);
  });
});

describe('huntforge sigma test', () => {
  const events = [
    JSON.stringify({ Image: 'C:\\Windows\\System32\\whoami.exe', CommandLine: 'whoami /all' }),
    '',
    JSON.stringify({ Image: 'C:\\Windows\\notepad.exe' }),
    JSON.stringify({ Image: 'D:\\tools\\WHOAMI.EXE' }),
  ].join('\n');

  it('lists every rule file with the 0-based events it matches, and a rule that cannot run with its error', async () => {
    const root = tree({
      'rules/good.yml': good,
      'rules/quiet.yml': good.replace('whoami.exe', 'calc.exe'),
      'rules/broken.yml': bad,
      'events.jsonl': events,
    });
    const result = await runTest([join(root, 'rules')], { events: [join(root, 'events.jsonl')], format: 'json' });
    expect(result.exitCode).toBe(1);
    const { results } = JSON.parse(result.output) as { results: Array<{ file: string; matches: number[]; error?: string }> };
    expect(results.map((r) => [r.file.slice(root.length + 1), r.matches, r.error])).toEqual([
      ['rules/broken.yml', [], 'the condition names other, which the detection does not define (at detection.condition)'],
      ['rules/good.yml', [0, 2], undefined],
      ['rules/quiet.yml', [], undefined],
    ]);
  });

  it('reads several inputs in order, numbering events on across them, and lists each input with its count', async () => {
    const raw = (image: string): string =>
      JSON.stringify({ Event: { System: { EventID: 1, Channel: 'Microsoft-Windows-Sysmon/Operational' }, EventData: { Image: image } } });
    const root = tree({
      'r.yml': good,
      'a.jsonl': [raw('C:\\x\\whoami.exe'), raw('C:\\x\\calc.exe')].join('\n'),
      'b.json': JSON.stringify([JSON.parse(raw('C:\\y\\whoami.exe'))]),
    });
    const result = await runTest([join(root, 'r.yml')], { events: [join(root, 'a.jsonl'), join(root, 'b.json')], format: 'json' });
    const parsed = JSON.parse(result.output) as {
      results: Array<{ matches: number[] }>;
      inputs: Array<{ path: string; events: number; container: string }>;
    };
    expect(parsed.inputs).toEqual([
      { path: join(root, 'a.jsonl'), events: 2, container: 'jsonl' },
      { path: join(root, 'b.json'), events: 1, container: 'json' },
    ]);
    expect(parsed.results[0]?.matches).toEqual([0, 2]);
  });

  it('prints matching rules in text with a summary, and uses --placeholders for |expand', async () => {
    const expand = good.replace("Image|endswith: '\\whoami.exe'", "Image|expand: '%tool_paths%'");
    const root = tree({ 'r.yml': expand, 'events.jsonl': events, 'p.json': JSON.stringify({ tool_paths: ['d:\\tools\\whoami.exe'] }) });
    const result = await runTest([join(root, 'r.yml')], {
      events: [join(root, 'events.jsonl')],
      format: 'text',
      placeholders: join(root, 'p.json'),
    });
    expect(result.exitCode).toBe(0);
    expect(result.output.trim().split('\n')).toEqual([
      `${join(root, 'r.yml')}: Good matches event(s) 2`,
      '1 rules, 3 events, 1 rules matched',
    ]);
  });

  it('applies --pipeline (a pySigma YAML file, or a shipped name) to every rule before it runs', async () => {
    const ecs = [JSON.stringify({ process: { executable: 'C:\\x\\whoami.exe' } }), JSON.stringify({ Image: 'C:\\x\\whoami.exe' })].join(
      '\n',
    );
    const root = tree({
      'r.yml': good,
      'ecs.jsonl': ecs,
      'ecs.yml': 'transformations:\n  - type: field_name_mapping\n    mapping: {Image: process.executable}\n',
    });
    const mapped = JSON.parse(
      (await runTest([join(root, 'r.yml')], { events: [join(root, 'ecs.jsonl')], format: 'json', pipeline: [join(root, 'ecs.yml')] }))
        .output,
    );
    expect(mapped.results[0].matches).toEqual([0]);
    const asWritten = JSON.parse((await runTest([join(root, 'r.yml')], { events: [join(root, 'ecs.jsonl')], format: 'json' })).output);
    expect(asWritten.results[0].matches).toEqual([1]);
    // The sysmon pipeline adds EventID 1: the flat event without it no longer matches.
    const sysmon = JSON.parse(
      (await runTest([join(root, 'r.yml')], { events: [join(root, 'ecs.jsonl')], format: 'json', pipeline: ['sysmon'] })).output,
    );
    expect(sysmon.results[0].matches).toEqual([]);
  });

  it('names an unknown --pipeline, and reports a rule a pipeline item cannot apply to against its file', async () => {
    const root = tree({ 'r.yml': good, 'events.jsonl': events, 'lower.yml': 'transformations:\n  - id: lower_all\n    type: case\n' });
    await expect(
      runTest([join(root, 'r.yml')], { events: [join(root, 'events.jsonl')], format: 'json', pipeline: ['no-such-pipeline'] }),
    ).rejects.toThrow(/--pipeline: Unknown pipeline 'no-such-pipeline'/);
    const result = await runTest([join(root, 'r.yml')], {
      events: [join(root, 'events.jsonl')],
      format: 'json',
      pipeline: [join(root, 'lower.yml')],
    });
    expect(result.exitCode).toBe(1);
    expect(JSON.parse(result.output).results[0].error).toMatch(/pipeline item lower_all \(case\)/);
  });

  it('names the line of an event that is not a JSON object, and of a line that is not JSON', async () => {
    const root = tree({ 'r.yml': good, 'events.jsonl': '{"a": 1}\n[1, 2]\n', 'broken.jsonl': '{"a": 1}\n\n{"a": \n' });
    await expect(runTest([join(root, 'r.yml')], { events: [join(root, 'events.jsonl')], format: 'text' })).rejects.toThrow(
      /events.jsonl, line 2: an event must be a JSON object/,
    );
    await expect(runTest([join(root, 'r.yml')], { events: [join(root, 'broken.jsonl')], format: 'text' })).rejects.toThrow(
      /broken.jsonl, line 3: not JSON/,
    );
    await expect(runTest([join(root, 'r.yml')], { events: [join(root, 'missing.jsonl')], format: 'text' })).rejects.toThrow(
      /missing.jsonl: no such events file/,
    );
  });

  it('runs correlation rules across files over the events in time order and reports their alerts', async () => {
    const logon =
      'title: Failed logon\nname: failed_logon\nlogsource: {category: test}\ndetection:\n  sel:\n    EventID: 4625\n  condition: sel\n';
    const spray =
      'title: Spray\ncorrelation:\n  type: event_count\n  rules: [failed_logon]\n  group-by: [User]\n  timespan: 1m\n  condition: {gte: 2}\n';
    const feed = ['2025-01-01T00:00:00Z', '2025-01-01T00:00:30Z', '2025-01-01T00:05:00Z']
      .map((time) => JSON.stringify({ time, EventID: 4625, User: 'amy' }))
      .join('\n');
    const root = tree({ 'base.yml': logon, 'spray.yml': spray, 'events.jsonl': feed });
    const result = await runTest([root], { events: [join(root, 'events.jsonl')], format: 'json', timeField: 'time' });
    const { results } = JSON.parse(result.output) as { results: Array<{ file: string; matches: number[]; alerts?: unknown[] }> };
    expect(results.map((r) => [r.file.slice(root.length + 1), r.matches, r.alerts])).toEqual([
      ['base.yml', [0, 1, 2], undefined],
      ['spray.yml', [1], [{ line: 1, rule: 'Spray', group: { User: 'amy' }, count: 2 }]],
    ]);
    await expect(runTest([root], { events: [join(root, 'events.jsonl')], format: 'json', timeField: 'when' })).rejects.toThrow(
      /event 1: correlation rules need the event time in "when"/,
    );
  });
});
