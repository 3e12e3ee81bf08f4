import { bareName, commandSegments, isShellBuiltin } from './command-program';

/**
 * A line handed to a shell (`cmd /c a && b`, `cmd /k "a & b"`, `bash -c 'a | b'`): telemetry records the shell with the
 * whole chain as its CommandLine, then each program the chain starts as the shell's child with its own stage only. The
 * chain as a whole (download then reveal the file, wait then delete itself, decode then pipe into a shell) is what the
 * relaying shell's own process shows, and no child's command line holds it. Typed at a prompt, no process holds the
 * chain at all: the shell reads it, so only a line handed to a shell gets the shell's rule.
 */
export interface RelayedChain {
  /** The relaying shell as its process image ends (`cmd.exe`, `bash`). */
  shell: string;
  /** The chain's stages as cmd.exe was given them. */
  stages: string[];
  /** Each stage's verb, as it would be titled (curl, explorer, del, call). */
  verbs: string[];
  /** What cmd.exe's CommandLine must hold: one value per stage, each a verbatim substring of the line. */
  values: string[];
}

// `cmd`, `cmd.exe` or its full path, its switches (`/q`, `/v:on`, `/v/c`), then /c or /k and the command it runs.
const CMD_RELAY = /^\s*(?:"?[a-z]:\\[^"]*\\)?cmd(?:\.exe)?"?((?:\s*\/[a-z](?::\w+)?)*?)\s*\/[ck](?=\s|"|$)\s*(.*)$/is;
// A Unix shell (`sh`, `/bin/bash`, `zsh`), its switches (`-l`, `-x`), then -c and the script it runs.
const SH_RELAY = /^\s*(?:\S*\/)?((?:ba|z|da|k)?sh)((?:\s+-[a-z]+)*?)\s+-[a-z]*c(?=\s)\s*(.*)$/is;
const UNIX_SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh']);
// A placeholder an author put for what varies (`[User]`, `<PAYLOAD_HOST>`, `%USERPROFILE%`): never part of a value.
const PLACEHOLDER = /\[[^\]]*\]|<[^>]*>|%[^%\s]+%/;
// Redirections and the null device are how a stage is typed, not what it does.
const PLUMBING = /\s+\d?>+\s*&?\S*|\s+2>&1/g;

const MAX_VALUES = 3;

/**
 * The shell a line is handed to and the command it was told to run, without the outer quotes the shell strips: null
 * when the line is not handed to a shell (cmd.exe on Windows, sh, bash or zsh elsewhere).
 */
export function relayedCommand(commandLine: string, windows = true): { shell: string; command: string } | null {
  const match = windows ? CMD_RELAY.exec(commandLine) : SH_RELAY.exec(commandLine);
  const inner = (windows ? match?.[2] : match?.[3])?.trim();
  if (!match || !inner) return null;
  const quote = inner[0];
  const unquoted =
    (quote === '"' || (!windows && quote === "'")) && inner.endsWith(quote as string) && inner.length > 1
      ? inner.slice(1, -1).trim()
      : inner;
  return { shell: windows ? 'cmd.exe' : (match[1] as string), command: unquoted };
}

/** The leaf of a path argument, when it names a file of its own (`HRSword.bat`, `7ZipSfx.000`), placeholders left out. */
function fileLeaf(argument: string): string | null {
  const leaf =
    argument
      .replace(/^["']|["']$/g, '')
      .split(/[\\/]/)
      .pop() ?? '';
  return leaf.length >= 5 && /\.\w{1,4}$/.test(leaf) && !PLACEHOLDER.test(leaf) ? leaf : null;
}

/**
 * What a stage shows in cmd.exe's line: a built-in with its switch (`del /F`) or the file it is given (`HRSword.bat`);
 * a program with a short first argument that says what it does (`ping 127.0.0.1`, `explorer /select,`), else its name.
 */
function stageValue(stage: string, piped: boolean, windows: boolean): { verb: string; value: string } | null {
  const words = stage.replace(PLUMBING, '').trim().replace(/^@/, '').split(/\s+/);
  const head = words[0] ?? '';
  const verb = bareName(head);
  if (!verb || PLACEHOLDER.test(head) || /[\\/]/.test(head)) return null;
  // A shell at a pipe's end runs what the stage before it writes: the pipe into it is the finding (`| bash`).
  if (piped && UNIX_SHELLS.has(verb) && words.length === 1) return { verb, value: `| ${head}` };
  const argument = words[1] ?? '';
  if (isShellBuiltin(verb)) {
    if (/^\/[a-z]$/i.test(argument)) return { verb, value: `${head} ${argument}` };
    const leaf = fileLeaf(argument);
    return leaf ? { verb, value: leaf } : null;
  }
  // A switch glued to its value (`/select,%USERPROFILE%\…`) keeps the switch; a single-letter Windows switch (`curl -o`)
  // says nothing alone, where a Unix one is often the behaviour (`base64 -d`, `curl -s`).
  const shown = argument.split(/[%\\"]/)[0] ?? '';
  // A URL is the download rule's value, not what the stage is.
  const telling = shown.length >= 1 && !PLACEHOLDER.test(shown) && !(windows && /^[-/][a-z]$/i.test(shown)) && !/:\/\//.test(shown);
  return { verb, value: telling ? `${head} ${shown}` : head };
}

/**
 * The chain a Windows line hands cmd.exe, when it is one worth a rule of its own: at least two stages that do
 * different things (a chain of one program, `wevtutil cl a | wevtutil cl b`, is that program's rule). Null otherwise.
 */
export function relayedChain(commandLine: string, windows = true): RelayedChain | null {
  const relayed = relayedCommand(commandLine, windows);
  if (!relayed) return null;
  const inner = relayed.command;
  const stages = commandSegments(inner, windows ? 'windows' : 'unix').filter((stage) => stage.replace(PLUMBING, '').trim().length > 0);
  if (stages.length < 2) return null;
  let from = 0;
  const shown = stages.map((stage) => {
    const at = inner.indexOf(stage, from);
    const piped = at > 0 && /\|\s*$/.test(inner.slice(from, at));
    from = at < 0 ? from : at + stage.length;
    return stageValue(stage, piped, windows);
  });
  // A stage that shows nothing of its own (`echo "…"`, `cd /tmp`) is left out; a chain of one program is that program's rule.
  const pieces = shown.filter((value): value is { verb: string; value: string } => value !== null);
  if (new Set(pieces.map(({ verb }) => verb)).size < 2) return null;
  const values: string[] = [];
  // A nested `cmd /c` is cmd.exe itself, which the rule's Image already says.
  for (const { value } of pieces.filter(({ verb }) => verb !== 'cmd')) {
    if (!commandLine.includes(value) || values.some((kept) => kept.includes(value) || value.includes(kept))) continue;
    values.push(value);
    if (values.length === MAX_VALUES) break;
  }
  if (values.length < 2) return null;
  return { shell: relayed.shell, stages, verbs: [...new Set(pieces.map(({ verb }) => verb))], values };
}
