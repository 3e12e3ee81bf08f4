import { guessDialect, lex, scriptBlockCode, type Token } from '@huntforge/observables';

/**
 * The files a program is told to write by its own command line: `curl -o`, `wget -O`, `-OutFile`, `certutil -urlcache …
 * <url> <file>`, `bitsadmin /transfer … <url> <file>`, `.DownloadFile('<url>', '<file>')`, `certutil -decode`, `reg save`,
 * an archive `7z a` / `rar a` / `Compress-Archive` creates, `tee`, and a copy or move (`copy`, `xcopy`, `move`, `cp`, `mv`,
 * `Copy-Item`, `Move-Item`) into a path or a folder. One reading for both sides: the synthetic telemetry a rule is tested
 * on (evaluate/command-io-effects.ts writes Sysmon 11 for each) and the file-event rules keyed on them (dropped-files.ts).
 */
export interface WrittenPaths {
  /** The paths the program itself writes, as written on the line. */
  program: string[];
  /** The paths its shell writes for it (an output redirection). */
  shell: string[];
}

// Where Windows expands the folders a command or an article names through a variable (Sysmon records the expanded
// path), for the account `user`. One table for command lines and prose (prose-facts.ts reads it too).
const WINDOWS_FOLDERS: ReadonlyArray<[RegExp, string]> = [
  [/^(?:%TEMP%|%TMP%|\$env:TEMP|\$env:TMP)/i, 'C:\\Users\\user\\AppData\\Local\\Temp'],
  [/^(?:%LOCALAPPDATA%|\$env:LOCALAPPDATA)/i, 'C:\\Users\\user\\AppData\\Local'],
  [/^(?:%APPDATA%|\$env:APPDATA)/i, 'C:\\Users\\user\\AppData\\Roaming'],
  [/^(?:%USERPROFILE%|%HOMEPATH%|\$env:USERPROFILE|~)/i, 'C:\\Users\\user'],
  [/^(?:%PROGRAMDATA%|%ALLUSERSPROFILE%|\$env:PROGRAMDATA)/i, 'C:\\ProgramData'],
  [/^(?:%PUBLIC%|\$env:PUBLIC)/i, 'C:\\Users\\Public'],
  [/^(?:%WINDIR%|%SYSTEMROOT%|\$env:WINDIR|\$env:SYSTEMROOT)/i, 'C:\\Windows'],
  [/^(?:%PROGRAMFILES%|\$env:PROGRAMFILES)/i, 'C:\\Program Files'],
];

/** A text with every folder variable it names (`%APPDATA%\\x.exe`, `$env:TEMP`) as Windows expands it. */
export function withWindowsFoldersExpanded(text: string): string {
  return WINDOWS_FOLDERS.reduce(
    (expanded, [pattern, folder]) => expanded.replace(new RegExp(pattern.source.replace(/^\^/, ''), 'gi'), folder),
    text,
  );
}

/** The folder variable a path starts with (`%APPDATA%`) and the folder Windows expands it to, or null. */
export function windowsFolderOf(path: string): { variable: string; folder: string } | null {
  for (const [pattern, folder] of WINDOWS_FOLDERS) {
    const variable = pattern.exec(path)?.[0];
    if (variable) return { variable, folder };
  }
  return null;
}

