import type { CoveringRule } from '@huntforge/contracts/sigma';
import { corpusChecks } from '../evaluate/corpus-checks';
import { CorpusCoverage } from '../evaluate/corpus-coverage';
import { coverageEvidence, explainedCoverage } from '../evaluate/coverage-evidence';
import { selfTestRule } from '../evaluate/self-test';
import { validateRuleDocument } from '../validate/validate-rule';
import { generateBuiltinRules, type BuiltinSigmaInput } from './builtin-sigma-agent';
import type { CorpusEvidence } from './corpus-informed';

// Our own small reference rules, standing in for the SigmaHQ corpus.
const reference = (fields: { id: string; title: string; level: string; detection: string; tags?: string[] }) => `
title: ${fields.title}
id: ${fields.id}
status: test
author: Fixture Author
level: ${fields.level}
tags:
${(fields.tags ?? ['attack.t1562.002']).map((tag) => `  - ${tag}`).join('\n')}
logsource:
  category: process_creation
  product: windows
detection:
${fields.detection}
`;

// An archiver of the intruder's own: no technique table will ever know it, whatever it learns.
const PACKING = reference({
  id: '0b7d6a52-3f0e-4d8e-8d0a-6f3c2a9b1e01',
  title: 'Staging Archive Packed Via Packer',
  level: 'high',
  tags: ['attack.collection', 'attack.defense-evasion', 'attack.t1560.001'],
  detection: `  selection_img:
    Image|endswith: ['\\packer.exe', '\\packer64.exe']
  selection_verb:
    CommandLine|contains|windash: ['-add ', '-update ']
  selection_scope:
    CommandLine|contains: ['-recurse', '-solid']
  condition: all of selection_*`,
});

const evidence = { start: 0, end: 10, text: 'x' };
const article = { title: 'Intrusion notes', url: 'https://research.example.org/notes', date: '2026-11-28' };

/** What the coverage stage hands the generator: the reference rules firing on each observable, and why. */
function coverageOf(rules: string[], commandLines: string[]): CorpusEvidence {
  const engine = new CorpusCoverage<CoveringRule>();
  rules.forEach((rule) =>
    engine.add(rule, {
      rule_id: /^id: (.+)$/m.exec(rule)?.[1] ?? '',
      title: /^title: (.+)$/m.exec(rule)?.[1] ?? '',
      author: null,
      license: 'DRL-1.1',
      origin: 'sigmahq',
      path: null,
      level: null,
    }),
  );
  const observables = commandLines.map((value) => ({ type: 'cmdline', value }));
  return coverageEvidence(explainedCoverage(engine, observables, 'windows'));
}

function generate(commandLines: string[], rules: string[]) {
  const input: BuiltinSigmaInput = {
    article,
    platform: 'windows',
    cmdlines: commandLines.map((value) => ({ value, executable: value.split(' ')[0] ?? value, evidence, confidence: 0.9 })),
    coverage: coverageOf(rules, commandLines),
  };
  return generateBuiltinRules(input, corpusChecks).map((draft) => draft.rule as unknown as Record<string, unknown> & { title: string });
}

const derived = (rules: Array<Record<string, unknown>>) => rules.filter((rule) => Array.isArray(rule['related']));

