import { closingBracket, lex, type Dialect, type Operator, type Token, type Word } from './lex';
import {
  bareName,
  isCmdletName,
  POSIX_BUILTIN_NAMES,
  POWERSHELL_ALIAS_CMDLETS,
  PREFIX_OPTION_VALUES,
  PREFIX_WRAPPERS,
  SHELL_NAMES,
  SUBCOMMAND_DEPTH,
  SUBCOMMANDS,
} from './programs';
import { runOnCommands } from './run-on';
import { valueSwitches } from './switch-values';
import type { Building } from './building';
import { frozen, RecentResults } from './recent-results';

export type { Dialect, Operator, Word } from './lex';

/** A switch as written: `/v`, `-Name`, `--output`, `binPath=`; `value` is the word it takes. */
export interface Switch {
  /** The switch lower case, without an inline value: `/v`, `-name`, `--output`, `binpath=`. */
  readonly name: string;
  readonly word: Word;
  /** Its value: written inline (`--output=x`, `/node:host`, `-Name:x`, `start=auto`) or the next word when the switch takes one. */
  readonly value?: Word;
}

export interface Redirect {
  /** `>`, `>>`, `2>`, `2>&1`, `<`, `<<` (heredoc), ... */
  readonly operator: string;
  /** The file written or read, or a heredoc's body. */
  readonly target?: Word;
  readonly start: number;
  readonly end: number;
}

/** One simple command: a program and its arguments, one stage of a pipeline or list. */
export interface Invocation {
  /** The stage's text, and where it stands in the text given to parseCommandLine (see `inner`). */
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly dialect: Dialect;
  /** The operator that joins this stage to the one before it ('' for the first). */
  readonly joiner: Operator | '';
  /** `VAR=value` words before the program (a POSIX shell's environment, PowerShell's `$x =`). */
  readonly assignments: readonly Word[];
  /**
   * POSIX shell reserved words before the program (`then`, `do`, `else`, `if !`, `while`): they are no
   * program, the command after them is. A stage of reserved words only (`fi`, `done`, `for x in a b`) has none.
   */
  readonly keywords: readonly Word[];
  /** The program word as written (after `&` / `.` in PowerShell); null for a bare assignment. */
  readonly program: Word | null;
  /** The program's bare name: lower case, no directory, no `.exe` (`C:\x\Reg.EXE` is `reg`); PowerShell aliases stay as typed. */
  readonly name: string;
  /** Every argument after the program. */
  readonly args: readonly Word[];
  /** Leading words naming what the tool does (`add` for reg, `s3 cp` for aws, `advfirewall firewall add` for netsh). */
  readonly subcommands: readonly Word[];
  readonly switches: readonly Switch[];
  /** Arguments that are neither sub-commands, switches nor a switch's value. */
  readonly positionals: readonly Word[];
  readonly redirects: readonly Redirect[];
  /**
   * True when the program only hands a command on (`cmd /c`, `sh -c`, `sudo`, `nohup`, `start`, `call`,
   * `for … do`, a group): the processes are those of `inner`, not this program's.
   */
  readonly wraps: boolean;
  /**
   * What this stage runs: a wrapper's command (`cmd /c X`, `sh -c X`, `powershell -c X` or its decoded
   * `-EncodedCommand`, `sudo X`, `start X`, `for … do X`, `Start-Process X`, `wmic process call create X`),
   * a group's body, command substitutions (`$(…)`). Inner stages carry their offsets in the text given
   * when they are a plain slice of it; otherwise (unescaped or decoded text) the wrapper word's range.
   */
  readonly inner: readonly Invocation[];
}

export interface ParsedCommandLine {
  readonly text: string;
  readonly dialect: Dialect;
  /** The top-level stages, in order. */
  readonly invocations: readonly Invocation[];
  /** Comments in the text (`# note`, `REM note`, `:: note`, `<# … #>`). */
  readonly comments: ReadonlyArray<{ start: number; end: number; text: string }>;
}

export interface ParseOptions {
  /** The shell the line was typed in; guessed from the line when absent. */
  dialect?: Dialect;
  /** Hint for the guess: a line of a Windows article is read as cmd unless it is plainly PowerShell or POSIX. */
  platform?: 'windows' | 'unix';
  /** Added to every offset: where the line stands in a larger text. */
  offset?: number;
  /** Read the first stage only (with what it runs): the rest of the text is not a concern of the caller. */
  firstStage?: boolean;
  /**
   * The text may be running text or lines a page ran together: a stage ends where prose resumes, and a
   * command written on after it without an operator starts a stage of its own (joined by a line break).
   */
  runOn?: boolean;
}

