import { imageOf, type Image } from './images';

/**
 * Turns the words a sentence uses for a process into its image: the image itself ("cmd.exe"), a program the
 * article shows by path or as code, a program named by the noun after it ("the xcc binary"), a malware name the
 * article tied to one image ("the Betruger ccs.exe process"), or "the malware" / "this binary" standing for the
 * one image the previous sentence named.
 */
export type Resolver = (token: string, text: string, offset: number) => Image | null;

// Capitalised words that precede an image without naming it ("the Windows cmd.exe process").
const NOT_ALIASES =
  /^(?:The|This|That|These|Those|A|An|Its|Their|Windows|Microsoft|Sysmon|Defender|Event|Process|Parent|Child|Legitimate|Malicious|Suspicious|Renamed|Signed|Unsigned|Original|Initial|Second|New|Fake|Same|Known|Native|Built|System|User|Local|Remote)$/;
const ALIAS_NAME = String.raw`([A-Z][A-Za-z0-9_-]{2,30})`;
const EXE = String.raw`([\w.-]{1,64}\.exe)`;
const ALIAS_FORMS = [
  // "the Betruger ccs.exe process", "the SectopRAT backdoor ccs.exe"
  new RegExp(
    String.raw`\bthe\s+${ALIAS_NAME}\s+(?:(?:backdoor|malware|loader|implant|agent|beacon|payload|stealer|RAT|ransomware)\s+)?${EXE}\b`,
    'g',
  ),
  // "ccs.exe (Betruger)": found from the bracket, the file name read backwards (see aliasesOf)
  new RegExp(String.raw`\.exe\s*\(\s*${ALIAS_NAME}\s*\)`, 'gi'),
  // "Grixba ( GT_NET.exe )", "the Grixba reconnaissance tool (GT_NET.exe)"
  new RegExp(String.raw`\b${ALIAS_NAME}(?:\s+[a-z]+){0,2}\s*\(\s*${EXE}\s*\)`, 'g'),
];

/** Names the article ties to exactly one image (a malware family and its file name). */
export function aliasesOf(content: string): Map<string, string> {
  const images = new Map<string, Set<string>>();
  for (const [i, re] of ALIAS_FORMS.entries()) {
    for (const m of content.matchAll(re)) {
      const [name, exe] = i === 1 ? [m[1], fileNameBefore(content, m.index)] : [m[1], m[2]];
      if (!name || !exe || NOT_ALIASES.test(name) || /\.exe$/i.test(name)) continue;
      const set = images.get(name) ?? new Set<string>();
      set.add(exe);
      images.set(name, set);
    }
  }
  const aliases = new Map<string, string>();
  for (const [name, set] of images) {
    const distinct = new Set([...set].map((e) => e.toLowerCase()));
    if (distinct.size === 1) aliases.set(name, [...set][0]);
  }
  return aliases;
}

/** "ccs" + ".exe" for the ".exe (Name)" found at `index`. */
function fileNameBefore(content: string, index: number): string | undefined {
  const stem = /[\w.-]{1,60}$/.exec(content.slice(Math.max(0, index - 60), index))?.[0];
  return stem ? `${stem}${content.slice(index, index + 4)}` : undefined;
}

// "The malware", "This binary": a noun standing for the image just named.
const ANAPHOR = /(?:^|[.!?:]\s+)(?:The|This|the|this)\s+$/;
const ANAPHOR_NOUNS = new Set(['malware', 'binary', 'payload', 'sample', 'executable', 'file', 'tool', 'backdoor', 'loader', 'implant']);
// A program named by the noun after it: "the xcc binary", "the **xcc** executable".
const NAMED_BY_NOUN = /^\s+(?:binary|executable)\b/;
const NOT_PROGRAM = /\.(?:js|vbs|hta|ps1|bat|cmd|dll|zip|iso|lnk|msi|dmg|pkg|plist|txt|log|xml|json|ya?ml|ini|conf|sys|so|dylib)$/i;

/**
 * "the **xcc** binary", "the `updr` binary", "the kswapd01 binary": a name, set off as code or emphasis or
 * spelt like a file name; "the malicious binary", "the service binary", "the x64 binary" describe one.
 */
function looksNamed(token: string, bare: string): boolean {
  if (/^[*_`"'“]/.test(token)) return true;
  return /[\d_]/.test(bare) && !/^(?:x86|x64|amd64|arm64|i386|win32|win64|\d+-?bits?)$/i.test(bare);
}

export function bareToken(token: string): string {
  return token.replace(/^[("'`“‘[*_]+|[)"'`”’\],.;:!?*_]+$/g, '');
}

/** The text of the sentence before the one `index` stands in (sentences end at ". " and the like). */
export function previousSentence(text: string, index: number): string {
  const before = text.slice(Math.max(0, index - 600), index);
  const ends = [...before.matchAll(/[.!?]\s+/g)].map((m) => m.index + m[0].length);
  const currentStart = ends.length ? ends[ends.length - 1] : 0;
  const previousStart = ends.length > 1 ? ends[ends.length - 2] : 0;
  return currentStart === 0 ? '' : before.slice(previousStart, currentStart);
}

export function makeResolver(image: (token: string) => Image | null, aliases: ReadonlyMap<string, string>): Resolver {
  const named = (token: string): Image | null => {
    const direct = image(token);
    if (direct) return direct;
    const alias = aliases.get(bareToken(token));
    return alias ? { name: alias } : null;
  };
  return (token, text, offset) => {
    const direct = named(token);
    if (direct) return direct;
    // A quoted path with spaces ("C:\Program Files\Acme Tools\acme.exe") is one token cut at its first space.
    const quoted = /^["'“]/.test(token) ? /^["'“]([A-Za-z]:\\[^"'”\n]{1,250}?\.exe)["'”]/i.exec(text.slice(offset, offset + 260)) : null;
    if (quoted) return imageOf(quoted[1] as string);
    const bare = bareToken(token);
    const after = text.slice(offset + token.length, offset + token.length + 20);
    if (NAMED_BY_NOUN.test(after) && /^[A-Za-z][\w.-]{0,63}$/.test(bare) && !NOT_PROGRAM.test(bare) && looksNamed(token, bare)) {
      return imageOf(bare) ?? { name: bare };
    }
    if (ANAPHOR_NOUNS.has(bare.toLowerCase()) && ANAPHOR.test(text.slice(Math.max(0, offset - 40), offset))) {
      return onlyImage(previousSentence(text, offset), named);
    }
    return null;
  };
}

/** The one image a sentence names (null when it names none or several). */
export function onlyImage(sentence: string, image: (token: string) => Image | null): Image | null {
  const found = new Map<string, Image>();
  for (const token of sentence.split(/\s+/)) {
    const hit = token ? image(token) : null;
    if (hit) found.set(hit.name.toLowerCase(), hit);
  }
  return found.size === 1 ? [...found.values()][0] : null;
}
