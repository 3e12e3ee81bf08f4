import { loadRuleCollection } from './collection';
import { conditionTree } from './condition-tree';
import { ProcessingPipeline } from './pipeline';
import { SigmaRuleModel } from './rule-model';
import { convertRuleText } from '../convert/convert';

const rule = (detection: string, logsource = 'category: process_creation\n  product: windows'): string =>
  `title: Spec rule\nlogsource:\n  ${logsource}\ndetection:\n${detection}\n`;

const testQueries = (text: string, pipelineYaml?: string): unknown => {
  const outcome = convertRuleText(text, { target: 'test', pipelines: pipelineYaml ? [{ yaml: pipelineYaml }] : [] });
  return outcome.ok ? outcome.queries : `${outcome.kind}: ${outcome.message}`;
};

describe('processing pipelines over the rule model', () => {
  it('maps a field to several fields as an OR of the same values', () => {
    const pipeline = ProcessingPipeline.fromYaml(
      'transformations:\n  - type: field_name_mapping\n    mapping:\n      User: [SubjectUserName, TargetUserName]\n',
    );
    const [parsed] = loadRuleCollection(rule('  sel:\n    User: alice\n  condition: sel'));
    pipeline.apply(parsed as SigmaRuleModel);
    expect(
      testQueries(
        rule('  sel:\n    User: alice\n  condition: sel'),
        'transformations:\n  - type: field_name_mapping\n    mapping:\n      User: [SubjectUserName, TargetUserName]\n',
      ),
    ).toEqual(['SubjectUserName="alice" or TargetUserName="alice"']);
    expect(conditionTree(parsed as SigmaRuleModel, 0)?.kind).toBe('or');
  });

  it('adds a condition only to rules of the matching log source', () => {
    const yaml =
      'transformations:\n  - type: add_condition\n    conditions:\n      EventID: 4688\n    rule_conditions:\n      - type: logsource\n        category: process_creation\n';
    expect(testQueries(rule('  sel:\n    Image|endswith: \\\\cmd.exe\n  condition: sel'), yaml)).toEqual([
      'EventID=4688 and Image endswith "\\cmd.exe"',
    ]);
    expect(testQueries(rule('  sel:\n    Image: x\n  condition: sel', 'category: file_event\n  product: windows'), yaml)).toEqual([
      'Image="x"',
    ]);
  });

  it('drops detection items and the branches they leave empty', () => {
    const yaml =
      'transformations:\n  - type: drop_detection_item\n    field_name_conditions:\n      - type: include_fields\n        fields: [Hashes]\n';
    expect(testQueries(rule('  sel:\n    Hashes: abc\n  other:\n    Image: a.exe\n  condition: sel or other'), yaml)).toEqual([
      'Image="a.exe"',
    ]);
    expect(testQueries(rule('  sel:\n    Hashes: abc\n  condition: sel'), yaml)).toEqual([]);
  });

  it('expands placeholders from pipeline variables and fails on fields it cannot map', () => {
    const vars = 'vars:\n  admins: [root, admin]\ntransformations:\n  - type: value_placeholders\n';
    expect(testQueries(rule('  sel:\n    User|expand: "%admins%"\n  condition: sel'), vars)).toEqual(['User in ("root", "admin")']);
    const strict =
      'transformations:\n  - type: field_name_mapping\n    mapping:\n      Image: process.executable\n  - type: strict_field_mapping_failure\n';
    expect(testQueries(rule('  sel:\n    Image: a\n    Company: b\n  condition: sel'), strict)).toBe(
      'SigmaTransformationError: The following fields are not mapped: Company',
    );
  });

  it('applies modifiers as pySigma does (windash, base64offset, cidr, all)', () => {
    expect(testQueries(rule('  sel:\n    CommandLine|windash|contains: -enc\n  condition: sel'))).toEqual([
      'CommandLine contains "-enc" or CommandLine contains "/enc" or CommandLine contains "\u2013enc" or CommandLine contains "\u2014enc" or CommandLine contains "\u2015enc"',
    ]);
    expect(testQueries(rule('  sel:\n    CommandLine|base64offset|contains: iex\n  condition: sel'))).toEqual([
      'CommandLine contains "aWV4" or CommandLine contains "lle" or CommandLine contains "pZX"',
    ]);
    expect(testQueries(rule('  sel:\n    SourceIp|cidr: 10.0.0.0/8\n  condition: sel'))).toEqual(['cidrmatch(\'SourceIp\', "10.0.0.0/8")']);
    expect(testQueries(rule('  sel:\n    CommandLine|contains|all: [a, b]\n  condition: sel'))).toEqual([
      'CommandLine contains-all ("*a*", "*b*")',
    ]);
  });

  it('reports a rule the pipeline refuses and an unknown transformation', () => {
    expect(
      testQueries(rule('  sel:\n    Image: a\n  condition: sel'), 'transformations:\n  - type: rule_failure\n    message: not here\n'),
    ).toBe('SigmaTransformationError: not here');
    expect(() => ProcessingPipeline.fromYaml('transformations:\n  - type: no_such_thing\n')).toThrow(
      /Unknown transformation type 'no_such_thing'/,
    );
  });
});
