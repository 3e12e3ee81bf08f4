import type { CoveringRule } from '@huntforge/contracts/sigma';
import { CorpusCoverage } from './corpus-coverage';
import { coverageEvidence, coverageProduct, explainedCoverage } from './coverage-evidence';

// Our own fixture rule, standing in for a reference one.
const RULE = `
title: Archive Tool Packing The Staging Folder
id: 6c0f1c5e-4d5b-4f3e-9a51-0b6f0b2f7a11
status: test
author: Fixture Author
level: high
tags: [attack.collection]
logsource: { category: process_creation, product: windows }
detection:
  selection_img:
    Image|endswith: '\\packer.exe'
  selection_cli:
    CommandLine|contains: ' -add '
  condition: all of selection_*
`;

const record: CoveringRule = {
  rule_id: '6c0f1c5e-4d5b-4f3e-9a51-0b6f0b2f7a11',
  title: 'Archive Tool Packing The Staging Folder',
  author: null,
  license: 'DRL-1.1',
  origin: 'sigmahq',
  path: null,
  level: null,
};

const packing = 'packer.exe -add C:\\Staging\\loot.pak';
const listing = 'dir C:\\Staging';

describe('the coverage evidence the generator reads', () => {
  const engine = new CorpusCoverage<CoveringRule>();
  engine.add(RULE, record);

  it('gives each covering rule why it fired, and the document’s author and level where the record has none', () => {
    const [entry] = explainedCoverage(engine, [{ type: 'cmdline', value: packing }], 'windows');
    expect(entry).toEqual({
      observable: `cmdline: ${packing}`,
      rules: [
        {
          ...record,
          author: 'Fixture Author',
          level: 'high',
          status: 'test',
          tags: ['attack.collection'],
          matched: [
            { selection: 'selection_img', field: 'Image', modifiers: ['endswith'], values: ['\\packer.exe'] },
            { selection: 'selection_cli', field: 'CommandLine', modifiers: ['contains'], values: [' -add '] },
          ],
        },
      ],
    });
  });

  it('keeps the record’s own author and level', () => {
    const stored = new CorpusCoverage<CoveringRule>();
    stored.add(RULE, { ...record, author: 'Stored Author', level: 'medium' });
    const [entry] = explainedCoverage(stored, [{ type: 'cmdline', value: packing }], 'windows');
    expect(entry?.rules[0]).toMatchObject({ author: 'Stored Author', level: 'medium', status: 'test' });
  });

  it('tries a Windows rule on a Linux article only when the platform names no product', () => {
    expect(coverageProduct('linux')).toBe('linux');
    expect(coverageProduct('unknown')).toBeUndefined();
    expect(coverageProduct(undefined)).toBeUndefined();
    expect(explainedCoverage(engine, [{ type: 'cmdline', value: packing }], 'linux')[0]?.rules).toEqual([]);
  });

  it('splits the observables some rule fires on from those none does', () => {
    const coverage = explainedCoverage(
      engine,
      [
        { type: 'cmdline', value: packing },
        { type: 'cmdline', value: listing },
      ],
      'windows',
    );
    const evidence = coverageEvidence(coverage);
    expect(evidence.covered.map((entry) => entry.observable)).toEqual([`cmdline: ${packing}`]);
    expect(evidence.uncovered).toEqual([`cmdline: ${listing}`]);
  });
});
