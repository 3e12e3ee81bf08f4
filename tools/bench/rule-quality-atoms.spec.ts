import { compileSigmaRegex } from '@huntforge/sigma';
import { isIndicatorAtom, pinnedCharacters, regexShares, ruleAtoms, scoreAtoms } from './rule-quality-atoms';

/** The normalised atoms of one process_creation rule whose selection is `items`. */
function atomsOf(items: string): Set<string> {
  return ruleAtoms([
    `title: t\nlogsource: {category: process_creation, product: windows}\ndetection:\n  selection:\n${items}\n  condition: selection\n`,
  ]);
}

const only = (atoms: Set<string>): string => {
  expect(atoms.size).toBe(1);
  return [...atoms][0] as string;
};

describe('regex atoms against literal atoms', () => {
  const literal = only(atomsOf("    CommandLine|contains: 'vssadmin delete shadows /all'"));

  it('shares a regex with the literal of the same field it matches and pins', () => {
    const regex = only(atomsOf("    CommandLine|re: 'vssadmin(\\.exe)?\\s+delete\\s+shadows\\s+/all'"));
    expect(regexShares(regex, literal)).toBe(true);
  });

  it('scores the pair both ways: a generated regex against a truth literal and a truth regex against a generated literal', () => {
    const regex = only(atomsOf("    CommandLine|re|i: 'VSSADMIN\\s+delete\\s+shadows\\s+/all'"));
    const generatedRegex = scoreAtoms(new Set([regex]), new Set([literal]));
    expect(generatedRegex).toMatchObject({ hits: 1, found: 1, viaRegex: { hits: 1, found: 1 }, missed: [], extra: [] });
    const truthRegex = scoreAtoms(new Set([literal]), new Set([regex]));
    expect(truthRegex).toMatchObject({ hits: 1, found: 1, missed: [], extra: [] });
  });

  it('does not let an over-broad regex score', () => {
    for (const broad of ['.*', '\\S+', '^.+$', '[a-z ]+', 'vss.*'])
      expect([broad, regexShares(only(atomsOf(`    CommandLine|re: '${broad}'`)), literal)]).toEqual([broad, false]);
  });

  it('does not share across fields, with a regex that misses the text, or with a literal that is no text test', () => {
    expect(regexShares(only(atomsOf("    ParentCommandLine|re: 'vssadmin delete shadows /all'")), literal)).toBe(false);
    expect(regexShares(only(atomsOf("    CommandLine|re: 'vssadmin\\s+resize\\s+shadowstorage'")), literal)).toBe(false);
    const cidr = only(
      ruleAtoms([
        'title: t\nlogsource: {category: network_connection}\ndetection:\n  s:\n    DestinationIp|cidr: 10.0.0.0/8\n  condition: s\n',
      ]),
    );
    expect(regexShares(only(atomsOf("    CommandLine|re: '10\\.0\\.0\\.0/8'")), cidr)).toBe(false);
  });

  it('reads a program name atom back as the image it stands for', () => {
    const program = only(atomsOf("    Image|endswith: '\\certutil.exe'"));
    expect(program).toBe('program|certutil.exe');
    expect(regexShares(only(atomsOf("    Image|re: '\\\\certutil\\.exe$'")), program)).toBe(true);
    expect(regexShares(only(atomsOf("    CommandLine|re: '\\\\certutil\\.exe$'")), program)).toBe(false);
  });

  it('compiles PCRE inline flags and keeps counting exact atoms as before', () => {
    expect(regexShares(only(atomsOf("    CommandLine|re: '(?i)VSSADMIN DELETE SHADOWS /ALL'")), literal)).toBe(true);
    const score = scoreAtoms(new Set([literal, 'commandline|contains|other']), new Set([literal, 'commandline|contains|missing']));
    expect(score).toMatchObject({ hits: 1, found: 1, viaRegex: { hits: 0, found: 0 }, missed: ['commandline|contains|missing'] });
  });
});

describe('pinnedCharacters', () => {
  const regex = (source: string) => {
    const compiled = compileSigmaRegex(source, ['i']);
    if (!compiled.ok) throw new Error(compiled.error);
    return compiled.regex;
  };

  it('counts the characters whose change makes the regex fail', () => {
    expect(pinnedCharacters(regex('abc'), 'abc')).toBe(3);
    expect(pinnedCharacters(regex('a.c'), 'abc')).toBe(2);
    expect(pinnedCharacters(regex('cmd.*'), 'cmd /c echo x > \\\\.\\pipe\\x')).toBe(3);
    expect(pinnedCharacters(regex('[\\\\/]x'), '\\x')).toBe(1);
    expect(pinnedCharacters(regex('.*'), 'anything')).toBe(0);
  });
});

describe('indicator atoms', () => {
  const hostAtoms = (selection: string): Set<string> =>
    ruleAtoms([
      `title: t\nlogsource: {category: dns_query, product: windows}\ndetection:\n  selection:\n${selection}\n  condition: selection\n`,
    ]);

  it('reads a domain matched exactly, with its subdomains or inside a name as the same host indicator', () => {
    expect(hostAtoms("    QueryName: 'evil.example'")).toEqual(new Set(['host|evil.example']));
    expect(hostAtoms("    QueryName|endswith: '.evil.example'")).toEqual(new Set(['host|evil.example']));
    expect(hostAtoms("    QueryName|contains: 'evil.example'")).toEqual(new Set(['host|evil.example']));
  });

  it('reads a file hash with or without its algorithm prefix, in any hash field, as one indicator', () => {
    const hex = 'ab'.repeat(32);
    const atoms = (selection: string) =>
      ruleAtoms([
        `title: t\nlogsource: {category: process_creation, product: windows}\ndetection:\n  selection:\n${selection}\n  condition: selection\n`,
      ]);
    expect(atoms(`    Hashes|contains: 'SHA256=${hex.toUpperCase()}'`)).toEqual(new Set([`hash|${hex}`]));
    expect(atoms(`    Hashes|contains: '${hex}'`)).toEqual(new Set([`hash|${hex}`]));
    expect(atoms(`    sha256: '${hex}'`)).toEqual(new Set([`hash|${hex}`]));
    expect(isIndicatorAtom(`hash|${hex}`)).toBe(true);
    expect(atoms(`    Hashes|contains: 'IMPHASH=ABC'`)).toEqual(new Set(['hashes|contains|imphash=abc']));
  });

  it('keeps a host test of another kind as its own atom', () => {
    expect(hostAtoms("    QueryName|startswith: 'evil.'")).toEqual(new Set(['queryname|startswith|evil.']));
  });
});
