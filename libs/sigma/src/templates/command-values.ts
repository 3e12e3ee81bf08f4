import { refang } from '@huntforge/observables';

/**
 * Turns a command line as an article prints it into what telemetry records: defanged indicators
 * refanged, a batch file's doubled `%%VAR%%` as the single `%VAR%` the process sees, and the backslashes of a
 * command quoted from a script's string literal single (undoubled).
 */
export function asExecuted(commandLine: string): string {
  return undoubled(
    refang(commandLine)
      .replace(/%%(\w+)%%/g, '%$1%')
      .replace(/%%(\w)\b/g, '%$1'),
  );
}

// A Windows path written with every backslash doubled: a share (`\\\\host`), a drive (`C:\\`) or a variable (`%temp%\\`).
const DOUBLED_WINDOWS_PATH = /(?:^|[\s"'=(])\\{4}[\w.[\]-]|\b[a-z]:\\{2}[^\\]|%\\{2}[^\\]/i;

/**
 * A command quoted from a script's string literal (`"cmd /c net use \\\\host@8888\\davwwwroot\\"` in a JavaScript
 * dropper) doubles each backslash; the process the script starts gets them single. Only a line whose every run of
 * backslashes is even and that holds such a Windows path is read so: `\\host\share` or `a\\nb` in a Unix line is left.
 */
function undoubled(line: string): string {
  const runs = line.match(/\\+/g) ?? [];
  if (runs.length === 0 || runs.some((run) => run.length % 2 === 1) || !DOUBLED_WINDOWS_PATH.test(line)) return line;
  return line.replace(/\\\\/g, '\\');
}

/** A value longer than this was copied from one command line, not chosen: it is left out. */
export const MAX_VALUE_LENGTH = 120;
const MIN_PIECE = 4;

const HOST = String.raw`(?:\d{1,3}\.){3}\d{1,3}|\[[0-9a-f:]+\]|(?:[a-z0-9-]+\.)+[a-z]{2,}`;
// A URL or UNC host and what follows it up to the path: the intrusion's infrastructure, kept for IOC rules.
const URL_HOST = new RegExp(String.raw`(?<=[a-z]{3,5}://)(?:[^\s/@]+@)?(?:${HOST})(?::\d+)?`, 'gi');
// The `@SSL` or `@<port>` after it is Windows' WebDAV client spelling (`\\host@SSL\DavWWWRoot\`), not the host: the
// behaviour a share reached over HTTP has whatever server it names, kept as a value of its own with its separator.
const UNC_HOST = new RegExp(String.raw`(?<=\\\\)(?:${HOST}|[\w.-]+)((?:@(?:ssl|\d+))*)(?=(\\)|\s|$)`, 'gi');
const WEBDAV_MARKER = /^(?:@(?:ssl|\d+))+\\$/i;
const withoutUncHost = (_host: string, webdav: string, separator: string | undefined) =>
  webdav && separator ? `\u0000${webdav}${separator}\u0000` : '\u0000';
// A redaction marker and the token it sits in (`REDACTED.lan`, `10.REDACTED`, `Backup-REDACTED.log`): the publisher
// removed the victim's own name or address there, so no machine's command line holds the token as written.
const PLACEHOLDER =
  /<[^<>]{1,40}>|\{[A-Za-z0-9_ -]{1,40}\}|\[(?:REDACTED|redacted|removed|snip)[^\]]*\]|[^\s"'\\/,;=:]*REDACTED[^\s"'\\/,;]*/g;
// A user's own folder: the name differs on every machine.
const USER_FOLDER = /[a-z]:\\users\\(?!public\\|default\\)[^\\]+(?=\\)|\/home\/[^/]+(?=\/)|\/Users\/(?!Shared\/)[^/]+(?=\/)/gi;
const ENV_PREFIX = /%(?:userprofile|appdata|localappdata|temp|tmp|homepath|public|programdata)%/gi;
// cmd's delayed expansion (`cmd /v:on /c "set u=…&& curl http://!u!/a"`): replaced by its value before the program starts.
const DELAYED_VARIABLE = /![A-Za-z_]\w*!/g;
// What is left of code after a cut (`){print \``, `\`;exit;}/`): starts inside a bracket or ends opening one.
const SYNTAX_EDGE = /^[)\]}`;|&]|[([{`]$/;

