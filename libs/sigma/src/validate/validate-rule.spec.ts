import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FINDING_IDS, type FindingId } from '../findings';
import { detectionOf, ruleYaml } from '../test-support/rules';
import { checkRuleSet } from './rule-set-checks';
import { validateSigmaFile } from './validate-file';
import { validateSigmaRule } from './validate-rule';

const ids = (source: string): string[] => validateSigmaRule(source).findings.map((f) => f.id);

const correlation = (body: string): string =>
  `title: Spray\ncorrelation:\n  type: event_count\n  rules: [failed_logon]\n  group-by: [User]\n  timespan: 5m\n  condition: {gte: 10}\n${body}`;
const filter = (body: string): string => `title: Admins\nlogsource: {category: process_creation, product: windows}\nfilter:\n${body}`;

/** Findings of correlation rules, filters and files of several documents (validateSigmaFile). */
const FILE_CASES: Array<[string, FindingId, string]> = [
  ['an unknown correlation type', 'invalid_correlation_type', correlation('').replace('event_count', 'event_sum')],
  ['a correlation without rules', 'invalid_correlation_rules', correlation('').replace('rules: [failed_logon]', 'rules: []')],
  ['a temporal correlation of one rule', 'invalid_correlation_rules', correlation('').replace('event_count', 'temporal')],
  ['a timespan in words', 'invalid_timespan', correlation('').replace('5m', '5 minutes')],
  ['an event_count without group-by', 'missing_group_by', correlation('').replace('  group-by: [User]\n', '')],
  ['an unknown condition operator', 'invalid_correlation_condition', correlation('').replace('gte: 10', 'above: 10')],
  ['a value_count without a field', 'invalid_correlation_condition', correlation('').replace('event_count', 'value_count')],
  ['generate that is not a boolean', 'invalid_generate', `${correlation('')}generate: 'yes'\n`],
  ['a filter with no selection', 'invalid_filter', filter('  rules: [x]\n  condition: selection\n')],
  [
    'a filter without logsource',
    'missing_field',
    filter('  rules: [x]\n  sel: {User: adm}\n  condition: sel\n').replace(/logsource.*\n/, ''),
  ],
  ['an unknown action', 'invalid_action', `action: merge\n---\n${ruleYaml()}`],
  ['a bad second document', 'invalid_status', `${ruleYaml()}---\n${ruleYaml((r) => (r.status = 'bad'))}`],
];

/** Findings across a set of files (checkRuleSet): all warnings. */
const SET_CASES: Array<[string, FindingId, Array<[string, string]>]> = [
  [
    'an id used twice',
    'duplicate_rule_id',
    [
      ['a/one.yml', ruleYaml()],
      ['b/two.yml', ruleYaml((r) => (r.title = 'Other'))],
    ],
  ],
  [
    'a title used twice',
    'duplicate_title',
    [
      ['a/one.yml', ruleYaml((r) => delete r.id)],
      ['b/two.yml', ruleYaml((r) => delete r.id)],
    ],
  ],
  [
    'a file name used twice',
    'duplicate_filename',
    [
      ['a/one.yml', ruleYaml((r) => delete r.id)],
      ['b/ONE.yml', ruleYaml((r) => ((r.title = 'Other'), delete r.id))],
    ],
  ],
  ['a correlation of a rule outside the set', 'unknown_rule_reference', [['c.yml', correlation('')]]],
];

const FILE_AND_SET_CASES: Array<[string, FindingId]> = [...FILE_CASES, ...SET_CASES].map(([name, id]) => [name, id]);

