/**
 * Which program a command line really runs. Articles quote what was typed (`cmd /c start /b curl …`,
 * `for /f … do call …`, `cd /tmp && wget …`), but process telemetry records each program with its
 * own command line: a rule's Image must be the program that ran, never a shell built-in.
 */

export interface ProgramRun {
  /** The program's file name as the process image ends (`curl.exe`, `wget`). */
  image: string;
  /** The command line that program was started with. */
  commandLine: string;
  /** A PowerShell cmdlet or alias: it runs inside powershell.exe, whose command line carries it. */
  viaPowerShell: boolean;
}

// Commands that exist only inside cmd.exe or a POSIX shell: never a process image.
const CMD_BUILTINS = new Set([
  'for',
  'call',
  'start',
  'set',
  'setlocal',
  'endlocal',
  'echo',
  'if',
  'cd',
  'chdir',
  'pushd',
  'popd',
  'copy',
  'del',
  'erase',
  'dir',
  'type',
  'move',
  'ren',
  'rename',
  'mkdir',
  'md',
  'rmdir',
  'rd',
  'cls',
  'exit',
  'goto',
  'title',
  'ver',
  'vol',
  'mklink',
  'assoc',
  'ftype',
  'path',
  'prompt',
  'shift',
  'break',
  'color',
  'pause',
  'rem',
]);
const POSIX_BUILTINS = new Set([
  'cd',
  'echo',
  'export',
  'source',
  '.',
  'eval',
  'exec',
  'alias',
  'unset',
  'set',
  'read',
  'printf',
  'test',
  '[',
  'true',
  'false',
  'umask',
  'ulimit',
  'trap',
  'wait',
  'exit',
  'return',
  'shift',
  'history',
  'type',
  'hash',
  'builtin',
  'command',
  'declare',
  'local',
]);
// Prefixes that run the rest of the line as another program.
const POSIX_PREFIXES = new Set(['sudo', 'nohup', 'env', 'time', 'nice', 'ionice', 'setsid', 'timeout', 'stdbuf', 'doas']);
// Aliases that are only PowerShell's: `sc`, `curl`, `wget` are also real programs and stay programs.
const POWERSHELL_ALIASES = new Set(['iex', 'irm', 'iwr', 'icm', 'saps', 'sal', 'gci', 'ni', 'rni']);
const SHELLS = new Set(['cmd', 'sh', 'bash', 'zsh', 'dash', 'ksh']);
const WINDOWS_EXTENSIONS = /\.(exe|com|bat|cmd|scr|ps1|vbs|js|hta|msc|cpl)$/i;