describe('corpus-informed behaviour rules', () => {
  const line = 'packer.exe -add -recurse';

  it('keys a rule on the matched atoms of a credible reference rule where the technique table knows nothing', () => {
    expect(derived(generate([line], []))).toEqual([]);
    const [rule, ...others] = derived(generate([line], [PACKING]));
    expect(others).toEqual([]);
    expect(rule?.['title']).toBe('Staging Archive Packed Via Packer');
    expect(rule?.['detection']).toEqual({
      selection: { 'Image|endswith': '\\packer.exe', 'CommandLine|contains|windash': '-add ', 'CommandLine|contains': '-recurse' },
      condition: 'selection',
    });
    expect(rule?.['related']).toEqual([{ id: '0b7d6a52-3f0e-4d8e-8d0a-6f3c2a9b1e01', type: 'derived' }]);
    expect(rule?.['description']).toEqual(expect.stringContaining('by Fixture Author'));
    expect(rule?.['description']).toEqual(expect.stringContaining('Detection Rule License 1.1'));
    expect(rule?.['level']).toBe('high');
  });

  it("names a customer repository's rule as theirs, under no outside licence", () => {
    const sigmahq = coverageOf([PACKING], [line]);
    const customer = {
      covered: sigmahq.covered.map((entry) => ({ ...entry, rules: entry.rules.map((rule) => ({ ...rule, origin: 'customer' })) })),
    };
    const input: BuiltinSigmaInput = {
      article,
      platform: 'windows',
      cmdlines: [{ value: line, executable: 'packer.exe', evidence, confidence: 0.9 }],
      coverage: customer,
    };
    const [rule] = generateBuiltinRules(input, corpusChecks).filter((draft) => draft.rule.related);
    expect(rule?.rule.description).toEqual(expect.stringContaining('of the customer repository'));
    expect(rule?.rule.description).not.toEqual(expect.stringContaining('SigmaHQ'));
    expect(rule?.rule.description).not.toEqual(expect.stringContaining('License'));
  });

  it('keeps the generated-rule invariants: no findings, fires on its observable and not on the benign baseline, current tags only', () => {
    const [rule] = derived(generate([line], [PACKING]));
    if (!rule) throw new Error('expected a corpus-informed rule');
    expect(validateRuleDocument(rule).findings).toEqual([]);
    const selfTest = selfTestRule(rule, [{ type: 'cmdline', value: line }]);
    expect(selfTest.fires).toBe(true);
    expect(selfTest.baseline?.fires).toBe(0);
    // The fixture's retired tactic is left out.
    expect(rule['tags']).toEqual(['attack.collection', 'attack.t1560.001']);
  });

  it('takes nothing from a rule below medium, or one that matched only the program', () => {
    const low = PACKING.replace('level: high', 'level: low');
    expect(derived(generate([line], [low]))).toEqual([]);
    const programOnly = reference({
      id: '0b7d6a52-3f0e-4d8e-8d0a-6f3c2a9b1e02',
      title: 'Packer Run',
      level: 'high',
      detection: `  selection:\n    Image|endswith: '\\packer.exe'\n  condition: selection`,
    });
    expect(derived(generate([line], [programOnly]))).toEqual([]);
  });

  it('takes nothing whose atoms fire on ordinary machines (the benign baseline)', () => {
    const query = 'sc.exe query WinDefend';
    const verbOnly = reference({
      id: '0b7d6a52-3f0e-4d8e-8d0a-6f3c2a9b1e03',
      title: 'Service Queried Via Sc',
      level: 'medium',
      detection: `  selection:\n    Image|endswith: '\\sc.exe'\n    CommandLine|contains: ' query '\n  condition: selection`,
    });
    expect(derived(generate([query], [verbOnly]))).toEqual([]);
    const named = reference({
      id: '0b7d6a52-3f0e-4d8e-8d0a-6f3c2a9b1e04',
      title: 'Security Service Queried Via Sc',
      level: 'medium',
      detection: `  selection:\n    Image|endswith: '\\sc.exe'\n    CommandLine|contains: ' query '\n  selection_name:\n    CommandLine|contains: ['WinDefend', 'Sense']\n  condition: all of selection*`,
    });
    expect(derived(generate([query], [named])).map((rule) => rule['detection'])).toEqual([
      {
        selection_img: [{ 'Image|endswith': '\\sc.exe' }, { OriginalFileName: 'sc.exe' }],
        selection_cli: { 'CommandLine|contains|all': [' query ', 'WinDefend'] },
        condition: 'all of selection_*',
      },
    ]);
  });

  it("replaces the program's distinctive-value rule when that rule keys on no behaviour", () => {
    const staged = 'packer.exe -add C:\\Staging\\loot.pak';
    const before = generate([staged], []);
    expect(before.map((rule) => rule['detection'])).toEqual([
      { selection: { 'Image|endswith': '\\packer.exe', 'CommandLine|contains': 'C:\\Staging\\loot.pak' }, condition: 'selection' },
    ]);
    const staging = reference({
      id: '0b7d6a52-3f0e-4d8e-8d0a-6f3c2a9b1e05',
      title: 'Archive Added Via Packer',
      level: 'medium',
      tags: ['attack.t1560.001'],
      detection: `  selection_img:\n    Image|endswith: '\\packer.exe'\n  selection_cli:\n    CommandLine|contains: [' -add ', ' -update ']\n  condition: all of selection_*`,
    });
    const after = generate([staged], [staging]);
    expect(after.map((rule) => rule.title)).toEqual(['Archive Added Via Packer']);
    expect(after[0]?.['tags']).toEqual(['attack.t1560.001']);
    expect(after[0]?.['detection']).toEqual({
      selection: { 'Image|endswith': '\\packer.exe', 'CommandLine|contains': ' -add ' },
      condition: 'selection',
    });
  });

  it("keeps the program's own rule beside the corpus rule when it keys the program's behaviour switch", () => {
    const download = 'curl.exe -o C:\\Users\\ann\\AppData\\Local\\Temp\\q7.msi https://dl.quillmirror.example/q7.msi';
    const temp = reference({
      id: '0b7d6a52-3f0e-4d8e-8d0a-6f3c2a9b1e06',
      title: 'Download Into AppData Via Curl',
      level: 'high',
      tags: ['attack.t1105'],
      detection: `  selection_img:\n    Image|endswith: '\\curl.exe'\n  selection_cli:\n    CommandLine|contains: '\\AppData\\'\n  condition: all of selection_*`,
    });
    const rules = generate([download], [temp]);
    expect(derived(rules).map((rule) => rule.title)).toEqual(['Download Into AppData Via Curl']);
    // `-o` is how curl writes a download (behaviour-values.ts): the own rule keys a behaviour too, so it stays.
    const own = rules.find((rule) => !Array.isArray(rule['related']));
    expect(JSON.stringify(own?.['detection'])).toContain('"-o"');
  });
});