describe('validateSigmaFile', () => {
  it.each(FILE_CASES)('rejects %s with %s', (_name, id, source) => {
    const result = validateSigmaFile(source);
    expect(result.findings.map((f) => f.id)).toContain(id);
    expect(result.valid).toBe(false);
  });

  it('accepts several rules, a global document merged into the rules after it until a reset, correlations and filters', () => {
    const global = 'action: global\ntitle: Shared\nlogsource: {product: windows, service: security}\n---\n';
    const rule = (eventId: number): string => `detection:\n  sel:\n    EventID: ${eventId}\n  condition: sel\nlevel: high\n`;
    const result = validateSigmaFile(
      `${global}${rule(4625)}---\n${rule(4624)}---\naction: reset\n---\n${correlation('')}---\n${filter('  rules: [x]\n  sel: {User|startswith: adm_}\n  condition: sel\n')}`,
    );
    expect(result.findings).toEqual([]);
    expect(result.documents.map((doc) => [doc.title, (doc.logsource as { service?: string } | undefined)?.service])).toEqual([
      ['Shared', 'security'],
      ['Shared', 'security'],
      ['Spray', undefined],
      ['Admins', undefined],
    ]);
    expect(
      validateSigmaFile(
        correlation('')
          .replace('event_count', 'temporal_ordered')
          .replace('[failed_logon]', '[a, b]')
          .replace('  condition: {gte: 10}\n', ''),
      ).valid,
    ).toBe(true);
  });
});

describe('checkRuleSet', () => {
  it.each(SET_CASES)('warns about %s with %s', (_name, id, files) => {
    const found = checkRuleSet(files.map(([file, source]) => ({ file, documents: validateSigmaFile(source).documents })));
    const all = [...found.values()].flat();
    expect(all.map((f) => f.id)).toContain(id);
    expect(FINDING_IDS[id]).toBe('warning');
  });

  it('resolves correlation references by id or name within the set', () => {
    const base = ruleYaml((r) => (r.name = 'failed_logon'));
    const found = checkRuleSet([
      { file: 'base.yml', documents: validateSigmaFile(base).documents },
      { file: 'c.yml', documents: validateSigmaFile(correlation('')).documents },
    ]);
    expect([...found.values()].flat()).toEqual([]);
  });
});

