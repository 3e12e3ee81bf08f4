// Atoms of the rules a detection engineer would write for an article, against the generated rules' atoms.
//
// Truth format (tools/bench/.rule-truth/, git-ignored because it is written from article text that is not ours):
// one file per article, `<article id>.yml` (the two-digit id of ../shared/cti-articles, e.g. `35.yml`), holding
// the engineer's Sigma rules as a YAML multi-document stream (`---` between rules). Each rule is a plain SigmaHQ
// rule: the logsource and field names of SigmaHQ's taxonomy (process_creation with Image / OriginalFileName /
// CommandLine / ParentImage, registry_set with TargetObject / Details, file_event with TargetFilename,
// dns_query with QueryName, ...), behaviour keyed on what makes each step malicious (`comsvcs.dll` with
// `MiniDump`, not the dump's file name), the article's indicators in at most one rule per log source, no rule
// for what the analyst ran while investigating. Only `logsource` and `detection` are scored; title, tags and the
// rest may stay short. To rewrite the truth: read the article (both halves may be read for this: the truth is
// the measure, never a heuristic), write the rules you would deploy, and check each file parses with
// `npx tsx tools/bench/rule-quality-corpus.ts --atoms` (an unparseable rule is reported and scores nothing).
// A folder `<article id>/` of `*.yml` files (one rule each) is read too.
//
// Scoring: the positive atoms (field|modifiers|value, see libs/sigma/src/similarity/atoms.ts: field aliases,
// case and wildcard <-> modifier folding) of all rules of an article, further normalised below so two ways of
// writing the same test are one atom; a `|re` atom and a literal atom are compared by what the regex matches
// (the rule is at `regexShares`); precision = generated atoms shared / generated, recall = expected atoms
// shared / expected, summed over the articles that have truth.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { analyseRuleText, compileSigmaRegex } from '@huntforge/sigma';

export interface TruthRules {
  rules: string[];
  /** Rules of the truth that do not parse or have no usable detection (reported, not scored). */
  broken: string[];
}