const MAX_DEPTH = 6;

// Lines read lately, by options and text: an article's few dozen command lines are read hundreds of times.
// Longer texts (runs of a page's text read for command spans) are read once and are not kept.
const recentlyParsed = new RecentResults<ParsedCommandLine>(512);
const MAX_KEPT_TEXT = 2000;

/** What a line is read by: its text and every option that changes the reading. */
export function parseKey(text: string, options: ParseOptions): string {
  return `${options.dialect ?? ''}|${options.platform ?? ''}|${options.offset ?? 0}|${options.firstStage ? 1 : 0}|${options.runOn ? 1 : 0}|${text}`;
}

/**
 * Reads a command line as its shell would: stages joined by `|`, `&&`, `||`, `;`, `&` or line breaks, each
 * a program with sub-commands, switches, values and redirects, and what each wrapper runs in turn. The
 * result is frozen and may be the one an earlier call with the same text and options got.
 */
export function parseCommandLine(text: string, options: ParseOptions = {}): ParsedCommandLine {
  if (text.length > MAX_KEPT_TEXT) return frozen(readCommandLine(text, options));
  const key = parseKey(text, options);
  let parsed = recentlyParsed.get(key);
  if (!parsed) recentlyParsed.set(key, (parsed = frozen(readCommandLine(text, options))));
  return parsed;
}

/** Forgets the lines read so far (specs: to compare a kept reading with a fresh one). */
export function forgetParsedLines(): void {
  recentlyParsed.clear();
}

function readCommandLine(text: string, options: ParseOptions): ParsedCommandLine {
  const dialect = options.dialect ?? guessDialect(text, options.platform);
  const offset = options.offset ?? 0;
  const source = unwrapped(text);
  const tokens = lex(source, dialect, options.firstStage);
  return {
    text,
    dialect,
    invocations: stagesOf(source, tokens, dialect, { offset, exact: true, runOn: options.runOn }, 0),
    comments: tokens
      .filter((t): t is Extract<Token, { kind: 'comment' }> => t.kind === 'comment')
      .map(({ start, end, text: comment }) => ({ start: start + offset, end: end + offset, text: comment })),
  };
}

// A line break before a URL or a switch, or after a switch that takes the command to run or an operator that
// joins two commands, only wraps the line a page broke: no command starts with a URL or a switch.
const WRAPPED_BREAK =
  /\n(?=[ \t]*(?:[a-z][a-z0-9+.-]{1,9}:\/\/|--?[a-z]))|(?<=\s(?:-c|-command|-ec|-enc|-encodedcommand|\/c|\/k)[ \t]*)\n|(?<=(?:^|[^>])[&|][ \t]*)\n/gi;

/** The text with the line breaks that only wrap a command made spaces (offsets unchanged). */
function unwrapped(text: string): string {
  return text.includes('\n') ? text.replace(WRAPPED_BREAK, ' ') : text;
}

/** Every stage of the line, wrappers' inner commands included, depth first in order of appearance. */
export function allInvocations(parsed: ParsedCommandLine | readonly Invocation[]): Invocation[] {
  const out: Invocation[] = [];
  const visit = (list: readonly Invocation[]) => {
    for (const invocation of list) {
      out.push(invocation);
      visit(invocation.inner);
    }
  };
  visit('invocations' in parsed ? parsed.invocations : parsed);
  return out;
}

