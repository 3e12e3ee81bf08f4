import { bareName, commandSegments, isShellBuiltin } from './command-program';

/**
 * A Windows line handed to cmd.exe (`cmd /c a && b`, `cmd /k "a & b"`): Sysmon records cmd.exe with the whole chain
 * as its CommandLine, then each program the chain starts as cmd.exe's child with its own stage only. The chain as a
 * whole (download then reveal the file, wait then delete itself, unpack then call a batch file) is what cmd.exe's own
 * process shows, and no child's command line holds it.
 */
export interface RelayedChain {
  /** The chain's stages as cmd.exe was given them. */
  stages: string[];
  /** Each stage's verb, as it would be titled (curl, explorer, del, call). */
  verbs: string[];
  /** What cmd.exe's CommandLine must hold: one value per stage, each a verbatim substring of the line. */
  values: string[];
}

// `cmd`, `cmd.exe` or its full path, its switches (`/q`, `/v:on`, `/v/c`), then /c or /k and the command it runs.
const CMD_RELAY = /^\s*(?:"?[a-z]:\\[^"]*\\)?cmd(?:\.exe)?"?((?:\s*\/[a-z](?::\w+)?)*?)\s*\/[ck](?=\s|"|$)\s*(.*)$/is;
// A placeholder an author put for what varies (`[User]`, `<PAYLOAD_HOST>`, `%USERPROFILE%`): never part of a value.
const PLACEHOLDER = /\[[^\]]*\]|<[^>]*>|%[^%\s]+%/;
// Redirections and the null device are how a stage is typed, not what it does.
const PLUMBING = /\s+\d?>+\s*&?\S*|\s+2>&1/g;

const MAX_VALUES = 3;

/** The command cmd.exe was told to run, without the outer quotes cmd strips: null when the line is not handed to cmd. */
export function relayedCommand(commandLine: string): string | null {
  const match = CMD_RELAY.exec(commandLine);
  const inner = match?.[2]?.trim();
  if (!inner) return null;
  return /^"[^"]*(?:"[^"]*")*[^"]*"$/.test(inner) && inner.startsWith('"') && inner.endsWith('"') ? inner.slice(1, -1).trim() : inner;
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
function stageValue(stage: string): { verb: string; value: string } | null {
  const words = stage.replace(PLUMBING, '').trim().replace(/^@/, '').split(/\s+/);
  const head = words[0] ?? '';
  const verb = bareName(head);
  if (!verb || PLACEHOLDER.test(head) || /[\\/]/.test(head)) return null;
  const argument = words[1] ?? '';
  if (isShellBuiltin(verb)) {
    if (/^\/[a-z]$/i.test(argument)) return { verb, value: `${head} ${argument}` };
    const leaf = fileLeaf(argument);
    return leaf ? { verb, value: leaf } : null;
  }
  // A switch glued to its value (`/select,%USERPROFILE%\…`) keeps the switch; a single-letter switch says nothing alone.
  const shown = argument.split(/[%\\"]/)[0] ?? '';
  // A URL is the download rule's value, not what the stage is.
  const telling = shown.length >= 1 && !PLACEHOLDER.test(shown) && !/^[-/][a-z]$/i.test(shown) && !/:\/\//.test(shown);
  return { verb, value: telling ? `${head} ${shown}` : head };
}

/**
 * The chain a Windows line hands cmd.exe, when it is one worth a rule of its own: at least two stages that do
 * different things (a chain of one program, `wevtutil cl a | wevtutil cl b`, is that program's rule). Null otherwise.
 */
export function relayedChain(commandLine: string): RelayedChain | null {
  const inner = relayedCommand(commandLine);
  if (!inner) return null;
  const stages = commandSegments(inner).filter((stage) => stage.replace(PLUMBING, '').trim().length > 0);
  if (stages.length < 2) return null;
  const shown = stages.map(stageValue);
  if (shown.some((value) => value === null)) return null;
  const pieces = shown as Array<{ verb: string; value: string }>;
  if (new Set(pieces.map(({ verb }) => verb)).size < 2) return null;
  const values: string[] = [];
  // A nested `cmd /c` is cmd.exe itself, which the rule's Image already says.
  for (const { value } of pieces.filter(({ verb }) => verb !== 'cmd')) {
    if (!commandLine.includes(value) || values.some((kept) => kept.includes(value) || value.includes(kept))) continue;
    values.push(value);
    if (values.length === MAX_VALUES) break;
  }
  if (values.length < 2) return null;
  return { stages, verbs: [...new Set(pieces.map(({ verb }) => verb))], values };
}
