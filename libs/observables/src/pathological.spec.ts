import { runBuiltinExtraction } from './agents';

// Inputs built to make naive regexes backtrack: each must still be extracted in linear time (the
// jest timeout is the bound; no timing assertions) and yield nothing.
const SIZE = 50_000;
const cases: Array<[string, string]> = [
  ['dotted labels without a TLD', 'a.'.repeat(SIZE / 2)],
  ['defanged dots', 'a[.]'.repeat(SIZE / 4)],
  ['digits and dots', '1.'.repeat(SIZE / 2)],
  ['colons', '1:'.repeat(SIZE / 2)],
  ['backslashes after a hive', `HKLM${'\\a b'.repeat(SIZE / 4)}`],
  ['open quotes', `cmd /c "${'x '.repeat(SIZE / 2)}`],
  ['arrows', 'a.exe -> '.repeat(SIZE / 9)],
  ['title lines', 'title: x\n'.repeat(SIZE / 9)],
  ['long hyphenated label', `${'a-'.repeat(SIZE / 2)}`],
  // pstree joins ("───", "---") between names that may hold dashes themselves
  ['a run of dashes', `${'-'.repeat(SIZE)}!`],
  ['names joined by dashes', `${'ab---'.repeat(SIZE / 5)}!`],
  ['names joined by box-drawing runs', `${'a───'.repeat(SIZE / 4)}!`],
  ['quotes nested in quotes', `"a 'b " c ' `.repeat(SIZE / 12)],
];

describe('pathological input', () => {
  it.each(cases)(
    '%s',
    (_name, text) => {
      const result = runBuiltinExtraction(text, { platform: 'windows' });
      expect(result.observables.filter((o) => o.type !== 'process_lineage' && o.type !== 'cmdline' && o.type !== 'registry_key')).toEqual(
        [],
      );
    },
    10_000,
  );
});