describe('validateSigmaRule', () => {
  it('accepts the base rule with no findings', () => {
    const result = validateSigmaRule(ruleYaml());
    expect(result.findings).toEqual([]);
    expect(result.valid).toBe(true);
  });

  // Each broken variant must produce its finding id, and an error makes the rule invalid.
  const errorCases: Array<[string, FindingId, string]> = [
    ['unparseable YAML', 'yaml_syntax', 'title: [unclosed\nlogsource: {}\n'],
    ['duplicate keys', 'yaml_syntax', 'title: a\ntitle: b\n'],
    ['a list instead of a mapping', 'not_a_mapping', '- title: a\n'],
    ['two documents', 'multiple_documents', `${ruleYaml()}---\n${ruleYaml()}`],
    ['missing title', 'missing_field', ruleYaml((r) => delete r.title)],
    ['title not a string', 'field_type', ruleYaml((r) => (r.title = ['a']))],
    ['title too long', 'title_too_long', ruleYaml((r) => (r.title = 'x'.repeat(257)))],
    ['missing logsource', 'missing_field', ruleYaml((r) => delete r.logsource)],
    ['logsource not a mapping', 'field_type', ruleYaml((r) => (r.logsource = 'windows'))],
    ['logsource value not a string', 'field_type', ruleYaml((r) => (r.logsource = { product: 5 }))],
    ['missing detection', 'missing_field', ruleYaml((r) => delete r.detection)],
    ['detection not a mapping', 'field_type', ruleYaml((r) => (r.detection = ['a']))],
    ['missing condition', 'missing_field', ruleYaml((r) => delete detectionOf(r).condition)],
    ['condition not a string', 'field_type', ruleYaml((r) => (detectionOf(r).condition = 5))],
    ['id not a UUID', 'invalid_id', ruleYaml((r) => (r.id = 'rule-1'))],
    ['bad status', 'invalid_status', ruleYaml((r) => (r.status = 'production'))],
    ['bad level', 'invalid_level', ruleYaml((r) => (r.level = 'severe'))],
    ['date in the wrong format', 'invalid_date', ruleYaml((r) => (r.date = '2026/11/01'))],
    ['impossible date', 'invalid_date', ruleYaml((r) => (r.modified = '2026-02-30'))],
    ['related not a list', 'invalid_related', ruleYaml((r) => (r.related = 'x'))],
    [
      'related with a bad type',
      'invalid_related',
      ruleYaml((r) => (r.related = [{ id: '1f0c9a2b-3d4e-4f5a-8b6c-7d8e9f0a1b2d', type: 'copied' }])),
    ],
    ['related with a bad id', 'invalid_related', ruleYaml((r) => (r.related = [{ id: 'nope', type: 'derived' }]))],
    ['references not a list of strings', 'field_type', ruleYaml((r) => (r.references = 'https://x.test'))],
    ['tag not namespaced', 'invalid_tag', ruleYaml((r) => (r.tags = ['Execution']))],
    ['unknown modifier', 'unknown_modifier', ruleYaml((r) => (detectionOf(r).selection_img = { 'Image|endswithh': '\\x.exe' }))],
    ['repeated modifier', 'repeated_modifier', ruleYaml((r) => (detectionOf(r).selection_img = { 'Image|contains|contains': 'x' }))],
    [
      'all without a list',
      'all_without_list',
      ruleYaml((r) => (detectionOf(r).selection_cli = { 'CommandLine|contains|all': 'urlcache' })),
    ],
    [
      'base64offset without contains',
      'base64offset_without_contains',
      ruleYaml((r) => (detectionOf(r).selection_cli = { 'CommandLine|base64offset': 'IEX' })),
    ],
    [
      'windash with all',
      'windash_with_all',
      ruleYaml((r) => (detectionOf(r).selection_cli = { 'CommandLine|windash|contains|all': ['-f', '-u'] })),
    ],
    ['regex flag without re', 're_flag_without_re', ruleYaml((r) => (detectionOf(r).selection_cli = { 'CommandLine|contains|i': 'x' }))],
    [
      'long regex flag without re',
      're_flag_without_re',
      ruleYaml((r) => (detectionOf(r).selection_cli = { 'CommandLine|multiline': 'x' })),
    ],
    ['re with contains', 'conflicting_modifiers', ruleYaml((r) => (detectionOf(r).selection_cli = { 'CommandLine|re|contains': 'x' }))],
    [
      'startswith with endswith',
      'conflicting_modifiers',
      ruleYaml((r) => (detectionOf(r).selection_cli = { 'CommandLine|startswith|endswith': 'x' })),
    ],
    [
      'utf16le without base64',
      'encoding_without_base64',
      ruleYaml((r) => (detectionOf(r).selection_cli = { 'CommandLine|utf16le|contains': 'x' })),
    ],
    ['exists with a string', 'invalid_modifier_value', ruleYaml((r) => (detectionOf(r).selection_cli = { 'CommandLine|exists': 'yes' }))],
    [
      'cidr with a host name',
      'invalid_modifier_value',
      ruleYaml((r) => (detectionOf(r).selection_cli = { 'DestinationIp|cidr': 'intranet' })),
    ],
    ['gt with a string', 'invalid_modifier_value', ruleYaml((r) => (detectionOf(r).selection_cli = { 'DestinationPort|gt': 'high' }))],
    ['invalid regular expression', 'invalid_regex', ruleYaml((r) => (detectionOf(r).selection_cli = { 'CommandLine|re': 'urlcache(' }))],
    ['search identifier that is a number', 'invalid_search_identifier', ruleYaml((r) => (detectionOf(r).selection_cli = 5))],
    ['empty value list', 'invalid_search_identifier', ruleYaml((r) => (detectionOf(r).selection_cli = { CommandLine: [] }))],
    ['nested mapping as a value', 'invalid_search_identifier', ruleYaml((r) => (detectionOf(r).selection_cli = { CommandLine: { a: 1 } }))],
    ['detection with only a condition', 'empty_detection', ruleYaml((r) => (r.detection = { condition: 'selection' }))],
    [
      'condition with unbalanced parentheses',
      'condition_syntax',
      ruleYaml((r) => (detectionOf(r).condition = '(all of selection_* and not filter_admin')),
    ],
    ['condition with a dangling operator', 'condition_syntax', ruleYaml((r) => (detectionOf(r).condition = 'all of selection_* and'))],
    ['condition with two of', 'condition_syntax', ruleYaml((r) => (detectionOf(r).condition = '2 of selection_*'))],
    ['condition with an aggregation', 'condition_syntax', ruleYaml((r) => (detectionOf(r).condition = 'selection_img | count() > 5'))],
    [
      'condition naming a missing detection',
      'condition_unknown_identifier',
      ruleYaml((r) => (detectionOf(r).condition = 'all of selection_* and not filter_other')),
    ],
    [
      'condition pattern matching nothing',
      'condition_pattern_unmatched',
      ruleYaml((r) => (detectionOf(r).condition = '1 of sel_* and not filter_admin')),
    ],
    ['an upper-case operator', 'condition_syntax', ruleYaml((r) => (detectionOf(r).condition = 'selection_img AND selection_cli'))],
    ['a duplicate tag', 'duplicate_tag', ruleYaml((r) => (r.tags = ['attack.t1105', 'attack.t1105']))],
    ['a duplicate reference', 'duplicate_reference', ruleYaml((r) => (r.references = ['https://a.test', 'https://a.test']))],
    ['an empty name', 'field_type', ruleYaml((r) => (r.name = ''))],
    [
      'contains before base64offset',
      'modifier_order',
      ruleYaml((r) => (detectionOf(r).selection_cli = { 'CommandLine|contains|base64offset': 'IEX' })),
    ],
    [
      'base64 before wide',
      'modifier_order',
      ruleYaml((r) => (detectionOf(r).selection_cli = { 'CommandLine|base64offset|wide|contains': 'IEX' })),
    ],
    ['all before re', 'modifier_order', ruleYaml((r) => (detectionOf(r).selection_cli = { 'CommandLine|all|re': ['a.', 'b.'] }))],
    [
      'a wildcard under base64',
      'invalid_modifier_value',
      ruleYaml((r) => (detectionOf(r).selection_cli = { 'CommandLine|base64offset|contains': 'IEX*' })),
    ],
    [
      'non-ASCII text under wide',
      'invalid_modifier_value',
      ruleYaml((r) => (detectionOf(r).selection_cli = { 'CommandLine|wide|base64offset|contains': 'pässe' })),
    ],
    [
      'cidr with host bits',
      'invalid_modifier_value',
      ruleYaml((r) => (detectionOf(r).selection_cli = { 'DestinationIp|cidr': '10.1.2.3/8' })),
    ],
    ['exists without a field', 'invalid_modifier_value', ruleYaml((r) => (detectionOf(r).selection_cli = { '|exists': true }))],
    [
      'fieldref with a wildcard',
      'invalid_modifier_value',
      ruleYaml((r) => (detectionOf(r).selection_cli = { 'TargetUser|fieldref': 'Subject*' })),
    ],
  ];

  it.each(errorCases)('rejects %s with %s', (_name, id, source) => {
    const result = validateSigmaRule(source);
    expect(result.findings.map((f) => f.id)).toContain(id);
    expect(FINDING_IDS[id]).toBe('error');
    expect(result.valid).toBe(false);
  });

  const warningCases: Array<[string, FindingId, string]> = [
    [
      'an unused detection',
      'unused_detection',
      ruleYaml((r) => {
        detectionOf(r).selection_extra = { ParentImage: 'x' };
        detectionOf(r).condition = 'selection_img and selection_cli and not filter_admin';
      }),
    ],
    [
      'wildcards where contains belongs',
      'wildcard_instead_of_modifier',
      ruleYaml((r) => (detectionOf(r).selection_cli = { CommandLine: '*urlcache*' })),
    ],
    ['a double wildcard', 'double_wildcard', ruleYaml((r) => (detectionOf(r).selection_cli = { CommandLine: 'cert**util' }))],
    ['a number written as a string', 'number_as_string', ruleYaml((r) => (detectionOf(r).filter_admin = { EventID: '4688' }))],
    ['an unknown top-level key', 'unknown_top_level_key', ruleYaml((r) => (r.severity = 'high'))],
    ['an ATT&CK technique our catalogue lacks', 'unknown_attack_technique', ruleYaml((r) => (r.tags = ['attack.t9999']))],
    ['an ATT&CK sub-technique our catalogue lacks', 'unknown_attack_technique', ruleYaml((r) => (r.tags = ['attack.t1059.999']))],
    ['an ATT&CK tactic our catalogue lacks', 'unknown_attack_tactic', ruleYaml((r) => (r.tags = ['attack.teleportation']))],
    ['the retired defense-evasion tactic', 'retired_attack_tactic', ruleYaml((r) => (r.tags = ['attack.defense-evasion']))],
    [
      'a condition list',
      'deprecated_condition_list',
      ruleYaml((r) => (detectionOf(r).condition = ['selection_img and selection_cli', 'selection_img and not filter_admin'])),
    ],
  ];

  it.each(warningCases)('warns about %s with %s and stays valid', (_name, id, source) => {
    const result = validateSigmaRule(source);
    expect(result.findings.map((f) => f.id)).toContain(id);
    expect(FINDING_IDS[id]).toBe('warning');
    expect(result.valid).toBe(true);
  });

  it('accepts double base64 encoding and the modifiers in the order they apply', () => {
    const source = ruleYaml((r) => {
      detectionOf(r).selection_cli = { 'CommandLine|base64|base64': 'IEX' };
      detectionOf(r).selection_img = { 'Image|wide|base64offset|contains': 'x.exe' };
    });
    expect(ids(source)).toEqual([]);
  });

  it('has a test for every error and warning finding id', () => {
    const tested = new Set([...errorCases, ...warningCases, ...FILE_AND_SET_CASES].map(([, id]) => id));
    const untested = Object.entries(FINDING_IDS)
      .filter(([id, severity]) => severity !== 'info' && !tested.has(id as FindingId))
      .map(([id]) => id);
    expect(untested).toEqual([]);
  });

  it('recognises sub-techniques, v19 tactics and group/software tags', () => {
    const tags = [
      'attack.t1059.001',
      'attack.stealth',
      'attack.defense-impairment',
      'attack.t1685.001',
      'attack.g0069',
      'attack.s0002',
      'cve.2024-1234',
    ];
    expect(ids(ruleYaml((r) => (r.tags = tags)))).toEqual([]);
  });

  it('marks ICS-range techniques as unverified (info) rather than errors', () => {
    const result = validateSigmaRule(ruleYaml((r) => (r.tags = ['attack.t0855'])));
    expect(result.findings).toEqual([expect.objectContaining({ id: 'unverified_attack_technique', severity: 'info' })]);
    expect(result.valid).toBe(true);
  });

  it('accepts PCRE spellings in regexes: inline flags, named groups, anchors', () => {
    const source = ruleYaml((r) => (detectionOf(r).selection_cli = { 'CommandLine|re': '(?i)\\Aurl(?P<verb>cache)\\s+(?P=verb)?\\Z' }));
    expect(ids(source)).toEqual([]);
  });

  it('reports where each finding is', () => {
    const result = validateSigmaRule(ruleYaml((r) => (detectionOf(r).selection_img = { 'Image|endswithh': 'x' })));
    expect(result.findings[0]).toMatchObject({ path: 'detection.selection_img.Image|endswithh', severity: 'error' });
  });

  it('accepts every rule of the shared SigmaHQ corpus with zero errors (our fixtures when it is absent)', () => {
    const corpus = join(__dirname, '..', '..', '..', '..', '..', 'shared', 'sigma-corpus');
    const fixtures = join(__dirname, '..', '..', '..', '..', 'fixtures', 'sigma', 'valid');
    const files = collect(existsSync(corpus) ? corpus : fixtures);
    expect(files.length).toBeGreaterThan(0);
    const invalid = files.filter((file) => !validateSigmaRule(readFileSync(file, 'utf8')).valid);
    expect(invalid).toEqual([]);
  });
});

function collect(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) collect(path, out);
    else if (entry.name.endsWith('.yml')) out.push(path);
  }
  return out;
}
