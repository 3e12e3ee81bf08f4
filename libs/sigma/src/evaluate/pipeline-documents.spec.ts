import { load } from 'js-yaml';
import { NAMED_PIPELINES } from '../pipeline/named';
import { ProcessingPipeline } from '../pipeline/pipeline';
import { SigmaError } from '../pipeline/errors';
import { RuleCompileError } from './compile-item';
import { compileRule } from './compile-rule';
import { pipelineRuleTransform } from './pipeline-documents';

const rule = (text: string): Record<string, unknown> => load(text) as Record<string, unknown>;
const processRule = rule(`
title: Whoami
logsource: {category: process_creation, product: windows}
detection:
  selection:
    Image|endswith: '\\whoami.exe'
    CommandLine|contains: '/all'
  condition: selection
`);
const dnsRule = rule(`
title: Lookup
logsource: {category: dns_query, product: windows}
detection:
  selection:
    QueryName|endswith: '.onion'
  condition: selection
`);
const run = (pipelineYaml: string, doc: Record<string, unknown>) => pipelineRuleTransform(ProcessingPipeline.fromYaml(pipelineYaml))(doc);
const fires = (doc: Record<string, unknown>, event: Record<string, unknown>): boolean => compileRule(doc).matches(event);

describe('processing pipelines applied to rules before they are evaluated', () => {
  it('maps field names where the rule conditions hold, so the rule runs on the log that names them so', () => {
    const pipeline = `
transformations:
  - id: ecs_process
    type: field_name_mapping
    mapping: {Image: process.executable, CommandLine: process.command_line}
    rule_conditions: [{type: logsource, category: process_creation}]
`;
    const mapped = run(pipeline, processRule);
    const ecs = { process: { executable: 'C:\\Windows\\System32\\whoami.exe', command_line: 'whoami /all' } };
    expect(fires(mapped, ecs)).toBe(true);
    expect(fires(mapped, { Image: 'C:\\Windows\\System32\\whoami.exe', CommandLine: 'whoami /all' })).toBe(false);
    expect(fires(processRule, ecs)).toBe(false);
    // Another logsource is left as written.
    expect(run(pipeline, dnsRule)).toEqual(dnsRule);
  });

  it('reads a 1:n mapping as any of the names, and leaves fields the field-name conditions exclude', () => {
    const mapped = run(
      `
transformations:
  - type: field_name_mapping
    mapping: {Image: [NewProcessName, process.executable], CommandLine: cmd}
    field_name_conditions: [{type: include_fields, fields: [Image]}]
`,
      processRule,
    );
    expect(fires(mapped, { NewProcessName: 'C:\\x\\whoami.exe', CommandLine: 'whoami /all' })).toBe(true);
    expect(fires(mapped, { process: { executable: 'C:\\x\\whoami.exe' }, CommandLine: 'whoami /all' })).toBe(true);
    expect(fires(mapped, { Image: 'C:\\x\\whoami.exe', CommandLine: 'whoami /all' })).toBe(false);
    expect(fires(mapped, { NewProcessName: 'C:\\x\\whoami.exe', cmd: 'whoami /all' })).toBe(false);
  });

  it('runs the shipped sysmon pipeline: the Sysmon event id is added as a condition and the logsource becomes the sysmon service', () => {
    const factory = NAMED_PIPELINES['sysmon'];
    if (!factory) throw new Error('sysmon pipeline missing');
    const mapped = pipelineRuleTransform(factory({}))(processRule);
    expect(mapped.logsource).toEqual({ product: 'windows', service: 'sysmon', category: 'process_creation' });
    const event = { Image: 'C:\\x\\whoami.exe', CommandLine: 'whoami /all' };
    expect(fires(mapped, { ...event, EventID: 1 })).toBe(true);
    expect(fires(mapped, { ...event, EventID: 3 })).toBe(false);
  });

  it('drops detection items, replaces strings (Python group references) and maps values where the item conditions hold', () => {
    const dropped = run(
      `transformations:\n  - type: drop_detection_item\n    field_name_conditions: [{type: include_fields, fields: [CommandLine]}]\n`,
      processRule,
    );
    expect(fires(dropped, { Image: 'C:\\x\\whoami.exe', CommandLine: 'whoami' })).toBe(true);
    const replaced = run(
      `transformations:\n  - type: replace_string\n    regex: '^\\\\(.*)$'\n    replacement: '/\\1'\n    field_name_conditions: [{type: include_fields, fields: [Image]}]\n`,
      processRule,
    );
    expect(fires(replaced, { Image: '/usr/bin/whoami.exe', CommandLine: 'whoami /all' })).toBe(true);
    expect(fires(replaced, { Image: 'C:\\x\\whoami.exe', CommandLine: 'whoami /all' })).toBe(false);
    const typed = run(`transformations:\n  - type: map_string\n    mapping: {'/all': ['/priv', '/groups']}\n`, processRule);
    expect(fires(typed, { Image: 'C:\\x\\whoami.exe', CommandLine: 'whoami /groups' })).toBe(true);
    expect(fires(typed, { Image: 'C:\\x\\whoami.exe', CommandLine: 'whoami /all' })).toBe(false);
  });

  it('adds a negated condition to every condition, with the logsource templated in', () => {
    const mapped = run(
      `transformations:\n  - type: add_condition\n    negated: true\n    template: true\n    conditions: {Source: 'lab-$category'}\n`,
      processRule,
    );
    const event = { Image: 'C:\\x\\whoami.exe', CommandLine: 'whoami /all' };
    expect(fires(mapped, event)).toBe(true);
    expect(fires(mapped, { ...event, Source: 'lab-process_creation' })).toBe(false);
  });

  it('refuses a rule the pipeline fails, with the failure message', () => {
    expect(() =>
      run(
        `transformations:\n  - type: rule_failure\n    message: 'no process events in this log'\n    rule_conditions: [{type: logsource, category: process_creation}]\n`,
        processRule,
      ),
    ).toThrow(new RuleCompileError('no process events in this log', ''));
    expect(
      run(
        `transformations:\n  - type: rule_failure\n    message: nope\n    rule_conditions: [{type: logsource, category: process_creation}]\n`,
        dnsRule,
      ),
    ).toEqual(dnsRule);
  });

  it('names an unknown pipeline item, and an item that only a converted query can hold', () => {
    expect(() => ProcessingPipeline.fromYaml(`transformations:\n  - type: rename_everything\n`)).toThrow(SigmaError);
    expect(() => ProcessingPipeline.fromYaml(`transformations:\n  - type: rename_everything\n`)).toThrow(/rename_everything/);
    expect(() => run(`transformations:\n  - id: lower_all\n    type: case\n    method: lower\n`, processRule)).toThrow(
      /pipeline item lower_all \(case\)/,
    );
    // Items that shape only a query's output change nothing here.
    expect(
      run(
        `transformations:\n  - type: set_state\n    key: index\n    val: winlogbeat-*\n  - type: add_field\n    field: User\n`,
        processRule,
      ),
    ).toEqual(processRule);
  });
});
