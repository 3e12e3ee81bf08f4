import { guessDialect, lex, type Token } from '@huntforge/observables';
import type { SigmaEvent } from './event-fields';

/**
 * The network and file traces of a program run: the host it resolves and connects to for each URL it is
 * given (Sysmon 22 and 3, with its own Image, which rules on "certutil / curl / PowerShell reaching out"
 * read), and the file it writes where its command line says (`curl -o`, `wget -O`, `-OutFile`,
 * `certutil -urlcache … <url> <file>`, `bitsadmin /transfer … <url> <file>`, `.DownloadFile('<url>', '<file>')`, `certutil -decode`, `reg save`, an archive
 * `7z a` / `rar a` / `Compress-Archive` creates, a `>` redirection): Sysmon 11.
 */
export function ioEffects(commandLine: string, image: string, windows: boolean): SigmaEvent[] {
  return [...networkEffects(commandLine, image), ...fileEffects(commandLine, image, windows)];
}

const URL_IN_LINE = /\bhttps?:\/\/[^\s"'`)|<>]+/gi;

// Programs that print or pass on a URL without reaching it.
const NOT_FETCHING = /(?:^|[\\/])(?:echo|printf|cat|grep|set|export)(?:\.exe)?$/i;

function networkEffects(commandLine: string, image: string): SigmaEvent[] {
  if (NOT_FETCHING.test(image)) return [];
  const events: SigmaEvent[] = [];
  const seen = new Set<string>();
  for (const [url] of commandLine.matchAll(URL_IN_LINE)) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      continue;
    }
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    if (!host || seen.has(host)) continue;
    seen.add(host);
    const port = Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80));
    const address = /^[\d.]+$|:/.test(host);
    events.push({
      EventID: 3,
      Image: image,
      Initiated: 'true',
      DestinationPort: port,
      ...(address ? { DestinationIp: host } : { DestinationHostname: host }),
    });
    if (!address) events.push({ EventID: 22, Image: image, QueryName: host });
  }
  return events;
}

// Where Windows expands the folders a command names through a variable (Sysmon records the expanded path).
const WINDOWS_FOLDERS: Array<[RegExp, string]> = [
  [/^(?:%TEMP%|%TMP%|\$env:TEMP|\$env:TMP)/i, 'C:\\Users\\user\\AppData\\Local\\Temp'],
  [/^(?:%LOCALAPPDATA%|\$env:LOCALAPPDATA)/i, 'C:\\Users\\user\\AppData\\Local'],
  [/^(?:%APPDATA%|\$env:APPDATA)/i, 'C:\\Users\\user\\AppData\\Roaming'],
  [/^(?:%USERPROFILE%|\$env:USERPROFILE|~)/i, 'C:\\Users\\user'],
  [/^(?:%PROGRAMDATA%|%ALLUSERSPROFILE%|\$env:PROGRAMDATA)/i, 'C:\\ProgramData'],
  [/^(?:%PUBLIC%|\$env:PUBLIC)/i, 'C:\\Users\\Public'],
  [/^(?:%WINDIR%|%SYSTEMROOT%|\$env:WINDIR|\$env:SYSTEMROOT)/i, 'C:\\Windows'],
];

const unquote = (text: string) => text.replace(/^(["'])([\s\S]*)\1$/, '$2');

/** A written file's path as telemetry records it, or null when the command does not say where (relative, a device). */
export function recordedPath(path: string, windows: boolean): string | null {
  const trimmed = unquote(path.trim()).replace(/;$/, '');
  if (/^(?:nul|con|\/dev\/\w+|&\d)$/i.test(trimmed) || trimmed === '') return null;
  if (!windows) return trimmed.startsWith('/') ? trimmed : null;
  const folder = WINDOWS_FOLDERS.find(([pattern]) => pattern.test(trimmed));
  const expanded = folder ? trimmed.replace(folder[0], folder[1]).replace(/\//g, '\\') : trimmed;
  return /^[a-z]:\\|^\\\\/i.test(expanded) ? expanded.replace(/(?<!^)\\{2,}/g, '\\') : null;
}

/** The paths a command line's program is told to write, and those its shell writes for it (a redirection). */
function writtenPaths(commandLine: string, windows: boolean): { program: string[]; shell: string[] } {
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
  if (program === 'curl') paths.push(...after(/^(?:-o|--output)$/));
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
  return { program: paths, shell: tokens.flatMap(shellWritten) };
}

/** The file an output redirection (`> x`, `>> x`) writes; a stream's (`2>`, `&>`) or a duplication (`>&1`) is none. */
function shellWritten(token: Token): string[] {
  return token.kind === 'redirect' && (token.operator === '>' || token.operator === '>>') && token.target ? [token.target.value] : [];
}

function fileEffects(commandLine: string, image: string, windows: boolean): SigmaEvent[] {
  const { program, shell } = writtenPaths(commandLine, windows);
  const events = new Map<string, SigmaEvent>();
  const add = (paths: string[], writer: string) => {
    for (const path of paths.map((written) => recordedPath(written, windows)))
      if (path !== null && !events.has(path)) events.set(path, { EventID: 11, Image: writer, TargetFilename: path });
  };
  add(program, image);
  add(shell, windows ? 'C:\\Windows\\System32\\cmd.exe' : '/bin/bash');
  return [...events.values()];
}
