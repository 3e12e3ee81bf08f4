import { isProseWord, STOPWORDS } from '../text/english';
import {
  KNOWN_COMMANDS,
  PATTERN_COMMANDS,
  SUBCOMMANDS,
  isCommandToken,
  isDistinctiveCommand,
  isShoutedWindowsProgram,
  programName,
} from '../command/programs';

const ARROWS = new Set(['>', '->', '-->', '=>', '→', '|', '||', '&&', '<-', '<--']);

export { STOPWORDS };

export function tokenize(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** A token that can only be an argument: a switch, a path, a quoted string, a variable, a number... */
export function isStrongArgument(token: string): boolean {
  const t = token.replace(/[,;]$/, '');
  // A markdown link ("[documentation](https://…)") is a citation in prose.
  if (ARROWS.has(t) || /^!?\[[^\]]*\]\(/.test(t)) return false;
  if (/^--?[A-Za-z0-9?]/.test(t)) return true;
  if (/^\/[A-Za-z0-9?]/.test(t)) return true;
  if (/^["'“‘]/.test(t)) return true;
  if (/^[%$~@+]./.test(t)) return true;
  if (/^\d?>>?\S/.test(t) || /^<\S/.test(t)) return true;
  if (/[\\/=]/.test(t)) return true;
  if (t === '.' || t === '..') return true;
  if (/^[\w-]+\.[A-Za-z0-9]{1,6}(?:[,:#].*)?$/.test(t)) return true;
  if (/^\d+$/.test(t)) return true;
  if (/^[A-Z]*[a-z]+[A-Z]\w*$/.test(t) || /^[A-Z]{2,}[a-z]\w*$/.test(t)) return true;
  if (/\[\.\]|\[:\]/.test(t)) return true;
  // A module::command argument (`privilege::debug`, `sekurlsa::logonpasswords`) as mimikatz-style tools take them.
  if (/^["']?[A-Za-z]\w*::\w/.test(t)) return true;
  return false;
}

/**
 * The tokens with a program path that has spaces in it joined back into one: quoted
 * (`"C:\\Program Files\\App\\app.exe" --tray`) or as some pages print it, unquoted
 * (`C:\\Program Files\\App\\bin\\tool.exe -U x`).
 */
export function withSpacedProgram(tokens: string[]): string[] {
  const [first] = tokens;
  if (!first) return tokens;
  if (/^"[A-Za-z]:\\/.test(first) && !/"$/.test(first)) {
    const close = tokens.findIndex((t, i) => i > 0 && i <= 6 && /"$/.test(t) && !/"/.test(t.slice(0, -1)));
    if (close > 0) return [tokens.slice(0, close + 1).join(' '), ...tokens.slice(close + 1)];
    return tokens;
  }
  if (/^[A-Za-z]:\\[^"'\s]*$/.test(first) && !/\.(?:exe|com|bat|cmd)$/i.test(first)) {
    for (let i = 1; i <= 5 && i < tokens.length; i++) {
      const t = tokens[i] as string;
      if (/^[-/"'|&<>]/.test(t)) return tokens;
      if (/\\[^\\]+\.(?:exe|com|bat|cmd)$/i.test(t)) return [tokens.slice(0, i + 1).join(' '), ...tokens.slice(i + 1)];
    }
  }
  return tokens;
}

/**
 * Argument evidence after a program written as a capitalised name ("PowerShell", "AWS"), which is also how prose
 * names the product ("PowerShell Base64 Encoded Cmdlet", "AWS documentation"): a switch, a quoted value, a variable
 * or a path. A capitalised word, a number or a file name after it is the rest of a title.
 */
export function isArgumentAfterName(token: string): boolean {
  const t = token.replace(/[,;]$/, '');
  if (!isStrongArgument(t)) return false;
  return /^--?[A-Za-z?]|^\/[A-Za-z?]|^["'“‘$%]|[\\/]/.test(t);
}

/** A program written as a product name: capitalised, without path, extension or a cmdlet's dash. */
export function isCapitalisedName(token: string): boolean {
  return /^[A-Z][A-Za-z0-9]*$/.test(token) && token !== token.toLowerCase();
}

export interface CommandCheck {
  ok: boolean;
  program: string;
}

/**
 * Whether the tokens read as a command line: a known program followed by arguments. Argument
 * evidence is a strong argument among the first three tokens or a known subcommand; a program
 * followed by a prose word ("rundll32.exe is then invoked") is a sentence about the program.
 */
export function checkCommand(tokens: string[], options: { allowBare?: boolean } = {}): CommandCheck {
  const [first, ...args] = withSpacedProgram(tokens);
  const program = first ?? '';
  if (!first) return { ok: false, program };
  const subcommands = SUBCOMMANDS[programName(first)];
  const firstIsSub = !!subcommands && args.length > 0 && subcommands.has(args[0].toLowerCase());
  // `REG ADD …`: Windows reads program names in any case; a capitalised English word ("Set", "Start") is prose.
  if (!isCommandToken(first) && !(firstIsSub && isShoutedWindowsProgram(first))) return { ok: false, program };
  if (args.length === 0) return { ok: !!options.allowBare, program };
  // In prose "cmd.exe > curl.exe" is a lineage; in a shell block "env | grep -i token" is a pipeline, and so is one
  // whose operator leads from one program to another (`tasklist | findstr lsass`) anywhere.
  const pipeline = /^(?:\||\|\||&&)$/.test(args[0]) && isDistinctiveCommand(first) && isDistinctiveCommand(args[1] ?? '');
  if (ARROWS.has(args[0]) && !pipeline && !(options.allowBare && /^(?:\||\|\||&&)$/.test(args[0]))) return { ok: false, program };
  // A program run by an unfamiliar path ("/opt/x/agent", "./payload") needs a switch right after it.
  if (/^[~./]/.test(first) && !KNOWN_COMMANDS.has(programName(first)) && !/^--?\w/.test(args[0])) return { ok: false, program };
  // A sub-command that is also an English word ("agent.exe service install <token>") is prose only
  // outside shell blocks, and only for a program named without a path.
  const pathQualified = /^"?(?:[A-Za-z]:\\|\/|%\w+%\\)/.test(first);
  // A one-letter command an archiver takes before its switches (`7z a -pX`, `rar x -hpX`) is not the article "a".
  const letterCommand = /^[a-z]$/.test(args[0]) && /^-[A-Za-z]/.test(args[1] ?? '');
  if (!firstIsSub && !letterCommand && isProseWord(args[0]) && !(options.allowBare && pathQualified)) return { ok: false, program };
  // "PsExec documentation: https://..." is a labelled reference, not a command.
  if (/^[a-z]{3,}:$/.test(args[0])) return { ok: false, program };
  // In a shell block, a line a shell operator joins to another command is a command line whatever its arguments.
  const joined = options.allowBare === true && args.some((a) => /(?:^|[^\\]);|^(?:\||&&|\|\|)$/.test(a));
  // A search program's first argument is its pattern, a bare word as often as not (`findstr lsass`).
  const pattern = PATTERN_COMMANDS.has(programName(first)) && /^[\w.$-]+$/.test(args[0]);
  const evidence =
    firstIsSub || joined || pipeline || pattern || args.slice(0, 3).some(isCapitalisedName(first) ? isArgumentAfterName : isStrongArgument);
  if (!evidence) return { ok: false, program };
  const prose = args.slice(0, 10).filter((a) => STOPWORDS.has(a.toLowerCase())).length;
  return { ok: prose <= 2 || options.allowBare === true, program };
}