// Characters no program's file name has: brackets, quotes, variables, operators.
const NOT_A_FILE_NAME = /[()[\]{}"'`$<>|;&=^!%*?,:]/;

const unquote = (text: string) =>
  text
    .trim()
    .replace(/^(["'])([\s\S]*)\1$/, '$2')
    .trim();
const fileName = (program: string) => unquote(program).split(/[\\/]/).pop() ?? program;
/** A program's name as its image ends, lower case, without `.exe`: `C:\\Tools\\Curl.EXE` is `curl`. */
export const bareName = (program: string) =>
  fileName(program)
    .toLowerCase()
    .replace(/\.exe$/, '');

// A line that goes on with a URL or a switch was wrapped by the publisher: no command starts with one.
const WRAPPED = /[ \t]*(?:[a-z][a-z0-9+.-]{1,9}:\/\/|--?[a-z])/iy;
// A switch whose value is the command to run (`powershell -c`, `cmd /c`): the line goes on with that command.
const TAKES_COMMAND = /\s(?:-c|-command|-ec|-enc|-encodedcommand|\/c|\/k)[ \t]*$/i;

/** True when the line break at `index` only wraps the command the line before began. */
function wrapsLine(commandLine: string, index: number, before: string): boolean {
  WRAPPED.lastIndex = index + 1;
  return WRAPPED.test(commandLine) || TAKES_COMMAND.test(before);
}

const OPENERS: Record<string, string> = { '(': ')', '{': '}' };
const CLOSERS = new Set([')', '}']);

/**
 * True when the brackets outside quotes pair up (`(Get-Item x | Out-String)`, `{ … | … }`,
 * `$(curl …)`), so they can be trusted to mark nesting. A line copied with half a bracket (prose around
 * it, a truncated quote) is split as if it had none.
 */
function bracketsBalance(text: string): boolean {
  const stack: string[] = [];
  let quote: string | null = null;
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (OPENERS[ch]) stack.push(OPENERS[ch] as string);
    else if (CLOSERS.has(ch) && stack.pop() !== ch) return false;
  }
  return stack.length === 0 && quote === null;
}

/** The index of the bracket closing the one at `open`, outside quotes; -1 when none. */
function closingBracket(text: string, open: number): number {
  const stack: string[] = [];
  let quote: string | null = null;
  for (let i = open; i < text.length; i++) {
    const ch = text[i] as string;
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (OPENERS[ch]) stack.push(OPENERS[ch] as string);
    else if (CLOSERS.has(ch)) {
      if (stack.pop() !== ch) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

/**
 * Splits at `&&`, `||`, `;`, `|`, a lone `&` and a line break outside quotes and outside brackets: each
 * part starts a program of its own. A pipe inside parentheses or a script block (`(Get-Content a |
 * Out-String)`, `{ $_ | Out-File b }`) belongs to the code around it, and a caret-escaped operator (`^|`)
 * is cmd's literal character. A line break before a URL or a switch, or after a switch that takes the
 * command to run, only wraps the line.
 */
export function commandSegments(commandLine: string): string[] {
  const segments: string[] = [];
  const nested = bracketsBalance(commandLine);
  let depth = 0;
  let quote: string | null = null;
  let current = '';
  for (let i = 0; i < commandLine.length; i++) {
    const ch = commandLine[i] as string;
    if (quote) {
      if (ch === quote) quote = null;
      current += ch;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      current += ch;
      continue;
    }
    if (ch === '^' && /[|&;<>()]/.test(commandLine[i + 1] ?? '')) {
      current += ch + (commandLine[i + 1] as string);
      i++;
      continue;
    }
    if (nested && OPENERS[ch]) depth++;
    if (nested && CLOSERS.has(ch)) depth = Math.max(0, depth - 1);
    if (depth > 0) {
      current += ch;
      continue;
    }
    if (ch === '\n' && wrapsLine(commandLine, i, current)) {
      current += ' ';
      continue;
    }
    if (ch === ';' || ch === '|' || ch === '&' || ch === '\n') {
      if (current.trim()) segments.push(current.trim());
      current = '';
      if ((ch === '&' || ch === '|') && commandLine[i + 1] === ch) i++;
      continue;
    }
    current += ch;
  }
  if (current.trim()) segments.push(current.trim());
  return segments;
}

/** A Windows command as cmd.exe hands it on: carets outside quotes are escapes and go (`p^o^w^e^r^s^h^e^l^l`, `^^` is `^`). */
export function withoutCarets(commandLine: string): string {
  if (!commandLine.includes('^')) return commandLine;
  let quoted = false;
  let out = '';
  for (let i = 0; i < commandLine.length; i++) {
    const ch = commandLine[i] as string;
    if (ch === '"') quoted = !quoted;
    if (ch === '^' && !quoted) {
      i++;
      out += commandLine[i] ?? '';
      continue;
    }
    out += ch;
  }
  return out;
}

const firstToken = (text: string): string => /^"[^"]*"|^'[^']*'|^\S+/.exec(text.trim())?.[0] ?? '';
const afterFirst = (text: string): string => text.trim().slice(firstToken(text).length).trim();

/** The command a wrapper runs (`cmd /c X`, `start "" X`, `call X`, `for … do X`, `sh -c "X"`, `sudo X`), or null. */
function unwrap(segment: string, windows: boolean): string | null {
  // A group (`(a & b)`, `( cd /tmp; wget … )`, `{ a; b; }`) runs what it encloses.
  if (OPENERS[segment[0] ?? ''] && closingBracket(segment, 0) === segment.length - 1) return segment.slice(1, -1).trim() || null;
  // `TOKEN=$(curl …)` runs curl; `LANG=C wget …` runs wget with one more variable set.
  const assignment = windows ? null : /^[A-Za-z_]\w*=/.exec(segment);
  if (assignment) {
    const value = segment.slice(assignment[0].length);
    if (value.startsWith('$(')) {
      const close = closingBracket(value, 1);
      return close > 0 ? value.slice(2, close).trim() || null : null;
    }
    return afterFirst(value) || null;
  }
  const program = bareName(firstToken(segment));
  const rest = afterFirst(segment);
  if (program === 'cmd') {
    const run = /(?:^|\s)\/(?:[a-z]\S*?)?[ck](?=\s)/i.exec(` ${rest}`);
    return run ? unquote(` ${rest}`.slice(run.index + run[0].length)) : null;
  }
  if (program === 'start') {
    let tail = rest;
    while (/^(?:"[^"]*"|\/\w+)(?=\s)/.test(tail)) tail = afterFirst(tail);
    return tail || null;
  }
  if (program === 'call') return rest || null;
  if (program === 'for') {
    // `for /f … in ('finger user@host') do call %h`: cmd.exe runs the quoted command first, then the body.
    const source = /\sin\s*\(\s*(['`])([\s\S]+?)\1\s*\)\s*do\s/i.exec(segment)?.[2];
    const body = /\sdo\s+\(?([\s\S]+?)\)?\s*$/i.exec(segment)?.[1] ?? null;
    return source ? `${source}\n${body ?? ''}` : body;
  }
  if (SHELLS.has(program) && /^-\w*c\s/.test(rest)) return unquote(afterFirst(rest));
  if (POSIX_PREFIXES.has(program)) {
    let tail = rest;
    while (/^-/.test(tail) || /^\w+=\S*/.test(tail)) tail = afterFirst(tail);
    return tail || null;
  }
  return null;
}

// An unquoted Windows path whose folders hold spaces (C:\Program Files\PostgreSQL\15\bin\psql.exe -U …): cmd.exe runs it whole.
const UNQUOTED_SPACED_PATH = /^[a-z]:\\(?:[^\\"'\r\n]+\\)*[^\\"'\s]+\.(?:exe|com|bat|cmd)(?=\s|$)/i;

/** A Windows command's program: its first token, or an unquoted path with spaces that ends in a program. */
function windowsProgramToken(segment: string): string {
  const token = firstToken(segment);
  if (/\.(?:exe|com|bat|cmd)$/i.test(token)) return token;
  return UNQUOTED_SPACED_PATH.exec(segment.trim())?.[0] ?? token;
}

/**
 * The programs a command line runs, outermost wrappers removed, in order. A segment that only runs
 * a built-in gives none; a PowerShell cmdlet gives powershell.exe with the segment as its command line.
 */
export function programRuns(commandLine: string, windows: boolean): ProgramRun[] {
  const runs: ProgramRun[] = [];
  const visit = (text: string, depth: number): void => {
    for (const typed of commandSegments(text)) {
      // `@` only keeps cmd.exe from echoing the line (`@pushd %TEMP%`): the command is what follows it.
      const segment = windows ? withoutCarets(typed).replace(/^@(?=\S)/, '') : typed;
      const inner = depth < 6 ? unwrap(segment, windows) : null;
      if (inner) {
        visit(inner, depth + 1);
        continue;
      }
      const token = windows ? windowsProgramToken(segment) : firstToken(segment);
      const name = bareName(token);
      if (!name || name.startsWith('%') || name.startsWith('$')) continue;
      if (
        windows &&
        (/^[a-z]+-[a-z]+$/i.test(name) || POWERSHELL_ALIASES.has(name)) &&
        !/[\\/]/.test(token) &&
        !WINDOWS_EXTENSIONS.test(token)
      ) {
        runs.push({ image: 'powershell.exe', commandLine: segment, viaPowerShell: true });
        continue;
      }
      if ((windows ? CMD_BUILTINS : POSIX_BUILTINS).has(name) && !/[\\/]/.test(token)) continue;
      const file = fileName(token);
      // What is left is code, not a program (`(New-Object Net.WebClient)`, `Out-String)`, `$x`): no process has that image.
      if (!file || NOT_A_FILE_NAME.test(file)) continue;
      // Extractors add .exe to names like curl that are programs on every platform; Unix images have none.
      const image = windows ? (/\.[a-z0-9]{2,4}$/i.test(file) ? file : `${file}.exe`) : file.replace(/\.exe$/i, '');
      runs.push({ image, commandLine: segment, viaPowerShell: false });
    }
  };
  visit(commandLine, 0);
  return runs;
}

/** True for a name that is a shell built-in, not a program (`for`, `call`, `echo`, `cd`). */
export function isShellBuiltin(name: string): boolean {
  const bare = bareName(name);
  return CMD_BUILTINS.has(bare) || POSIX_BUILTINS.has(bare);
}
