import { corpusCoverageBusResponseSchema } from '@huntforge/contracts/executions';
import type { CoveringRule } from '@huntforge/contracts/sigma';
import { CorpusCoverage } from '@huntforge/sigma';
import { corpusCoverage } from './corpus-coverage';

// Our own fixture rule, standing in for a SigmaHQ one.
const RULE = `
title: Archive Tool Packing The Staging Folder
id: 6c0f1c5e-4d5b-4f3e-9a51-0b6f0b2f7a11
status: test
author: Fixture Author
level: high
tags: [attack.collection, attack.t1560.001]
logsource: { category: process_creation, product: windows }
detection:
  selection_img:
    Image|endswith: ['\\packer.exe', '\\packer64.exe']
  selection_cli:
    CommandLine|contains: [' -add ', ' -move ']
  condition: all of selection_*
`;

const meta: CoveringRule = {
  rule_id: '6c0f1c5e-4d5b-4f3e-9a51-0b6f0b2f7a11',
  title: 'Archive Tool Packing The Staging Folder',
  author: 'Fixture Author',
  license: 'DRL-1.1',
  origin: 'sigmahq',
  path: 'rules/windows/process_creation/proc_creation_win_packer.yml',
  level: 'high',
};

describe('sigma.corpus.coverage', () => {
  const engine = new CorpusCoverage<CoveringRule>();
  engine.add(RULE, meta);
  const deps = { index: { coverage: async () => engine } };

  it('answers each covering rule with why it fired, its status and its tags, as the bus reply carries them', async () => {
    const value = 'packer.exe -add C:\\Staging\\loot.pak';
    const answer = await corpusCoverage(deps, { observables: [{ type: 'cmdline', value }], product: 'windows' });
    const reply = corpusCoverageBusResponseSchema.parse({ ok: true, ...answer });
    if (!reply.ok) throw new Error('expected a coverage reply');
    expect(reply.coverage).toEqual([
      {
        observable: `cmdline: ${value}`,
        rules: [
          {
            ...meta,
            status: 'test',
            tags: ['attack.collection', 'attack.t1560.001'],
            matched: [
              { selection: 'selection_img', field: 'Image', modifiers: ['endswith'], values: ['\\packer.exe'] },
              { selection: 'selection_cli', field: 'CommandLine', modifiers: ['contains'], values: [' -add '] },
            ],
          },
        ],
      },
    ]);
  });

  it('answers an observable no rule fires on with no rules', async () => {
    const answer = await corpusCoverage(deps, { observables: [{ type: 'cmdline', value: 'packer.exe -list' }], product: 'windows' });
    expect(answer.coverage).toEqual([{ observable: 'cmdline: packer.exe -list', rules: [] }]);
  });
});