const unquote = (text: string) => text.replace(/^(["'])([\s\S]*)\1$/, '$2');

/** A written file's path as telemetry records it, or null when the command does not say where (relative, a device). */
export function recordedPath(path: string, windows: boolean): string | null {
  const trimmed = unquote(path.trim()).replace(/;$/, '');
  if (/^(?:nul|con|\/dev\/\w+|&\d)$/i.test(trimmed) || trimmed === '') return null;
  // A Unix home (`~/.ssh/…`, `$HOME/.bashrc`) is recorded expanded: the intruder's shell on a server is root's.
  if (!windows) {
    const expanded = trimmed.replace(/^(?:~|\$HOME|\$\{HOME\})(?=\/)/, '/root');
    return expanded.startsWith('/') ? expanded : null;
  }
  const folder = windowsFolderOf(trimmed);
  const expanded = folder ? `${folder.folder}${trimmed.slice(folder.variable.length)}`.replace(/\//g, '\\') : trimmed;
  return /^[a-z]:\\|^\\\\/i.test(expanded) ? expanded.replace(/(?<!^)\\{2,}/g, '\\') : null;
}

// Copying and moving: the last operand is where the file lands (a folder keeps the source's name).
const COPIERS = /^(?:copy|xcopy|move|cp|mv|copy-item|move-item|cpi|mi)$/;

/** The paths a command line's program is told to write, and those its shell writes for it (a redirection). */
export function writtenPaths(commandLine: string, windows: boolean): WrittenPaths {
  // The shared tokenizer reads the line as its shell would: quoted words whole, redirections apart from arguments.
  const tokens = lex(commandLine, guessDialect(commandLine, windows ? 'windows' : 'unix'));
  const args = tokens.flatMap((token) => (token.kind === 'word' ? [token.word.value] : []));
  const program =
    (args[0] ?? '')
      .split(/[\\/]/)
      .pop()
      ?.toLowerCase()
      .replace(/\.exe$/, '') ?? '';
  const after = (pattern: RegExp) =>
    args.flatMap((arg, index) => (pattern.test(arg) && args[index + 1] !== undefined ? [args[index + 1] as string] : []));
  const paths: string[] = [];
  if (program === 'curl') paths.push(...after(/^(?:-[A-Za-z]*o|--output)$/));
  if (program === 'wget') paths.push(...after(/^(?:-O|--output-document)$/));
  paths.push(...after(/^-OutFile$/i));
  if (program === 'certutil' && args.some((arg) => /^[-/]urlcache$/i.test(arg))) {
    const url = args.findIndex((arg) => /^https?:\/\//i.test(arg));
    if (url >= 0 && args[url + 1]) paths.push(args[url + 1] as string);
  }
  if (program === 'tee') paths.push(...args.slice(1).filter((arg) => !arg.startsWith('-')));
  // `reg save|export <key> <file>`, `certutil -decode <in> <out>`, an archiver adding to `<archive>`.
  if (program === 'reg' && /^(?:save|export)$/i.test(args[1] ?? '') && args[3]) paths.push(args[3]);
  if (program === 'certutil') {
    const decode = args.findIndex((arg) => /^[-/]decode(?:hex)?$/i.test(arg));
    if (decode >= 0 && args[decode + 2]) paths.push(args[decode + 2] as string);
  }
  if (/^(?:7z|7za|7zr|rar|winrar)$/.test(program)) {
    const add = args.findIndex((arg, index) => index > 0 && /^a$/i.test(arg));
    const archive = add >= 0 ? args.slice(add + 1).find((arg) => !/^[-/]/.test(arg)) : undefined;
    if (archive) paths.push(archive);
  }
  paths.push(...after(/^-DestinationPath$/i));
  // WebClient's DownloadFile('<url>', '<file>') inside PowerShell code.
  for (const [, file] of commandLine.matchAll(/\.DownloadFile(?:Async)?\(\s*['"][^'"]+['"]\s*,\s*['"]([^'"]+)['"]/gi))
    paths.push(file as string);
  if (program === 'bitsadmin' && args.some((arg) => /^\/transfer$/i.test(arg))) {
    const url = args.findIndex((arg) => /^https?:\/\//i.test(arg));
    if (url >= 0 && args[url + 1]) paths.push(args[url + 1] as string);
  }
  if (COPIERS.test(program)) paths.push(...copyTarget(args.slice(1), windows));
  // powershell.exe given its code (`-Command "Invoke-WebRequest … -OutFile …"`, `-EncodedCommand`) writes what the code says.
  if (windows && (program === 'powershell' || program === 'pwsh')) {
    const code = scriptBlockCode(commandLine);
    if (code && code !== commandLine.trim()) paths.push(...writtenPaths(code, windows).program);
  }
  return { program: [...new Set(paths)], shell: tokens.flatMap(shellWritten) };
}

/**
 * Where a copy or move puts its file: `-Destination <path>`, else the last of two operands. A folder (ending in a
 * separator) takes the source's file name; a source with wildcards, or several sources, names no one file.
 */
function copyTarget(operands: readonly string[], windows: boolean): string[] {
  const named = (name: RegExp) => {
    const at = operands.findIndex((arg) => name.test(arg));
    return at >= 0 ? operands[at + 1] : undefined;
  };
  // Words that are no switch nor a switch's value (`/y`, `-r`, `-Path x`).
  const isSwitch = (arg: string) => (windows ? /^[-/][a-z]/i : /^-/).test(arg);
  const plain = operands.filter((arg, index) => !isSwitch(arg) && !/^-[a-z]/i.test(operands[index - 1] ?? ''));
  const destination = named(/^-Destination$/i);
  const target = destination ?? (plain.length === 2 ? plain[1] : undefined);
  const source = named(/^-(?:Path|LiteralPath)$/i) ?? plain[0];
  if (!target || !source || /[*?]/.test(source)) return [];
  const separator = windows ? /[\\/]$/ : /\/$/;
  if (!separator.test(target)) return [target];
  const name = source.split(windows ? /[\\/]/ : /\//).pop();
  return name ? [`${target}${name}`] : [];
}

/** The file an output redirection (`> x`, `>> x`) writes; a stream's (`2>`, `&>`) or a duplication (`>&1`) is none. */
function shellWritten(token: Token): string[] {
  return token.kind === 'redirect' && (token.operator === '>' || token.operator === '>>') && token.target ? [token.target.value] : [];
}