/** A piece of code rather than a value: cut at a bracket or quote (`){print \``, `config[x/h/`), so no telemetry holds it as the rule means. */
function isSyntaxFragment(part: string): boolean {
  const count = (pattern: RegExp) => (part.match(pattern) ?? []).length;
  return SYNTAX_EDGE.test(part) || count(/\[/g) !== count(/\]/g) || count(/\{/g) !== count(/\}/g) || count(/`/g) % 2 === 1;
}
// Where the publisher elided part of a value (`...Services\Sense`), and a quote escaped for an outer one (`cmd /c "reg add \"HKLM\…\""`):
// neither is in the value as another machine's command line holds it.
const ELISION = /\.{3,}|…|\\"/g;
// Tokens, hashes and keys of one run; and a URL whose host the publisher removed (`https://[.]com/`).
const RUN_SECRET = /[0-9a-f]{16,}|[A-Za-z0-9+/]{40,}={0,2}/g;
const REDACTED_HOST = /\w+:\/\/\.[a-z]{2,6}\/?/gi;

/** A file name made up for one intrusion: long digit runs, hex strings, random mixed letters and digits. */
export function isRandomName(name: string): boolean {
  const stem = name.replace(/\.[a-z0-9]{1,5}$/i, '');
  if (stem.length <= 2) return true; // a.txt, s.sct: throwaway names
  if (/^\d{6,}$/.test(stem) || /^[0-9a-f]{12,}$/i.test(stem)) return true;
  const digits = (stem.match(/\d/g) ?? []).length;
  if (stem.length >= 10 && digits >= 3 && /[a-z]/i.test(stem)) return true;
  // Per-victim names: words with a generated number on the end (invoice_48213, books54).
  return stem.length >= 12 && /[a-z][_-]?\d{2,}$/i.test(stem);
}

/** The folder of a path whose file name was made up for this run; any other piece whole. */
function withoutRandomName(piece: string): string {
  const path = /^([\s\S]*[\\/])([^\\/]+)$/.exec(piece);
  return path && isRandomName(path[2] as string) ? (path[1] as string) : piece;
}

/**
 * The parts of one command-line argument that hold on another machine and another day: the
 * intrusion's hosts, placeholders, user names and made-up file names are cut out, and what is left on
 * either side is kept when long enough to mean something. Each part is a substring of the executed line.
 */
export function stableParts(argument: string): string[] {
  const cut = argument
    .replace(URL_HOST, '\u0000')
    .replace(UNC_HOST, withoutUncHost)
    .replace(PLACEHOLDER, '\u0000')
    .replace(USER_FOLDER, '\u0000')
    .replace(ENV_PREFIX, '\u0000')
    .replace(DELAYED_VARIABLE, '\u0000')
    .replace(REDACTED_HOST, '\u0000')
    .replace(RUN_SECRET, '\u0000')
    .replace(ELISION, '\u0000');
  return (
    cut
      .split('\u0000')
      .map(withoutRandomName)
      .map((part) => part.trim())
      // A word left with the backslash of a quote escaped for an outer command (`\"Sense\"` read as `Sense\`) is the word.
      .map((part) => (/^[^\\]+\\$/.test(part) && !WEBDAV_MARKER.test(part) ? part.slice(0, -1) : part))
      .filter((part) => part.length >= MIN_PIECE && part.length <= MAX_VALUE_LENGTH && /[a-z0-9]/i.test(part) && !isSyntaxFragment(part))
  );
}

// A POSIX shell variable (`$TOKEN`, `${HOME}`) or escape (`Application\ Support`): the shell replaces it
// before the program starts, so the program's command line never holds it as typed.
const SHELL_EXPANSION = /\$\{?[A-Za-z_]\w*\}?|\\(?=[\s'"$`\\])|\\$/g;

/** The parts of a Unix command-line value either side of its shell variables and escapes: the program never sees `$TOKEN` or `\ `. */
export function withoutShellVariables(part: string): string[] {
  return part
    .split(SHELL_EXPANSION)
    .map((piece) => piece.trim())
    .filter((piece) => piece.length >= MIN_PIECE && /[a-z0-9]/i.test(piece));
}
