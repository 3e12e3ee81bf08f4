import type { SigmaDetection, SigmaFieldMap } from '@huntforge/contracts/sigma';
import { bareName } from './command-program';
import { cloudSpellings } from './cloud-rules';
import { originalFileNameOf, originalFileNames } from './program-version-info';
import { TECHNIQUES, type Technique } from './techniques';

const WINDASH = /^[-/\u2013\u2014\u2015]/;

/** The spellings a value has under its modifiers: `-urlcache` with windash is also `/urlcache`. */
function spellings(value: string, windash: boolean): string[] {
  return windash && WINDASH.test(value) ? ['-', '/', '\u2013', '\u2014', '\u2015'].map((dash) => dash + value.slice(1)) : [value];
}

/**
 * True when a command line meets one selection of a technique. Only the CommandLine conditions the
 * table writes are read (contains, contains|all, contains|windash case-insensitively as Sigma compares; re and its flags):
 * the generator emits a technique's rule only where it fires on the article's own command.
 */
export function meetsSelection(selection: SigmaFieldMap, commandLine: string): boolean {
  const line = commandLine.toLowerCase();
  return Object.entries(selection).every(([key, raw]) => {
    const [field, ...modifiers] = key.split('|');
    if (field !== 'CommandLine') return false;
    const values = (Array.isArray(raw) ? raw : [raw]).map(String);
    // A pattern no list of substrings can say (a download from a bare IP address piped into a shell).
    // Its flags (`re|i`: a parameter PowerShell reads case-insensitively) as Sigma applies them.
    if (modifiers[0] === 're') {
      const flags = modifiers.slice(1).filter((flag) => ['i', 'm', 's'].includes(flag));
      return flags.length === modifiers.length - 1 && values.some((value) => new RegExp(value, flags.join('')).test(commandLine));
    }
    if (!modifiers.includes('contains')) return false;
    const found = (value: string) =>
      spellings(value.toLowerCase(), modifiers.includes('windash')).some((spelling) => line.includes(spelling));
    return modifiers.includes('all') ? values.every(found) : values.some(found);
  });
}

const onPlatform = (technique: Technique, product: string) => technique.product === product || technique.product === 'any';
const shows = (technique: Technique, commandLine: string) =>
  technique.when.test(commandLine) && technique.selections.every((selection) => meetsSelection(selection, commandLine));

/** The technique a program's command line shows, if the table knows one for that program and platform. */
export function techniqueOf(image: string, commandLine: string, product: string): Technique | null {
  const program = bareName(image);
  return (
    TECHNIQUES.find(
      (technique) => onPlatform(technique, product) && technique.programs.includes(program) && shows(technique, commandLine),
    ) ?? null
  );
}

/**
 * Whether a technique's rule fires on a program's own process event: its image among the technique's programs
 * (any, when it names none) and every selection met by that program's command line. A rule of the program's
 * own on that command would only repeat the technique's rule with the values of this intrusion.
 */
export function techniqueFiresOn(technique: Technique, image: string, commandLine: string, product: string): boolean {
  const program = bareName(image).toLowerCase();
  const carried = technique.programs.length === 0 || technique.programs.includes(program === 'pwsh' ? 'powershell' : program);
  return onPlatform(technique, product) && carried && technique.selections.every((selection) => meetsSelection(selection, commandLine));
}

/** The techniques any program's command line can show (Mimikatz modules, a miner's pool): rules besides the program's own. */
export function anyProgramTechniques(commandLine: string, product: string): Technique[] {
  return TECHNIQUES.filter(
    (technique) =>
      technique.programs.length === 0 && !technique.wholeLine && onPlatform(technique, product) && shows(technique, commandLine),
  );
}

/** The techniques a whole line shows (a pipeline into a shell, a shell builtin): read on the line as typed, not per program. */
export function lineTechniques(commandLine: string, product: string): Technique[] {
  return TECHNIQUES.filter((technique) => technique.wholeLine === true && onPlatform(technique, product) && shows(technique, commandLine));
}

/** The Image condition of a technique: every program that carries it, as the platform's images end. */
function imageCondition(technique: Technique, product: string): SigmaFieldMap {
  const images = technique.programs.flatMap((program) =>
    product !== 'windows' ? [`/${program}`] : program === 'powershell' ? ['\\powershell.exe', '\\pwsh.exe'] : [`\\${program}.exe`],
  );
  if (images.length === 0) return {};
  return { 'Image|endswith': images.length === 1 ? (images[0] as string) : images };
}

/**
 * A technique's detection on a platform: the image and its first selection together, the others beside
 * it, all required. A technique of any platform takes the platform of the run it was seen in.
 */
export function techniqueDetection(technique: Technique, product: string = technique.product): SigmaDetection {
  const [first, ...rest] = technique.selections;
  const blocks = [{ ...imageCondition(technique, product), ...first }, ...rest];
  if (blocks.length === 1) return { selection: blocks[0] as SigmaFieldMap, condition: 'selection' };
  const detection: SigmaDetection = { condition: 'all of selection_*' };
  blocks.forEach((block, index) => (detection[`selection_${index + 1}`] = block));
  return detection;
}

/**
 * A selection cut to the alternatives the texts show, the union over them in the table's order (`-urlcache`, not
 * every spelling of certutil's download verbs): an engineer's rule names what the intruder ran. A list required
 * whole (`|all`), a field no text is read on (the image) and a list none of whose values a text shows stay as
 * the table writes them; the technique's `keep` values stay in any case, so its defining values are always there.
 */
