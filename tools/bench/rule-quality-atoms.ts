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
// writing the same test are one atom; precision = shared / generated, recall = shared / expected, summed over
// the articles that have truth.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { analyseRuleText } from '@huntforge/sigma';

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
const ADDRESS_FIELDS = new Set(['destinationip', 'dst_ip', 'destinationaddress', 'c-ip', 'dst']);

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
  if (HOST_FIELDS.has(lowerField) && modifier === 'eq') return `host|${value}`;
  if (ADDRESS_FIELDS.has(lowerField) && (modifier === 'eq' || modifier === 'cidr')) return `address|${value}`;
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

/** Indicator atoms (a host or an address, whatever log source): the rest are the behaviour atoms. */
export const isIndicatorAtom = (atom: string): boolean => atom.startsWith('host|') || atom.startsWith('address|');

/** The atoms of a set that pass a test (to score the behaviour atoms alone: indicator lists are long and easy). */
export function only(atoms: ReadonlySet<string>, keep: (atom: string) => boolean): Set<string> {
  return new Set([...atoms].filter(keep));
}

export interface AtomScore {
  hits: number;
  generated: number;
  expected: number;
  /** Expected atoms no generated atom equals but one of the same field holds (a longer value: too specific). */
  near: number;
  missed: string[];
  extra: string[];
}

const valueOf = (atom: string) => splitAtom(atom).value;
const fieldOf = (atom: string) => atom.split('|')[0];

export function scoreAtoms(generated: ReadonlySet<string>, expected: ReadonlySet<string>): AtomScore {
  const hits = [...generated].filter((atom) => expected.has(atom)).length;
  const missed = [...expected].filter((atom) => !generated.has(atom));
  const near = missed.filter((atom) =>
    [...generated].some((g) => fieldOf(g) === fieldOf(atom) && valueOf(atom).length >= 3 && valueOf(g).includes(valueOf(atom))),
  ).length;
  return {
    hits,
    generated: generated.size,
    expected: expected.size,
    near,
    missed: missed.sort(),
    extra: [...generated].filter((atom) => !expected.has(atom)).sort(),
  };
}
