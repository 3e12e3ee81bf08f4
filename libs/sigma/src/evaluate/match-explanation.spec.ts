import { compileRule } from './compile-rule';
import { CorpusCoverage } from './corpus-coverage';

// Our own fixture rules, written for these tests.
const archiveRule = `
title: Archive Tool Packing The Staging Folder
id: 6c0f1c5e-4d5b-4f3e-9a51-0b6f0b2f7a10
status: test
author: Fixture Author
level: high
tags:
  - attack.collection
  - attack.t1560.001
logsource:
  category: process_creation
  product: windows
detection:
  selection_img:
    - Image|endswith: ['\\packer.exe', '\\packer64.exe']
    - OriginalFileName: 'packer.exe'
  selection_cli:
    CommandLine|contains: [' -add ', ' -update ', ' -move ']
  selection_folder:
    CommandLine|contains|all: ['\\Staging\\', '.pak']
  filter_backup:
    CommandLine|contains: '\\Backups\\'
  condition: all of selection_* and not filter_backup
`;

const event = {
  EventID: 1,
  Image: 'C:\\Tools\\packer.exe',
  OriginalFileName: 'packer.exe',
  CommandLine: 'packer.exe -add C:\\Staging\\loot.pak C:\\Users\\Public\\docs',
};

describe('why a compiled rule fired', () => {
  const rule = compileRule(archiveRule);

  it('gives the items of the selections that made the condition true, with only the alternatives that matched', () => {
    expect(rule.matches(event)).toBe(true);
    expect(rule.explain(event)).toEqual([
      { selection: 'selection_img', field: 'Image', modifiers: ['endswith'], values: ['\\packer.exe'] },
      { selection: 'selection_cli', field: 'CommandLine', modifiers: ['contains'], values: [' -add '] },
      { selection: 'selection_folder', field: 'CommandLine', modifiers: ['contains', 'all'], values: ['\\Staging\\', '.pak'] },
    ]);
  });

  it('names the alternative of a selection list that held, and never the negated filter', () => {
    const renamed = { ...event, Image: 'C:\\Tools\\pk.exe', CommandLine: 'pk.exe -move -update C:\\Staging\\a.pak' };
    const items = rule.explain(renamed);
    expect(items.find((item) => item.selection === 'selection_img')).toEqual({
      selection: 'selection_img',
      field: 'OriginalFileName',
      modifiers: [],
      values: ['packer.exe'],
    });
    expect(items.find((item) => item.selection === 'selection_cli')?.values).toEqual([' -update ', ' -move ']);
    expect(items.some((item) => item.selection === 'filter_backup')).toBe(false);
  });

  it('explains nothing for an event the rule does not match', () => {
    expect(rule.explain({ ...event, CommandLine: `${event.CommandLine} C:\\Backups\\x` })).toEqual([]);
    expect(rule.explain({ ...event, CommandLine: 'packer.exe -list C:\\Staging\\loot.pak' })).toEqual([]);
  });

  it('names only the selections that held under "1 of"', () => {
    const either = compileRule({
      title: 'either',
      logsource: { category: 'process_creation', product: 'windows' },
      detection: {
        selection_a: { 'CommandLine|contains': 'alpha' },
        selection_b: { 'CommandLine|contains': ['beta', 'gamma'] },
        condition: '1 of selection_*',
      },
    });
    expect(either.explain({ CommandLine: 'run gamma now' })).toEqual([
      { selection: 'selection_b', field: 'CommandLine', modifiers: ['contains'], values: ['gamma'] },
    ]);
  });
});

describe('why a keyword rule fired', () => {
  it('names the keywords found in the event', () => {
    const keywords = compileRule({
      title: 'keywords',
      logsource: { product: 'linux', service: 'syslog' },
      detection: { keywords: ['segfault at', 'stack smashing detected', 'buffer overflow'], condition: 'keywords' },
    });
    expect(keywords.explain({ message: 'kernel: app[311]: segfault at 0 ip 000055 sp 0000 error 4' })).toEqual([
      { selection: 'keywords', field: null, modifiers: [], values: ['segfault at'] },
    ]);
  });
});

describe('corpus coverage that says why', () => {
  const engine = new CorpusCoverage<{ id: string }>();
  engine.add(archiveRule, { id: 'archive' });

  it('gives each covering rule the items that matched the observable, with its status, tags, level and author', () => {
    const [entry] = engine.cover([{ type: 'cmdline', value: event.CommandLine }], { product: 'windows', explain: true });
    expect(entry?.rules).toEqual([{ id: 'archive' }]);
    expect(entry?.explained).toEqual([
      expect.objectContaining({
        meta: { id: 'archive' },
        status: 'test',
        level: 'high',
        author: 'Fixture Author',
        tags: ['attack.collection', 'attack.t1560.001'],
      }),
    ]);
    expect(entry?.explained?.[0]?.matched.map((item) => item.values)).toEqual([['\\packer.exe'], [' -add '], ['\\Staging\\', '.pak']]);
  });

  it('says nothing of why unless asked', () => {
    const [entry] = engine.cover([{ type: 'cmdline', value: event.CommandLine }], { product: 'windows' });
    expect(entry?.rules).toHaveLength(1);
    expect(entry?.explained).toBeUndefined();
  });
});