export function shownAlternatives(selection: SigmaFieldMap, texts: readonly string[], keep: readonly string[] = []): SigmaFieldMap {
  return Object.fromEntries(
    Object.entries(selection).map(([key, value]) => {
      if (!Array.isArray(value) || key.split('|').includes('all')) return [key, value];
      const showsItem = (item: (typeof value)[number]) => texts.some((text) => meetsSelection({ [key]: item }, text));
      if (!value.some(showsItem)) return [key, value];
      const shown = value.filter((item) => showsItem(item) || keep.includes(String(item)));
      return [key, shown.length === 1 ? shown[0] : shown];
    }),
  ) as SigmaFieldMap;
}

/**
 * A technique's detection cut to what the article's command lines showed (shownAlternatives on each selection):
 * the rule stays the behaviour's, readable, and keeps no alternative the intrusion gave no reason for.
 */
export function shownTechniqueDetection(technique: Technique, product: string, commandLines: readonly string[]): SigmaDetection {
  const detection = techniqueDetection(technique, product);
  if (commandLines.length === 0) return detection;
  return Object.fromEntries(
    Object.entries(detection).map(([name, block]) =>
      name === 'condition' ? [name, block] : [name, shownAlternatives(block as SigmaFieldMap, commandLines, technique.keep)],
    ),
  ) as SigmaDetection;
}

// The spellings of each technique, in the table's order: they depend on the table alone, not on the text read,
// so they are worked out once per process (every execution's fidelity check asks for them).
let spellingsByTechnique: ReadonlyArray<{ technique: Technique; values: readonly string[] }> | undefined;

function techniqueSpellings(): ReadonlyArray<{ technique: Technique; values: readonly string[] }> {
  spellingsByTechnique ??= TECHNIQUES.map((technique) => {
    const values: string[] = [];
    const products = technique.product === 'any' ? ['windows', 'linux'] : [technique.product];
    const blocks = products
      .flatMap((product) => Object.entries(techniqueDetection(technique, product)))
      .filter(([name]) => name !== 'condition')
      .map(([, block]) => block as SigmaFieldMap);
    for (const selection of blocks) {
      for (const [key, raw] of Object.entries(selection)) {
        const windash = key.includes('windash');
        for (const value of (Array.isArray(raw) ? raw : [raw]).map(String)) {
          spellings(value, windash).forEach((spelling) => values.push(spelling.toLowerCase().trim()));
          // A technique's program is named by its OriginalFileName too (net1.exe, which net.exe hands its commands to).
          const original = key.startsWith('Image') ? originalFileNameOf(value.split(/[\\/]/).pop() ?? value) : null;
          if (original) values.push(original.toLowerCase());
        }
      }
    }
    return { technique, values };
  });
  return spellingsByTechnique;
}

// Per program of the version-info table, the pattern of its name in a text and the original name it backs; compiled once.
let originalNames: ReadonlyArray<{ named: RegExp; original: string }> | undefined;

function originalNamePatterns(): ReadonlyArray<{ named: RegExp; original: string }> {
  originalNames ??= originalFileNames().map(([file, original]) => {
    const stem = file.replace(/\.exe$/, '');
    const named = new RegExp(`(?:^|[^\\w-])${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:\\.exe)?(?![\\w-])`);
    return { named, original: original.toLowerCase() };
  });
  return originalNames;
}

/**
 * The values a stated text backs by knowledge: the spellings of each technique the text shows (its program
 * named and its pattern present), its images included. A rule on `comsvcs` and `#24` is backed by an article
 * that shows `comsvcs.dll, MiniDump`: the other spelling is the same behaviour, known, not invented. The same
 * holds for the cloud behaviours of cloud-behaviours.ts.
 */
export function knownSpellings(text: string): Set<string> {
  const lower = text.toLowerCase();
  const known = new Set<string>();
  // Many techniques share a program (cmd, powershell, reg): each is looked for in the text once.
  const mentioned = new Map<string, boolean>();
  const mentions = (program: string) => {
    let found = mentioned.get(program);
    if (found === undefined) mentioned.set(program, (found = lower.includes(program)));
    return found;
  };
  for (const { technique, values } of techniqueSpellings()) {
    // A cmdlet runs inside PowerShell, which the text need not name.
    const named = technique.programs.length === 0 || technique.programs.some((program) => program === 'powershell' || mentions(program));
    if (!named || !technique.when.test(text)) continue;
    values.forEach((value) => known.add(value));
  }
  // A program the text names backs the name its version resource gives (nltest is `nltestrk.exe`, pwsh `pwsh.dll`):
  // the generator's program selections carry it as OriginalFileName (program-selection.ts).
  for (const { named, original } of originalNamePatterns()) if (named.test(lower)) known.add(original);
  // PowerShell's code runs in either edition: naming one backs the other's name too (as fidelity backs pwsh.exe).
  if (known.has('powershell.exe')) known.add('pwsh.dll');
  // net.exe hands most of its commands to net1.exe: naming one backs the other (the generator keys both).
  if (known.has('net.exe')) known.add('net1.exe');
  // A cloud behaviour the text shows backs its other event names and its eventSource (StopLogging backs DeleteTrail).
  for (const value of cloudSpellings(text)) known.add(value.toLowerCase().trim());
  return known;
}
