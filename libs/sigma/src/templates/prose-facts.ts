import { windowsFolderOf } from './program-writes';
import { rememberingLast } from './remembering-last';

/**
 * Endpoint facts an article states in its prose or its indicator tables, which no extracted command or observable
 * carries: a program side-loading a DLL, a kernel driver the intruder loads, the ransom note and the extension of the
 * encrypted files, the hashes of the intruder's programs, and the files it wrote at a full path. One reading, a pure
 * function of the text: the rules (prose-rules.ts) are made from it and the self-test's synthetic events
 * (evaluate/prose-events.ts) too, so each rule fires on its own article's events.
 *
 * Precision first: a fact is read only where the text says it of the intruder (a load verb in a side-loading passage,
 * a driver in a driver passage, a note named as the ransom note, a hash in the row of a named program), never from a
 * bare mention.
 */

export interface SideLoad {
  /** The program that loads the library (`update.exe`), or null when the text names only the library. */
  host: string | null;
  library: string;
}

export type HashAlgorithm = 'SHA256' | 'SHA1' | 'MD5';

export interface FileHash {
  /** The file the hash belongs to (`e.exe`, `x.dll`, `y.sys`). */
  file: string;
  algorithm: HashAlgorithm;
  /** Upper case, as Sysmon's Hashes field writes it. */
  value: string;
}

export interface StatedPath {
  platform: 'windows' | 'unix';
  /** The path as the article states it (`~/.cache/x`, `C:\Users\[user]\AppData\…`). */
  path: string;
  /** A folder the intruder made or used (everything written under it), not a file. */
  folder: boolean;
}

export interface ProseFacts {
  sideLoads: SideLoad[];
  /** Driver file names (`x.sys`). */
  drivers: string[];
  /** Ransom note file names as stated (`!!Restore-My-file-Ab12.txt`, `README.txt`). */
  ransomNotes: string[];
  /** Extensions the encryption appends (`.locked`). */
  encryptedExtensions: string[];
  /** At most one hash per file, the strongest the text gives. */
  hashes: FileHash[];
  paths: StatedPath[];
}

// Name characters of a file (ransom notes start with `!!` or `#`).
const NAME = '[\\w!#@$&+=~-]';
const nameRegex = (extensions: string) =>
  new RegExp(`(?<![\\w.:%$!#@&+=~-])(${NAME}(?:${NAME}|\\.(?=${NAME}))*\\.(?:${extensions}))(?![\\w-]|\\.[A-Za-z0-9])`, 'gi');

interface Found {
  name: string;
  index: number;
}

function found(text: string, regex: RegExp): Found[] {
  return [...text.matchAll(regex)].map((match) => ({ name: match[1] as string, index: match.index ?? 0 }));
}

const unique = (names: readonly string[]) => [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];