/** Splits a multi-document YAML stream into its documents (a line holding only `---` separates them). */
export function yamlDocuments(stream: string): string[] {
  return stream
    .split(/^---[ \t]*$/m)
    .map((doc) => doc.trim())
    .filter((doc) => doc !== '' && !/^(#.*\s*)*$/.test(doc));
}

/** The engineer's rules for one article, or null when there is no truth for it. */
export function truthRulesOf(dir: string, articleId: string): TruthRules | null {
  const sources: string[] = [];
  for (const name of [`${articleId}.yml`, `${articleId}.yaml`]) {
    const file = join(dir, name);
    if (existsSync(file)) sources.push(...yamlDocuments(readFileSync(file, 'utf8')));
  }
  const folder = join(dir, articleId);
  if (existsSync(folder) && statSync(folder).isDirectory())
    for (const name of readdirSync(folder)
      .filter((file) => /\.ya?ml$/.test(file))
      .sort())
      sources.push(...yamlDocuments(readFileSync(join(folder, name), 'utf8')));
  if (sources.length === 0) return null;
  const broken = sources.filter((source) => !analyseRuleText(source).ok);
  return { rules: sources.filter((source) => !broken.includes(source)), broken };
}

// Modifiers that change how a value is written, not what it tests.
const NEUTRAL_MODIFIERS = new Set(['windash', 'all', 'cased']);
// Fields whose value is a path: the separator before a program name is part of no test worth telling apart.
const IMAGE_FIELDS = new Set(['image', 'parentimage', 'originalfilename', 'targetfilename', 'imageloaded']);

const MODIFIERS = new Set(
  'eq contains startswith endswith all windash cased re i m s base64 base64offset wide utf16 utf16le utf16be cidr exists expand fieldref gt gte lt lte neq'.split(
    ' ',
  ),
);

/** `field|modifier…|value`: the value may itself hold `|` (a piped command line). */
function splitAtom(atom: string): { field: string; rest: string[]; value: string } {
  const parts = atom.split('|');
  const field = parts.shift() ?? '';
  const rest: string[] = [];
  while (parts.length > 1 && MODIFIERS.has(parts[0] as string)) rest.push(parts.shift() as string);
  return { field, rest: rest.filter((m) => m !== 'eq'), value: parts.join('|').trim() };
}

// An indicator is one test whichever log source carries it: a domain queried, connected to or proxied, an
// address connected to or seen by the firewall.
const HOST_FIELDS = new Set(['queryname', 'destinationhostname', 'cs-host', 'r-dns']);
const HOST_TESTS = new Set(['eq', 'endswith', 'contains']);
const ADDRESS_FIELDS = new Set(['destinationip', 'dst_ip', 'destinationaddress', 'c-ip', 'dst']);
// A file hash is one indicator however the rule spells it: Sysmon's `Hashes` field holds `SHA256=<hex>,MD5=<hex>`,
// so `Hashes|contains: SHA256=<hex>` and `Hashes|contains: <hex>` (or a per-algorithm field) test the same file.
const HASH_FIELDS = new Set(['hashes', 'hash', 'md5', 'sha1', 'sha256', 'imphash']);
const HASH_VALUE = /^(?:(?:md5|sha1|sha256|imphash)=)?([0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64})$/i;

/**
 * One atom written the way every other spelling of the same test is: the program an image ends with is the
 * program's name whatever field says it (`Image|endswith: \certutil.exe` and `OriginalFileName: CertUtil.exe`
 * test one thing), an indicator is its host or address whatever log source holds it, `windash` is dropped with
 * a leading `/` read as `-`, and surrounding blanks are trimmed.
 */
export function normaliseAtom(atom: string): string {
  const { field, rest, value } = splitAtom(atom);
  const modifiers = rest.filter((m) => !NEUTRAL_MODIFIERS.has(m));
  const modifier = modifiers.length > 0 ? modifiers.join('|') : 'eq';
  const lowerField = field.toLowerCase();
  if ((lowerField === 'image' && modifier === 'endswith') || (lowerField === 'originalfilename' && modifier === 'eq')) {
    const name = value.split(/[\\/]/).pop() ?? value;
    if (name !== '' && !/[\\/]/.test(value.slice(0, -name.length).replace(/^[\\/]/, ''))) return `program|${name}`;
  }
  // A domain matched exactly or with its subdomains (`endswith`, `contains`) is the same indicator.
  if (HOST_FIELDS.has(lowerField) && HOST_TESTS.has(modifier)) return `host|${value.replace(/^[*.]+/, '')}`;
  if (ADDRESS_FIELDS.has(lowerField) && (modifier === 'eq' || modifier === 'cidr')) return `address|${value}`;
  const hash = HASH_FIELDS.has(lowerField) && HOST_TESTS.has(modifier) ? HASH_VALUE.exec(value) : null;
  if (hash) return `hash|${(hash[1] as string).toLowerCase()}`;
  if (lowerField === 'parentimage' && modifier === 'endswith') return `parent-program|${value.replace(/^.*[\\/]/, '')}`;
  const text = IMAGE_FIELDS.has(lowerField) && modifier === 'endswith' ? value.replace(/^[\\/]/, '') : value;
  return `${field}|${modifier}|${rest.includes('windash') ? text.replace(/^\//, '-') : text}`;
}

/** The normalised positive atoms of a rule set. */
export function ruleAtoms(yamls: readonly string[]): Set<string> {
  const atoms = new Set<string>();
  for (const yaml of yamls) {
    const analysed = analyseRuleText(yaml);
    if (analysed.ok) analysed.atoms.positive.forEach((atom) => atoms.add(normaliseAtom(atom)));
  }
  return atoms;
}

/** Indicator atoms (a host, an address or a file hash, whatever log source): the rest are the behaviour atoms. */
export const isIndicatorAtom = (atom: string): boolean =>
  atom.startsWith('host|') || atom.startsWith('address|') || atom.startsWith('hash|');

/** The atoms of a set that pass a test (to score the behaviour atoms alone: indicator lists are long and easy). */
export function only(atoms: ReadonlySet<string>, keep: (atom: string) => boolean): Set<string> {
  return new Set([...atoms].filter(keep));
}

// A `|re` value is a pattern: compared as a string it never meets the literal that tests the same thing.
// The rule, both ways (a generated regex against the truth's literals, a truth regex against the generated
// literals): a regex atom and a literal atom share when
//   1. they test the same subject: the same field, where a program name stands for Image and OriginalFileName,
//      a parent program for ParentImage, a host or an address for every field that holds one;
//   2. the literal is a text test (equals, contains, starts or ends with) and the regex compiles (Sigma's PCRE
//      spellings translated), matched case-insensitively since the literal is known only up to case;
//   3. the regex matches the literal's text (a path the normaliser cut at its separator is tried with the
//      separator back too); and
//   4. the regex pins the literal: for at least half of the text's characters, and at least MIN_PINNED, changing
//      that one character to another of its kind (a letter to a letter, a digit to a digit, `\` to `/`...) makes
//      the regex fail. A regex that lets most of the text vary tests something broader than the literal and
//      does not share, as a shorter literal would not: `.*` and `\S+` pin nothing, `cmd.*` pins 3 characters of
//      a 40-character command line.

/** Characters a regex must pin in a literal to share with it, whatever the literal's length. */
const MIN_PINNED = 3;
const TEXT_TESTS = new Set(['eq', 'contains', 'startswith', 'endswith']);
const REGEX_MODIFIERS = new Set(['re', 'i', 'm', 's']);
const SWAPPED: Readonly<Record<string, string>> = { '\\': '/', '/': '\\', '.': ',', '-': '_', ' ': '\t', '#': '@' };

const fieldOf = (atom: string) => atom.split('|')[0] as string;
const valueOf = (atom: string) => splitAtom(atom).value;

/** The fields an atom tests, with the normaliser's stand-ins (program, host...) read back as the fields they replace. */
function subjectsOf(atom: string): string[] {
  const field = fieldOf(atom).toLowerCase();
  if (field === 'host' || HOST_FIELDS.has(field)) return ['host'];
  if (field === 'address' || ADDRESS_FIELDS.has(field)) return ['address'];
  if (field === 'program') return ['image', 'originalfilename'];
  if (field === 'parent-program') return ['parentimage'];
  return [field];
}

const compiledRegexes = new Map<string, RegExp | null>();

/** The regex of a `|re` atom (case-insensitive), or null for a literal atom or a pattern that does not compile. */
function regexOf(atom: string): RegExp | null {
  if (!compiledRegexes.has(atom)) {
    const { rest, value } = splitAtom(atom);
    const usable = rest.includes('re') && rest.every((modifier) => REGEX_MODIFIERS.has(modifier));
    const compiled = usable ? compileSigmaRegex(value, [...rest.filter((modifier) => modifier !== 're'), 'i']) : null;
    compiledRegexes.set(atom, compiled?.ok ? compiled.regex : null);
  }
  return compiledRegexes.get(atom) ?? null;
}

/** The texts a literal atom stands for, or null when it is no text test (a regex, a CIDR, a number compared...). */
function literalTexts(atom: string): string[] | null {
  const { field, rest, value } = splitAtom(atom);
  const lower = field.toLowerCase();
  const withSeparator = [value, `\\${value}`, `/${value}`];
  if (lower === 'program' || lower === 'parent-program') return withSeparator;
  if (lower === 'host' || lower === 'address') return [value];
  const modifier = rest.length > 0 ? rest.join('|') : 'eq';
  if (!TEXT_TESTS.has(modifier) || value === '') return null;
  return IMAGE_FIELDS.has(lower) && modifier === 'endswith' ? withSeparator : [value];
}

/** Another character of the same kind (letters and digits shift by one, punctuation swaps), never the same. */
function otherOfKind(char: string): string {
  if (/[a-yA-Y0-8]/.test(char)) return String.fromCharCode(char.charCodeAt(0) + 1);
  if (char === 'z' || char === 'Z' || char === '9') return char === '9' ? '0' : String.fromCharCode(char.charCodeAt(0) - 25);
  return SWAPPED[char] ?? '#';
}

/** How many characters of a text the regex pins: changing that one character makes it fail. */
export function pinnedCharacters(regex: RegExp, text: string): number {
  let pinned = 0;
  for (let at = 0; at < text.length; at++)
    if (!regex.test(text.slice(0, at) + otherOfKind(text[at] as string) + text.slice(at + 1))) pinned++;
  return pinned;
}

/** True when a `|re` atom and a literal atom test the same thing (the rule above); false for any other pair. */
export function regexShares(regexAtom: string, literalAtom: string): boolean {
  const regex = regexOf(regexAtom);
  const texts = regex && !splitAtom(literalAtom).rest.includes('re') ? literalTexts(literalAtom) : null;
  if (!regex || !texts) return false;
  const literalSubjects = subjectsOf(literalAtom);
  if (!subjectsOf(regexAtom).some((subject) => literalSubjects.includes(subject))) return false;
  return texts.some((text) => regex.test(text) && pinnedCharacters(regex, text) >= Math.max(MIN_PINNED, Math.ceil(text.length / 2)));
}

export interface AtomScore {
  /** Generated atoms equal to an expected atom or sharing with one through a regex (precision's numerator). */
  hits: number;
  /** Expected atoms some generated atom equals or shares with (recall's numerator). */
  found: number;
  generated: number;
  expected: number;
  /** Of `hits` and `found`, those that share only through a regex. */
  viaRegex: { hits: number; found: number };
  /** Expected atoms no generated atom equals but one of the same field holds (a longer value: too specific). */
  near: number;
  missed: string[];
  extra: string[];
}

export function scoreAtoms(generated: ReadonlySet<string>, expected: ReadonlySet<string>): AtomScore {
  const sharesWithRegex = (a: string, b: string) => regexShares(a, b) || regexShares(b, a);
  const generatedList = [...generated];
  const expectedList = [...expected];
  const hitByRegex = generatedList.filter((atom) => !expected.has(atom) && expectedList.some((e) => sharesWithRegex(atom, e)));
  const foundByRegex = expectedList.filter((atom) => !generated.has(atom) && generatedList.some((g) => sharesWithRegex(g, atom)));
  const hits = generatedList.filter((atom) => expected.has(atom)).length + hitByRegex.length;
  const found = expectedList.filter((atom) => generated.has(atom)).length + foundByRegex.length;
  const missed = expectedList.filter((atom) => !generated.has(atom) && !foundByRegex.includes(atom));
  const near = missed.filter((atom) =>
    generatedList.some((g) => fieldOf(g) === fieldOf(atom) && valueOf(atom).length >= 3 && valueOf(g).includes(valueOf(atom))),
  ).length;
  return {
    hits,
    found,
    generated: generated.size,
    expected: expected.size,
    viaRegex: { hits: hitByRegex.length, found: foundByRegex.length },
    near,
    missed: missed.sort(),
    extra: generatedList.filter((atom) => !expected.has(atom) && !hitByRegex.includes(atom)).sort(),
  };
}