/** The shell a line was most likely typed in. */
export function guessDialect(text: string, platform?: 'windows' | 'unix'): Dialect {
  const first = /^\s*(?:[A-Za-z_]\w*=\S*\s+)*(?:&\s*)?["']?([^\s"']+)/.exec(text)?.[1] ?? '';
  const name = bareName(first);
  if (/^\$[\w:]+\s*=/.test(text.trim()) || isCmdletName(first) || name in POWERSHELL_ALIAS_CMDLETS) return 'powershell';
  if (/^(?:[A-Za-z]:\\|\\\\|%\w+%)/.test(first) || /\.(?:exe|com|bat|cmd)$/i.test(first)) return 'cmd';
  if (/^(?:\/|~\/|\.\/)/.test(first)) return 'posix';
  if (WINDOWS_ONLY.has(name)) return 'cmd';
  if (UNIX_ONLY.has(name)) return 'posix';
  // On a Unix article `/tmp` or `/opt` is a directory, not a switch.
  const switchSign = platform !== 'unix' && /(?:^|\s)\/[a-z?]{1,3}(?=\s|$)/i.test(text);
  const windowsSigns = switchSign || /[A-Za-z]:\\/.test(text) || /%\w+%|(?:^|\s)%%?\w\b/.test(text);
  if (windowsSigns) return 'cmd';
  if (POSIX_BUILTIN_NAMES.has(name)) return platform === 'windows' && /^(?:echo|set|type|cd)$/.test(name) ? 'cmd' : 'posix';
  if (/(?:^|\s)\$\{?\w+|\$\(|(?:^|\s)-{1,2}[a-z]/.test(text) && platform !== 'windows') return 'posix';
  return platform === 'windows' ? 'cmd' : 'posix';
}

const WINDOWS_ONLY = new Set(
  'cmd powershell pwsh reg sc schtasks wmic rundll32 regsvr32 mshta wscript cscript certutil bitsadmin net net1 msiexec vssadmin wevtutil bcdedit netsh icacls takeown attrib whoami ipconfig tasklist taskkill systeminfo nltest dsquery wbadmin fsutil cipher findstr xcopy robocopy forfiles pcalua conhost'.split(
    ' ',
  ),
);
const UNIX_ONLY = new Set(
  'sh bash zsh sudo chmod chown chattr crontab systemctl launchctl useradd usermod ls cat grep awk sed xargs nohup setsid pkill killall base64 openssl tar dd iptables insmod modprobe osascript defaults hdiutil xattr dscl security docker kubectl apt apt-get yum dnf apk'.split(
    ' ',
  ),
);

interface Placement {
  /** Offset of the parsed text in the top-level text. */
  offset: number;
  /** False when the text is not a plain slice of the top-level text: offsets fall back to `range`. */
  exact: boolean;
  range?: { start: number; end: number };
  /** Split run-on commands and cut prose (top-level stages only). */
  runOn?: boolean;
}

function stagesOf(text: string, tokens: Token[], dialect: Dialect, placement: Placement, depth: number): Invocation[] {
  const stages: Invocation[] = [];
  let current: Token[] = [];
  let joiner: Operator | '' = '';
  const flush = (next: Operator | '') => {
    let invocation: Invocation | null = null;
    for (const [index, part] of (placement.runOn ? runOnParts(current, dialect) : [current]).entries()) {
      invocation = part.length > 0 ? invocationOf(text, part, dialect, index === 0 ? joiner : '\n', placement, depth) : null;
      if (invocation) stages.push(invocation);
    }
    current = [];
    // A line break after `|`, `&&` or `\` continues; after a complete stage it separates.
    if (invocation || joiner === '' || next !== '\n') joiner = next;
  };
  for (const token of tokens) {
    if (token.kind === 'comment') continue;
    if (token.kind === 'operator') {
      if (token.operator === '\n' && current.length === 0) continue;
      flush(token.operator);
      continue;
    }
    current.push(token);
  }
  flush('');
  return stages;
}

/** The stage's tokens split where run-on commands start, prose cut out (see runOnCommands). */
function runOnParts(tokens: Token[], dialect: Dialect): Token[][] {
  const wordTokens = tokens.filter((t): t is Extract<Token, { kind: 'word' }> => t.kind === 'word');
  if (wordTokens.length < 3) return [tokens];
  return runOnCommands(
    wordTokens.map((t) => t.word),
    dialect,
  ).map(({ from, to }) => {
    const first = tokens.indexOf(wordTokens[from] as Token);
    const last = to < wordTokens.length ? tokens.indexOf(wordTokens[to] as Token) : tokens.length;
    return tokens.slice(first, last);
  });
}

function invocationOf(
  text: string,
  tokens: Token[],
  dialect: Dialect,
  joiner: Operator | '',
  placement: Placement,
  depth: number,
): Invocation | null {
  const words = tokens.filter((t): t is Extract<Token, { kind: 'word' }> => t.kind === 'word').map((t) => t.word);
  const redirects: Redirect[] = tokens
    .filter((t): t is Extract<Token, { kind: 'redirect' }> => t.kind === 'redirect')
    .map((t) => ({
      operator: t.operator,
      ...(t.target ? { target: place(t.target, placement) } : {}),
      ...span(t.start, t.end, placement),
    }));
  if (words.length === 0 && redirects.length === 0) return null;
  const first = tokens[0] as Token;
  const last = tokens[tokens.length - 1] as Token;
  const startAt = first.kind === 'word' ? first.word.start : first.start;
  const endAt = last.kind === 'word' ? last.word.end : last.end;

  let index = 0;
  const assignments: Word[] = [];
  const keywords: Word[] = [];
  if (dialect === 'powershell' && /^\$[\w:]+$/.test(words[0]?.raw ?? '') && /^[+-]?=$/.test(words[1]?.raw ?? '')) {
    assignments.push(words[0] as Word);
    index = 2;
  } else {
    for (let word = words[index]; word && dialect !== 'cmd'; word = words[index]) {
      if (dialect === 'posix' && POSIX_KEYWORD_PREFIXES.has(word.raw)) keywords.push(word);
      else if (/^[A-Za-z_]\w*=/.test(word.raw)) assignments.push(word);
      else break;
      index++;
    }
  }
  if (dialect === 'powershell' && (words[index]?.raw === '&' || words[index]?.raw === '.') && index + 1 < words.length) index++;
  if (dialect === 'cmd') cmdProgram(text, words, index);
  const noProgram = dialect === 'posix' && POSIX_KEYWORDS_WITHOUT_COMMAND.has(words[index]?.raw ?? '');
  if (noProgram) keywords.push(words[index++] as Word);
  const program = noProgram ? null : (words[index] ?? null);
  const args = words.slice(noProgram ? index : index + 1);
  const name = program ? programNameOf(program) : '';
  const { subcommands, switches, positionals } = program
    ? argumentsOf(name, args, dialect)
    : { subcommands: [], switches: [], positionals: [] };
  const stageText = text.slice(startAt, endAt);
  // One placed copy per word, so the same word is the same object in args, switches and positionals.
  const placed = new Map<Word, Word>();
  const at = (word: Word): Word => {
    let copy = placed.get(word);
    if (!copy) placed.set(word, (copy = place(word, placement)));
    return copy;
  };
  const invocation: Building<Invocation> = {
    text: stageText,
    ...span(startAt, endAt, placement),
    dialect,
    joiner,
    assignments: assignments.map(at),
    keywords: keywords.map(at),
    program: program ? at(program) : null,
    name,
    args: args.map(at),
    subcommands: subcommands.map(at),
    switches: switches.map((s) => ({
      name: s.name,
      word: at(s.word),
      ...(s.value ? { value: args.includes(s.value) ? at(s.value) : place(s.value, placement) } : {}),
    })),
    positionals: positionals.map(at),
    redirects,
    wraps: false,
    inner: [],
  };
  if (depth < MAX_DEPTH) {
    const found = innerOf(text, { program, args, assignments, name, switches, positionals, dialect, stageEnd: endAt }, placement, depth);
    invocation.inner = found.inner;
    invocation.wraps = found.wraps;
  }
  return invocation;
}

// An unquoted Windows path whose folders hold spaces (C:\Program Files\PostgreSQL\15\bin\psql.exe -U …,
// also from a share or a %VARIABLE%): cmd.exe runs it whole.
const WINDOWS_PATH_START = /^(?:[a-z]:\\|\\\\|%\w+%\\)/i;
const UNQUOTED_SPACED_PATH = /^(?:[a-z]:\\|\\\\|%\w+%\\)(?:[^\\"'\r\n]+\\)*[^\\"'\s]+\.(?:exe|com|bat|cmd|scr)(?=\s|$)/i;

/**
 * cmd.exe's reading of the program word, in place: `@` before it only keeps cmd from echoing the line
 * (`@pushd %TEMP%`), and an unquoted path with spaces that ends in a program is one word.
 */
function cmdProgram(text: string, words: Word[], index: number): void {
  const word = words[index];
  if (!word) return;
  if (/^@\S/.test(word.raw) && word.value.startsWith('@')) {
    words[index] = { raw: word.raw.slice(1), value: word.value.slice(1), start: word.start + 1, end: word.end };
    return;
  }
  if (word.raw !== word.value || !WINDOWS_PATH_START.test(word.raw) || /\.(?:exe|com|bat|cmd|scr)$/i.test(word.raw)) return;
  const path = UNQUOTED_SPACED_PATH.exec(text.slice(word.start))?.[0];
  if (!path) return;
  const end = word.start + path.length;
  const last = words.findIndex((w, i) => i > index && w.end === end && w.raw === w.value);
  if (last < 0) return;
  words.splice(index, last - index + 1, { raw: path, value: path, start: word.start, end });
}

function programNameOf(program: Word): string {
  const value = program.value.trim();
  if (/^[({]/.test(program.raw)) return '';
  return bareName(value);
}

function span(start: number, end: number, placement: Placement): { start: number; end: number } {
  if (placement.exact) return { start: start + placement.offset, end: end + placement.offset };
  return placement.range ?? { start: placement.offset, end: placement.offset };
}

function place(word: Word, placement: Placement): Word {
  return { ...word, ...span(word.start, word.end, placement) };
}

// ---------------------------------------------------------------------------------------------------
// Arguments

const CMD_SWITCH = /^\/[A-Za-z?][\w?.-]*(?::.*)?$/;
const DASH_SWITCH = /^--?[A-Za-z?][\w?.-]*(?:[=:].*)?$/;

function isSwitch(word: Word, dialect: Dialect, windowsTool: boolean): boolean {
  const raw = word.raw;
  if (DASH_SWITCH.test(raw)) return true;
  // `/v` is a switch for Windows tools; `/tmp/x` (two slashes) is a path everywhere.
  if ((dialect !== 'posix' || windowsTool) && CMD_SWITCH.test(raw) && !/^\/[^/:]*\//.test(raw)) return true;
  // sc.exe writes its options as `binPath= X`, `start= auto`.
  return windowsTool && /^[A-Za-z]+=$/.test(raw);
}

function argumentsOf(name: string, args: Word[], dialect: Dialect): { subcommands: Word[]; switches: Switch[]; positionals: Word[] } {
  const windowsTool = WINDOWS_ONLY.has(name) || dialect !== 'posix';
  // wmic's global switches (`/node:host`) and sc's server (`\\host`) come before the sub-command.
  let first = 0;
  while (
    first < args.length &&
    ((name === 'wmic' && /^\//.test((args[first] as Word).raw)) ||
      ((name === 'sc' || name === 'net') && /^\\\\/.test((args[first] as Word).raw)))
  )
    first++;
  const depth = SUBCOMMAND_DEPTH[name] ?? (SUBCOMMANDS[name]?.has((args[first]?.value ?? '').toLowerCase()) ? 1 : 0);
  const subcommands: Word[] = [];
  for (let i = first; subcommands.length < depth && i < args.length && /^[a-z][a-z0-9-]*$/i.test((args[i] as Word).raw); i++)
    subcommands.push(args[i] as Word);
  const switches: Switch[] = [];
  const positionals: Word[] = [];
  const takesValue = valueSwitches(name, dialect);
  // A wrapper's arguments after the one that starts its command belong to that command (`cmd /c ping -n 2`).
  const boundary = wrappedFrom(name, args, dialect);
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as Word;
    if (i >= first && i < first + subcommands.length) continue;
    if (i >= boundary || !isSwitch(word, dialect, windowsTool)) {
      positionals.push(word);
      continue;
    }
    const inline = /^(--?[\w?.-]+|\/[\w?.-]+)[=:](.+)$/.exec(word.raw) ?? /^([A-Za-z]+=)(.+)$/.exec(word.raw);
    if (inline) {
      const inlineName = inline[1] as string;
      const at = word.start + inlineName.length + 1;
      const value = inline[2] as string;
      switches.push({
        name: windowsTool ? inlineName.toLowerCase() : inlineName,
        word,
        value: { raw: value, value: unquote(value), start: at, end: word.end },
      });
      continue;
    }
    const switchName = windowsTool ? word.raw.toLowerCase() : word.raw;
    const next = args[i + 1];
    if (next && i + 1 < boundary && takesValue(switchName) && !isSwitch(next, dialect, windowsTool)) {
      switches.push({ name: switchName, word, value: next });
      i++;
    } else switches.push({ name: switchName, word });
  }
  return { subcommands, switches, positionals };
}

const unquote = (text: string) => text.replace(/^(["'])([\s\S]*)\1$/, '$2');

/** Index of the first argument of the command a shell or PowerShell runs (after `/c`, `-c`, `-Command`), or args.length. */
function wrappedFrom(name: string, args: Word[], dialect: Dialect): number {
  let at = -1;
  if (name === 'cmd') at = args.findIndex((a) => isCmdRun(a.raw));
  else if (name === 'powershell' || name === 'pwsh') at = args.findIndex((a) => /^-(?:c|co|com|comm|comma|comman|command)$/i.test(a.raw));
  else if (SHELL_NAMES.has(name) && dialect !== 'cmd') at = args.findIndex((a) => /^-[a-z]*c[a-z]*$/.test(a.raw));
  return at < 0 ? args.length : at + 1;
}

/** cmd.exe's switch that runs the rest of the line: `/c`, `/k`, `/s/c`, `/q /c`, `/v:on /c`. */
function isCmdRun(raw: string): boolean {
  return /^(?:\/[a-z](?::\w+)?)*\/[ck]$/i.test(raw);
}

// ---------------------------------------------------------------------------------------------------
// What a stage runs

interface Stage {
  program: Word | null;
  args: Word[];
  assignments: Word[];
  name: string;
  switches: Switch[];
  positionals: Word[];
  dialect: Dialect;
  stageEnd: number;
}

// Reserved words a command follows (`then curl …`, `while read l`, `! type x`; `time` is one in bash and zsh)
// and those no command follows on their stage (`fi`, `done`, `esac`, a `for`/`case`/`select` header).
const POSIX_KEYWORD_PREFIXES: ReadonlySet<string> = new Set(['if', 'then', 'else', 'elif', 'do', 'while', 'until', '!', 'time']);
const POSIX_KEYWORDS_WITHOUT_COMMAND: ReadonlySet<string> = new Set(['fi', 'done', 'esac', 'for', 'case', 'select', '}']);
const POWERSHELL_VALUE_SWITCHES =
  /^-(?:w|wi|win|window|windowstyle|ep|ex|exec|executionpolicy|f|file|v|version|inputformat|if|outputformat|of|configurationname|psconsolefile|workingdirectory|wd|settingsfile)$/i;

// A program's path cmd.exe is handed quoted because of its blanks (`cmd /C "C:\Program Files\x\y.exe" -a`): the
// arguments after it are the program's, not text after a quoted command.
const QUOTED_PROGRAM_PATH = /^(?:[a-z]:\\|\\\\|%\w+%\\)[^"&|<>]*\.(?:exe|com|bat|cmd|scr)$/i;

function innerOf(text: string, stage: Stage, placement: Placement, depth: number): { inner: Invocation[]; wraps: boolean } {
  const inner: Invocation[] = [];
  let wraps = false;
  const { program, args, name, dialect } = stage;
  const fromRest = (index: number, innerDialect: Dialect, handsOn = true) => {
    const from = args[index];
    if (!from) return;
    wraps = handsOn;
    // One quoted word holding a whole command (`cmd /c "a & b"`, `sh -c 'x | y'`) is that command, whatever
    // text follows it; a quoted program path (`cmd /c "C:\Program Files\x.exe" -y`) is followed by its arguments.
    const quotedProgram = innerDialect === 'cmd' && index < args.length - 1 && QUOTED_PROGRAM_PATH.test(from.value.trim());
    if (from.raw !== from.value && !quotedProgram && (index === args.length - 1 || /\s/.test(from.value.trim())))
      inner.push(...parseWord(from, innerDialect, placement, depth));
    else if (handsOn) inner.push(...parseSlice(text.slice(from.start, stage.stageEnd), from.start, innerDialect, placement, depth));
    else {
      // PowerShell joins the arguments it was given, as its host split them, into the command it runs.
      const words = args.slice(index);
      const last = words[words.length - 1] as Word;
      if (words.every((w) => w.raw === w.value))
        inner.push(...parseSlice(text.slice(from.start, last.end), from.start, innerDialect, placement, depth));
      else inner.push(...parseText(words.map((w) => w.value).join(' '), innerDialect, { ...span(from.start, last.end, placement) }, depth));
    }
  };
  if (program && /^[({]/.test(program.raw)) {
    // A group runs what it encloses: `( cd /tmp; wget … )`, `{ a; b; }`. A bracket closed before the word ends
    // is an expression (`(New-Object Net.WebClient).DownloadString(…)`), which starts no program.
    if (closingBracket(program.raw, 0, dialect) !== program.raw.length - 1) return { inner, wraps: false };
    const body = program.raw.slice(1, -1);
    inner.push(...parseSlice(body, program.start + 1, dialect, placement, depth));
    wraps = true;
  } else if (name === 'cmd') {
    const run = args.findIndex((a) => isCmdRun(a.raw));
    if (run >= 0) fromRest(run + 1, 'cmd');
  } else if (name === 'powershell' || name === 'pwsh' || name === 'powershell_ise') {
    powershellInner(text, stage, placement, depth, inner, fromRest);
  } else if (SHELL_NAMES.has(name)) {
    const run = args.findIndex((a) => /^-[a-z]*c[a-z]*$/.test(a.raw));
    const command = args[run + 1];
    // Logs drop the quotes around `sh -c`'s command (`/bin/sh -c curl -fsSL http://…`): unquoted words after it are its arguments.
    const logged = command && args.slice(run + 1).every((w) => w.raw === w.value) && text.slice(command.end, stage.stageEnd).trim() !== '';
    if (run >= 0 && command && logged) fromRest(run + 1, 'posix');
    else if (run >= 0 && command) {
      inner.push(...parseWord(command, 'posix', placement, depth));
      wraps = true;
    }
  } else if (PREFIX_WRAPPERS.has(name)) {
    const values = PREFIX_OPTION_VALUES[name];
    let i = 0;
    if (name === 'command' && /^-[vV]$/.test(args[0]?.raw ?? '')) i = args.length;
    while (i < args.length) {
      const raw = (args[i] as Word).raw;
      if (/^-/.test(raw)) {
        i += values?.has(raw) ? 2 : 1;
        if (raw === '--') break;
        continue;
      }
      if (name === 'env' && /^[A-Za-z_]\w*=/.test(raw)) i++;
      else if ((name === 'timeout' && /^\d/.test(raw)) || ((name === 'chroot' || name === 'nsenter') && i === 0 && /^\//.test(raw))) i++;
      else break;
    }
    if (i < args.length) fromRest(i, dialect);
  } else if (dialect !== 'posix' && name === 'start') {
    // `start ["title"] [/b] [/d dir] … program`: the first quoted word among the options is the window's title.
    let i = 0;
    let titled = false;
    const title = (word: Word) => !titled && /^"/.test(word.raw) && args.length > i + 1;
    while (i < args.length && (/^\//.test((args[i] as Word).raw) || title(args[i] as Word))) {
      if (/^"/.test((args[i] as Word).raw)) titled = true;
      i += /^\/d$/i.test((args[i] as Word).raw) ? 2 : 1;
    }
    if (i < args.length) fromRest(i, 'cmd');
  } else if (name === 'call' && dialect === 'cmd') {
    fromRest(0, 'cmd');
  } else if (name === 'for' && dialect === 'cmd') {
    inner.push(...forSource(args, placement, depth));
    const doAt = args.findIndex((a) => /^do$/i.test(a.raw));
    if (doAt >= 0) fromRest(doAt + 1, 'cmd');
    else if (inner.length > 0) wraps = true;
  } else if (name === 'start-process' || name === 'saps' || (name === 'start' && dialect === 'powershell')) {
    wraps = startProcessInner(stage, placement, depth, inner);
  } else if (name === 'invoke-expression' || name === 'iex') {
    const command = stage.switches.find((s) => s.name === '-command')?.value ?? stage.positionals[0];
    if (command && command.raw !== command.value) inner.push(...parseWord(command, 'powershell', placement, depth));
  } else if (name === 'wmic') {
    const create = args.findIndex((a, i) => /^create$/i.test(a.raw) && /^call$/i.test(args[i - 1]?.raw ?? ''));
    if (create >= 0 && args[create + 1]) inner.push(...parseWord(args[create + 1] as Word, 'cmd', placement, depth));
  }
  const handedOn = inner.length;
  // Command substitutions and bracketed expressions inside the arguments run too: `$(curl …)`, `(iwr x)`.
  for (const word of [...stage.assignments, ...args]) {
    for (const sub of substitutions(word.raw, dialect))
      inner.push(...parseSlice(sub.text, word.start + sub.offset, dialect, placement, depth));
  }
  return { inner, wraps: wraps && handedOn > 0 };
}

function powershellInner(
  text: string,
  stage: Stage,
  placement: Placement,
  depth: number,
  inner: Invocation[],
  fromRest: (index: number, dialect: Dialect, handsOn?: boolean) => void,
): void {
  const { args } = stage;
  for (let i = 0; i < args.length; i++) {
    const raw = (args[i] as Word).raw;
    if (/^-(?:c|co|com|comm|comma|comman|command)$/i.test(raw)) {
      fromRest(i + 1, 'powershell', false);
      return;
    }
    if (/^-(?:e|ec|en|enc|enco|encod|encode|encoded|encodedc\w*)$/i.test(raw)) {
      const decoded = decodeEncodedCommand(args[i + 1]?.value ?? '');
      if (decoded) inner.push(...parseText(decoded, 'powershell', rangeOf(args[i + 1] as Word, placement), depth));
      return;
    }
    if (POWERSHELL_VALUE_SWITCHES.test(raw)) {
      if (/^-f(?:ile)?$/i.test(raw)) return; // a script file: its content is not on the line
      i++;
      continue;
    }
    if (/^-/.test(raw)) continue;
    // Windows PowerShell reads the first positional argument as -Command.
    if (!/\.ps1["']?$/i.test(raw)) fromRest(i, 'powershell', false);
    return;
  }
  void text;
}

/** `Start-Process X -ArgumentList Y` starts X: true when it names a program the line states. */
/** `for /f … in ('finger user@host') do …`: cmd.exe runs the quoted command (back-quoted with usebackq) before the body. */
function forSource(args: Word[], placement: Placement, depth: number): Invocation[] {
  const at = args.findIndex((a) => /^in$/i.test(a.raw));
  const set = at >= 0 ? args[at + 1] : undefined;
  const source = set ? /^\(\s*(['`])([\s\S]+)\1\s*\)$/.exec(set.raw) : null;
  if (!set || !source) return [];
  return parseSlice(source[2] as string, set.start + set.raw.indexOf(source[1] as string) + 1, 'cmd', placement, depth);
}

function startProcessInner(stage: Stage, placement: Placement, depth: number, inner: Invocation[]): boolean {
  const named = (...names: string[]) => stage.switches.find((s) => names.includes(s.name))?.value;
  const file = named('-filepath', '-file', '-path') ?? stage.positionals[0];
  if (!file || /^\$/.test(file.raw)) return false;
  const list =
    named('-argumentlist', '-args', '-arguments') ?? (named('-filepath', '-file', '-path') ? stage.positionals[0] : stage.positionals[1]);
  const argumentText = list
    ? list.value
        .replace(/^@\(|\)$/g, '')
        .replace(/["']\s*,\s*["']/g, ' ')
        .replace(/^["']|["']$/g, '')
    : '';
  const program = /\s/.test(file.value) ? `"${file.value}"` : file.value;
  inner.push(...parseText(`${program}${argumentText ? ` ${argumentText}` : ''}`, 'cmd', rangeOf(file, placement), depth));
  return false;
}

/** `$(…)`, backticks and PowerShell's `(…)` inside a word: the commands they run, with their offset in the word. */
function substitutions(raw: string, dialect: Dialect): Array<{ text: string; offset: number }> {
  const out: Array<{ text: string; offset: number }> = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    const dollar = c === '$' && raw[i + 1] === '(' && raw[i + 2] !== '(';
    const paren = dialect === 'powershell' && c === '(' && (i === 0 || !/[\w)\]]/.test(raw[i - 1] ?? ''));
    if (dollar || paren) {
      const open = dollar ? i + 1 : i;
      const close = closingBracket(raw, open, dialect);
      if (close > open) {
        out.push({ text: raw.slice(open + 1, close), offset: open + 1 });
        i = close;
      }
    } else if (c === '`' && dialect === 'posix') {
      const close = raw.indexOf('`', i + 1);
      if (close > i) {
        out.push({ text: raw.slice(i + 1, close), offset: i + 1 });
        i = close;
      }
    }
  }
  return out;
}

function parseSlice(slice: string, at: number, dialect: Dialect, placement: Placement, depth: number): Invocation[] {
  const nested: Placement = placement.exact ? { offset: placement.offset + at, exact: true } : { ...placement, runOn: false };
  return stagesOf(slice, lex(slice, dialect), dialect, nested, depth + 1);
}

/** A quoted word's content as a command line of its own (`cmd /c "…"`, `sh -c '…'`). */
function parseWord(word: Word, dialect: Dialect, placement: Placement, depth: number): Invocation[] {
  const plain = word.raw.length === word.value.length + 2 && word.raw.slice(1, -1) === word.value;
  if (plain) return parseSlice(word.value, word.start + 1, dialect, placement, depth);
  return parseText(word.value, dialect, rangeOf(word, placement), depth);
}

function parseText(text: string, dialect: Dialect, range: { start: number; end: number }, depth: number): Invocation[] {
  return stagesOf(text, lex(text, dialect), dialect, { offset: range.start, exact: false, range }, depth + 1);
}

function rangeOf(word: Word, placement: Placement): { start: number; end: number } {
  return span(word.start, word.end, placement);
}

/** The script of `powershell -EncodedCommand <base64>` (UTF-16LE), or null when it does not decode to text. */
export function decodeEncodedCommand(encoded: string): string | null {
  const clean = encoded.replace(/^["']|["']$/g, '');
  if (!/^[A-Za-z0-9+/]{8,}={0,2}$/.test(clean)) return null;
  const bytes = atob(clean);
  if (bytes.length < 4 || bytes.length % 2 !== 0) return null;
  let text = '';
  for (let i = 0; i < bytes.length; i += 2) text += String.fromCharCode(bytes.charCodeAt(i) | (bytes.charCodeAt(i + 1) << 8));
  return /^[\t\n\r\x20-\x7e\u00a0-\u024f]+$/.test(text) ? text : null;
}