/** The text as a reader sees it: markup around names, defangs and typographic quotes gone. */
export function readable(content: string): string {
  return content
    .replace(/\[\.\]|\(\.\)|\{\.\}/g, '.')
    .replace(/[*`]+/g, '')
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'");
}

// A sentence ends at `.`, `!` or `?` followed by blanks and a capital (a file name's dot is followed by a letter).
const SENTENCE_END = /[.!?:](?=\s+["'(]?[A-Z])|\n/g;

/** The sentence around an index, and the one before it. */
function sentenceAt(text: string, index: number): { sentence: string; start: number; previous: string } {
  const ends = [...text.matchAll(SENTENCE_END)].map((match) => match.index ?? 0);
  let start = 0;
  let previousStart = 0;
  for (const end of ends) {
    if (end >= index) break;
    previousStart = start;
    start = end + 1;
  }
  const end = ends.find((at) => at >= index) ?? text.length;
  return { sentence: text.slice(start, end), start, previous: text.slice(previousStart, start) };
}

/** The text around an index on its line, `before` and `after` characters either side. */
function around(text: string, index: number, length: number, before: number, after: number): { left: string; right: string } {
  const lineStart = text.lastIndexOf('\n', index) + 1;
  const nextLine = text.indexOf('\n', index + length);
  const lineEnd = nextLine === -1 ? text.length : nextLine;
  return {
    left: text.slice(Math.max(lineStart, index - before), index),
    right: text.slice(index + length, Math.min(lineEnd, index + length + after)),
  };
}

/** A piece of a name made up for one run or one victim: letters of both cases mixed with digits (`K1Vva`, `01M0td`). */
export function madeUpPiece(piece: string): boolean {
  return piece.length >= 4 && /\d/.test(piece) && /[a-z]/.test(piece) && /[A-Z]/.test(piece);
}

/** A file name with a made-up piece, or a long run of hex or digits. */
export function madeUpName(name: string): boolean {
  const stem = name.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return stem.split(/[-_.\s]+/).some((piece) => madeUpPiece(piece) || /^(?:\d{6,}|[0-9a-f]{12,})$/i.test(piece));
}

// ---------------------------------------------------------------------------------------------------------------
// DLL side-loading

const SIDELOADING = /\bside[-\s]?load(?:s|ed|ing)?\b|\bDLL\s+(?:search[-\s]order\s+)?hijack/i;
const LOAD_VERB = /\b(?:side[-\s]?)?load(?:s|ed|ing)?\b/gi;
const PASSIVE_LOAD = /^\W{0,3}(?:(?:is|was|were|are|gets|got|being|then|later|subsequently)\s+){0,2}(?:side[-\s]?)?loaded\b([^\n]{0,80})/i;
// Libraries the loader takes from System32 whatever folder the program runs from (KnownDLLs): never side-loaded.
const KNOWN_DLLS = new Set(
  'ntdll kernel32 kernelbase user32 gdi32 advapi32 sechost rpcrt4 combase ole32 oleaut32 shell32 shlwapi msvcrt ws2_32 imm32 msctf setupapi crypt32 wldap32 normaliz nsi psapi difxapi clbcatq comdlg32 gdiplus imagehlp'
    .split(' ')
    .map((name) => `${name}.dll`),
);
// Words that make the library the legitimate one the malicious copy stands in for.
const LEGITIMATE_BEFORE = /\b(?:legitimate|genuine|benign|signed|original|real|clean)\s+(?:\w+\s+){0,2}$/i;

const DLLS = nameRegex('dll');
const EXES = nameRegex('exe');

function sideLoads(text: string): SideLoad[] {
  const out = new Map<string, SideLoad>();
  for (const { name, index } of found(text, DLLS)) {
    if (KNOWN_DLLS.has(name.toLowerCase())) continue;
    const { sentence, start, previous } = sentenceAt(text, index);
    const at = index - start;
    const stated = SIDELOADING.test(sentence) || SIDELOADING.test(previous);
    if (!stated) continue;
    // A list of libraries is what a program loads, not what the intruder planted.
    if (unique(found(sentence, DLLS).map((dll) => dll.name)).length > 3) continue;
    const before = sentence.slice(0, at);
    if (LEGITIMATE_BEFORE.test(before)) continue;
    const exes = found(sentence, EXES);
    const verbs = [...before.matchAll(LOAD_VERB)];
    let host: string | null = null;
    if (verbs.length > 0) {
      // `X.exe … loads Y.dll`: the program named last before the verb.
      const verbAt = verbs[verbs.length - 1]?.index ?? 0;
      host = exes.filter((exe) => exe.index < verbAt).pop()?.name ?? null;
    } else {
      // `Y.dll is side-loaded by X.exe`.
      const passive = PASSIVE_LOAD.exec(sentence.slice(at + name.length));
      if (!passive) continue;
      const by = /\bby\b[^\n]{0,60}/i.exec(passive[1] as string);
      host = by ? (found(by[0], EXES)[0]?.name ?? null) : null;
    }
    // Without its program, only a library the sentence itself calls side-loaded.
    if (!host && !SIDELOADING.test(sentence)) continue;
    out.set(`${host ?? ''}|${name}`.toLowerCase(), { host, library: name });
  }
  // A pair with its program says more than the library alone.
  const paired = new Set([...out.values()].filter((load) => load.host).map((load) => load.library.toLowerCase()));
  return [...out.values()].filter((load) => load.host || !paired.has(load.library.toLowerCase()));
}

// ---------------------------------------------------------------------------------------------------------------
// Kernel drivers

const SYSES = nameRegex('sys');
const DRIVER_CONTEXT = /\bdrivers?\b|\bkernel\b|\brootkit|\bBYOVD\b|\bvulnerable\b|\bEDR[- ]killer/i;
// System files that are no driver, and the drivers of Windows and of the security products an intruder targets (the
// defender's driver named in the text is what the intruder unloads or blinds, not what it brings).
const NOT_INTRUDER_DRIVERS = new Set(
  'pagefile hiberfil swapfile ntfs tcpip ndis fltmgr ci ksecdd cng acpi disk volmgr wdfilter wdboot wdnisdrv wdfilt mssecflt mssecwfp mssecelam sysmondrv sysmondrv64 csagent cbstream cyoptics cyprotectdrv sentinelmonitor sentinelelam sentinelelam64 epfw epfwwfp edevmon ehdrv eamonm klif klflt klbackupflt vsepflt hmpalert mbamswissarmy mbam mfehidk mfefirek sophosed savonaccess'
    .split(' ')
    .map((name) => `${name}.sys`),
);

function drivers(text: string): string[] {
  const names = found(text, SYSES).filter(({ name, index }) => {
    if (NOT_INTRUDER_DRIVERS.has(name.toLowerCase())) return false;
    const { left, right } = around(text, index, name.length, 150, 150);
    return DRIVER_CONTEXT.test(`${left} ${right}`);
  });
  return unique(names.map((entry) => entry.name));
}

// ---------------------------------------------------------------------------------------------------------------
// Ransom notes and encrypted-file extensions

const NOTES = nameRegex('txt|html?|hta|rtf');
const NOTE_WORDS = /ransom(?:ware)?[\s-]+(?:notes?|messages?|demands?)/i;
// `README.txt Ransom note`, `README.txt (ransom note)`, `README.txt - the ransom note`.
const NOTE_AFTER = new RegExp(`^["')]?\\s*(?:[-–—:|(,]\\s*)?(?:(?:the|a|its|as|is|was)\\s+){0,2}(?:${NOTE_WORDS.source})`, 'i');
// `a ransom note named README.txt`, `ransom note: README.txt`, `drops its ransom note, README.txt`.
const NOTE_BEFORE = new RegExp(
  `(?:${NOTE_WORDS.source})(?:\\s+(?:file(?:\\s*name)?s?|named|called|titled|is|was|as|dropped|written|left|in|each|every|folder|directory|with|the|name)){0,4}\\s*[:,(-]?\\s*["'(]?$`,
  'i',
);

function ransomNotes(text: string): string[] {
  const notes = found(text, NOTES).filter(({ name, index }) => {
    const { left, right } = around(text, index, name.length, 80, 60);
    return NOTE_AFTER.test(right) || NOTE_BEFORE.test(left);
  });
  return unique(notes.map((note) => note.name));
}

const EXTENSION = /(?<![\w.\\/-])(\.[A-Za-z0-9_]{2,15})(?![\w-]|\.[A-Za-z0-9])/g;
// `.locked Encrypted file extension`, `.locked (extension of encrypted files)`.
const EXTENSION_AFTER = /^["')]?\s*(?:[-–—:|(,]\s*)?(?:(?:the|an?|as|is|was)\s+)?(?:encrypted[\s-]+)?(?:files?[\s-]+)?extension\b/i;
// `appends the .locked extension`, `encrypted files get the extension .locked`, `renamed with .locked`.
const EXTENSION_BEFORE =
  /(?:\b(?:append|add)(?:s|ed|ing)?\s+(?:(?:the|an?|its)\s+)?(?:extension\s+)?|\bextension\s+(?:of\s+|is\s+|was\s+|:\s*)?|\brenam\w+\s+(?:\w+\s+){0,3}(?:with|to)\s+(?:the\s+)?(?:extension\s+)?|\bend(?:s|ing)?\s+(?:in|with)\s+)["'(]?$/i;
const ENCRYPTION_CONTEXT = /\bencrypt|\bransom/i;
// Extensions of ordinary files: what the encryption renames, never what it appends.
const ORDINARY = new Set(
  'txt exe dll sys bat cmd ps1 vbs js hta html htm doc docx xls xlsx ppt pptx pdf zip rar 7z gz tar iso img lnk msi dat tmp log csv json xml ini cfg jpg jpeg png gif bmp mp3 mp4 avi mov db sql bak vhd vhdx vmdk com net org io sh py jar apk app dmg pkg so elf bin key pem cer crt'
    .split(' ')
    .map((ext) => `.${ext}`),
);

function encryptedExtensions(text: string): string[] {
  const extensions = found(text, EXTENSION).filter(({ name, index }) => {
    if (ORDINARY.has(name.toLowerCase()) || /^\.\d+$/.test(name)) return false;
    const { left, right } = around(text, index, name.length, 120, 120);
    // A command's switch (`-ExclusionExtension ".x"`) is no statement about the encryption.
    if (/-\w*extension\s*["'\\]*$/i.test(left)) return false;
    if (!ENCRYPTION_CONTEXT.test(`${left} ${right}`)) return false;
    return EXTENSION_AFTER.test(right) || EXTENSION_BEFORE.test(left);
  });
  return unique(extensions.map((extension) => extension.name));
}

// ---------------------------------------------------------------------------------------------------------------
// Hashes of the intruder's programs

const HASH = /(?<![0-9a-f])(?:[0-9a-f]{64}|[0-9a-f]{40}|[0-9a-f]{32})(?![0-9a-f])/gi;
// Any run of 32 hex characters: most texts have none, and this scan costs well under half of HASH's.
const HEX_RUN = /[0-9a-fA-F]{32}/;
const ALGORITHM_OF: Readonly<Record<number, HashAlgorithm>> = { 64: 'SHA256', 40: 'SHA1', 32: 'MD5' };
const STRENGTH: readonly HashAlgorithm[] = ['SHA256', 'SHA1', 'MD5'];
// Any file name, so a hash is tied to the file of its own row (a script's hash is not the program's).
const ANY_FILE = nameRegex('[A-Za-z0-9]{1,12}');
const PROGRAM = /\.(?:exe|dll|sys)$/i;
// What may stand between a file name and its hashes in a row: labels, separators, the other hashes.
const ROW_FILLER = /^(?:\s|[|:=,;()[\]–—-]|\b(?:sha-?256|sha-?1|md5|hash(?:es)?|file(?:\s*name)?|name|value)\b)*$/i;
// A hex string that is a key or an identifier, not a file's hash.
const NOT_A_HASH_BEFORE = /\b(?:key|iv|token|secret|salt|guid|uuid|id|mutex)\b[^|\n]{0,30}$/i;

function hashes(text: string): FileHash[] {
  if (!HEX_RUN.test(text)) return [];
  const files = found(text, ANY_FILE).filter(({ name }) => !/^[0-9a-f]+\.[0-9a-f]+$/i.test(name));
  const byFile = new Map<string, FileHash>();
  for (const match of text.matchAll(HASH)) {
    const value = match[0];
    const index = match.index ?? 0;
    const algorithm = ALGORITHM_OF[value.length] as HashAlgorithm;
    const { left, right } = around(text, index, value.length, 60, 80);
    if (NOT_A_HASH_BEFORE.test(left) || /https?:\/\/\S*$/i.test(left) || /^[^\s]*\//.test(right)) continue;
    // The file before it in its row (`e.exe SHA256: …`, `x.dll md5 sha1 sha256`), else the one after it on its line
    // (`… (x.exe)`, `| … | x.exe |`).
    const previous = files.filter((file) => file.index + file.name.length <= index).pop();
    const between = previous ? text.slice(previous.index + previous.name.length, index).replace(HASH, ' ') : '';
    let file = previous && between.length <= 400 && ROW_FILLER.test(between) ? previous : undefined;
    if (!file) {
      const next = files.find((candidate) => candidate.index >= index + value.length);
      const gap = next ? text.slice(index + value.length, next.index) : '';
      if (next && !gap.includes('\n') && gap.length <= 60 && !HASH.test(gap)) file = next;
      HASH.lastIndex = 0;
    }
    if (!file || !PROGRAM.test(file.name)) continue;
    const key = file.name.toLowerCase();
    const held = byFile.get(key);
    if (held && STRENGTH.indexOf(held.algorithm) <= STRENGTH.indexOf(algorithm)) continue;
    byFile.set(key, { file: file.name, algorithm, value: value.toUpperCase() });
  }
  return [...byFile.values()];
}

// ---------------------------------------------------------------------------------------------------------------
// Files written at a full path

// A Windows path (drive or environment variable) or a Unix one in the folders an intruder writes to.
const WINDOWS_PATH = /(?<![\w\\])(?:[A-Za-z]:\\|%[A-Za-z_]+%\\)[^\s"'<>|*?,;]+/g;
const UNIX_PATH =
  /(?<![\w/.~-])(?:~|\/(?:tmp|var\/tmp|dev\/shm|etc|usr|opt|var|Users|home|root|Library|private|lib|run))\/[^\s"'<>|*?,;()]*/g;
// A verb that writes: the path after it is where the intruder's file landed.
// Prose forms only (`dropped`, `writes`): a bare `copy` or `save` is a command or an instruction in the article's code.
const WRITE_VERBS =
  '(?<![\\w-])(?:drop(?:s|ped)|writ(?:es|ten)|wrote|creat(?:es|ed)|sav(?:es|ed)|cop(?:ies|ied)|stag(?:es|ed)|plac(?:es|ed)|install(?:s|ed)|extract(?:s|ed)|unpack(?:s|ed)|stor(?:es|ed)|download(?:s|ed))\\b';
// `drops x.exe to C:\…`, `creates hidden directory ~/.x`: the verb, then its object or a preposition, then the path;
// no switch between them (`-o`, `/y`: the verb is then a word of a command line).
const WRITE_VERB = new RegExp(
  `${WRITE_VERBS}(?:(?:\\s+(?![-/])[\\w.-]+){0,3}|(?:(?!\\s[-/]\\w)[^.\\n]){0,50}\\b(?:to|at|in|into|under|inside|as))\\s+["'(]?$`,
  'i',
);
// A heading over a list of the files the intruder left.
const ARTIFACT_HEADING = /\b(?:artifacts?|artefacts?|dropped|files?\s+(?:written|created|dropped)|host[-\s]based|file\s*system)\b/i;
// Legitimate programs a command runs: stated as run, never as written.
const SYSTEM_FOLDER = /^(?:[A-Za-z]:|%systemroot%|%windir%)\\(?:windows\\(?:system32|syswow64)\\[^\\]+\.exe$)/i;

// Folders every machine has, with or without the user's profile in front.
const COMMON_FOLDER =
  /^(?:[A-Za-z]:|%\w+%)?(?:\\Users\\[^\\]+)?(?:\\(?:Windows(?:\\Temp|\\System32|\\SysWOW64)?|ProgramData|Users\\Public|Program Files(?: \(x86\))?|AppData(?:\\(?:Local|Roaming|LocalLow))?(?:\\Temp)?|Temp|Downloads|Desktop|Documents))?$|^(?:~|\/(?:home|Users)\/[^/]+|\/root)?(?:\/(?:tmp|var\/tmp|dev\/shm|etc|usr|usr\/bin|usr\/local|usr\/local\/bin|opt|var|Library|Applications|private\/tmp|home|Users))?$/i;

// Files that are persistence by where they are (a launch item, a systemd unit, a cron table, SSH's authorized keys):
// the malware writes them itself, so no command the article quotes keys them, and prose that says one was written
// names the intrusion's own file.
const PERSISTENCE_FILE =
  /\/Library\/Launch(?:Agents|Daemons)\/[^/]+\.plist$|\/(?:etc\/systemd\/system|\.config\/systemd\/user|lib\/systemd\/system)\/[^/]+\.(?:service|timer)$|^\/etc\/cron\.(?:d|hourly|daily)\/[^/]+$|^\/var\/spool\/cron\/(?:crontabs\/)?[^/]+$|\/\.ssh\/authorized_keys$/;

function listHeadingOf(text: string, lineStart: number): string | null {
  // The nearest line before the list that is not an item of it.
  const lines = text.slice(0, lineStart).split('\n').reverse();
  for (const line of lines) {
    if (line.trim() === '') continue;
    if (/^\s*(?:[-*+•]|\d+\.)\s/.test(line)) continue;
    return line;
  }
  return null;
}

function statedPaths(text: string): StatedPath[] {
  const out = new Map<string, StatedPath>();
  const add = (platform: StatedPath['platform'], raw: string, index: number) => {
    const lineStart = text.lastIndexOf('\n', index) + 1;
    const lineEnd = text.indexOf('\n', index) === -1 ? text.length : text.indexOf('\n', index);
    const line = text.slice(lineStart, lineEnd);
    const item = /^\s*(?:[-*+•]|\d+\.)\s+$/.test(text.slice(lineStart, index));
    let path = raw;
    // A list item's path runs to its description (`~/Library/Application Support/x — what it is`).
    if (item) path = (/^(.*?)(?:\s+[—–-]\s+|\s+\(|\s*$)/.exec(text.slice(index, lineEnd))?.[1] ?? raw).trim();
    path = path.replace(/[.)\]:]+$/, '');
    if (platform === 'windows') path = path.replace(/\\{2,}/g, '\\');
    const headed = item && ARTIFACT_HEADING.test(listHeadingOf(text, lineStart) ?? '');
    const written = WRITE_VERB.test(text.slice(Math.max(lineStart, index - 80), index));
    if (!headed && !written) return;
    const name = path.replace(/[\\/]+$/, '').replace(/^.*[\\/]/, '');
    // A wildcard or a variable stands for files the article did not name; a system program is run, not dropped.
    if (SYSTEM_FOLDER.test(path) || /[*?<>{}]|\$\{?\w/.test(path)) return;
    const folder =
      /[\\/]$/.test(path) ||
      /\b(?:director(?:y|ies)|folders?)\b[^.\n]{0,20}$/i.test(text.slice(Math.max(lineStart, index - 30), index)) ||
      /\((?:[\w\s]*)(?:director(?:y|ies)|folders?)\)/i.test(
        line.slice(index - lineStart + path.length, index - lineStart + path.length + 40),
      );
    // A name made up for the one run (`s.01M0td.dmg`) holds for no other intrusion.
    if (!folder && madeUpName(name)) return;
    // A folder every machine has (a temp folder, ProgramData) is no finding by itself.
    if (folder && COMMON_FOLDER.test(path.replace(/[\\/]+$/, ''))) return;
    // In running prose only a folder of the intruder's own: a file a sentence says was written is most often the
    // object of a command the article quotes (whose rules key it), while an artifact list names each file left.
    if (!headed && !folder && !PERSISTENCE_FILE.test(path)) return;
    out.set(path.replace(/[\\/]+$/, '').toLowerCase(), { platform, path, folder });
  };
  for (const match of text.matchAll(WINDOWS_PATH)) add('windows', match[0], match.index ?? 0);
  for (const match of text.matchAll(UNIX_PATH)) add('unix', match[0], match.index ?? 0);
  const paths = [...out.values()];
  // The files inside a folder the article lists are that folder's.
  const folders = paths.filter((path) => path.folder).map((path) => path.path.replace(/[\\/]*$/, '').toLowerCase());
  return paths.filter(
    (path) =>
      path.folder ||
      !folders.some((folder) => path.path.toLowerCase().startsWith(`${folder}/`) || path.path.toLowerCase().startsWith(`${folder}\\`)),
  );
}

/** The endpoint facts an article states (read once per text: the rules and their self-test read the same facts). */
export function proseFacts(content: string | undefined): ProseFacts {
  if (!content) return { sideLoads: [], drivers: [], ransomNotes: [], encryptedExtensions: [], hashes: [], paths: [] };
  return proseFactsOf(content);
}

const proseFactsOf = rememberingLast((content: string): ProseFacts => {
  const text = readable(content);
  const loads = sideLoads(text);
  // A side-loading program is the vendor's signed binary: its hash is every install's, not the intruder's; the
  // side-loaded library is keyed by the side-load rule already.
  const hosts = new Set(loads.flatMap((load) => [load.library.toLowerCase(), ...(load.host ? [load.host.toLowerCase()] : [])]));
  const facts: ProseFacts = {
    sideLoads: loads,
    drivers: drivers(text),
    ransomNotes: ransomNotes(text),
    encryptedExtensions: encryptedExtensions(text),
    hashes: hashes(text).filter((hash) => !hosts.has(hash.file.toLowerCase())),
    paths: statedPaths(text),
  };
  return facts;
});

// ---------------------------------------------------------------------------------------------------------------
// How telemetry records the facts: one place, for the rules' values and the synthetic events alike.

/** How a file-event rule keys a ransom note: its name, or the part before a per-victim piece (`!!Restore-My-file-`). */
export function noteSelection(note: string): { modifier: 'endswith' | 'contains'; value: string } {
  const stem = note.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const cut = /^(.*[-_.])([^-_.]+)$/.exec(stem);
  if (cut && madeUpPiece(cut[2] as string) && (cut[1] as string).length >= 6) return { modifier: 'contains', value: cut[1] as string };
  return { modifier: 'endswith', value: `\\${note}` };
}

// The account's profile as the folder table (program-writes.ts) expands it: what follows it holds on any machine.
const PROFILE = 'C:\\Users\\user';

/**
 * A stated path as a rule keys it: the drive and the user's profile (or home) cut off, so the value holds on any
 * machine; `home` says the value follows a profile or home folder. Null when nothing stable is left.
 */
export function recordedFile(stated: StatedPath): { value: string; home: boolean } | null {
  let value: string;
  let home: boolean;
  if (stated.platform === 'windows') {
    const path = stated.path.replace(/\//g, '\\');
    const variable = windowsFolderOf(path);
    const profile = /^[A-Za-z]:\\Users\\(?!Public\\)[^\\]+(\\.*)$/i.exec(path);
    if (variable) {
      const expanded = `${variable.folder}${path.slice(variable.variable.length)}`;
      const inProfile = expanded.toLowerCase() === PROFILE.toLowerCase() || expanded.toLowerCase().startsWith(`${PROFILE.toLowerCase()}\\`);
      [value, home] = inProfile ? [expanded.slice(PROFILE.length), true] : [expanded.slice(2), false];
    } else if (profile) [value, home] = [profile[1] as string, true];
    else if (/^[A-Za-z]:\\/.test(path)) [value, home] = [path.slice(2), false];
    else return null;
  } else {
    const inHome = /^(?:~|\/(?:home|Users)\/[^/]+|\/root)(\/.*)$/.exec(stated.path);
    [value, home] = inHome ? [inHome[1] as string, true] : [stated.path, false];
  }
  const separator = stated.platform === 'windows' ? '\\' : '/';
  value = value.replace(/[\\/]+$/, '');
  if (value.split(separator).filter(Boolean).length < (home ? 1 : 2) && !stated.folder) return null;
  if (value === '' || /%/.test(value)) return null;
  return { value: stated.folder ? `${value}${separator}` : value, home };
}

/** A full path telemetry would record for a stated path (a file inside it, for a folder). */
export function concretePath(stated: StatedPath): string | null {
  const recorded = recordedFile(stated);
  if (!recorded) return null;
  const windows = stated.platform === 'windows';
  const root = recorded.home ? (windows ? 'C:\\Users\\user' : '/home/user') : windows ? 'C:' : '';
  return `${root}${recorded.value}${stated.folder ? 'payload.bin' : ''}`;
}
