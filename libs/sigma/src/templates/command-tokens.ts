// The values a command line's rule can key on: its distinctive arguments, behaviour switches, registry value names,
// and what is never a value (shell plumbing, a key's hive).
import { commandFacts } from '@huntforge/observables';
import { MAX_VALUE_LENGTH, stableParts } from './command-values';
import { commandWords, encodedCommand, isDistinctive, namedValues, reportedHosts } from './distinctive-values';
import { MAX_TOKENS } from './builtin-draft';

/**
 * A command line's words as written (quotes kept, so each is a verbatim substring), program first, read as
 * namedValues reads them (the shared command-line model): a redirection's target (`> /run/x.service`) counts,
 * and a wrapper's quoted command or a command substitution (`$(echo … | base64 -d)`) is read as its words.
 */
export const argumentsOf = (commandLine: string): string[] => commandWords(commandLine, { programs: true });

/**
 * The arguments that make a command line specific: long enough, not a bare switch, and carrying a path,
 * a URL, an encoded blob or a file name. Each one is a verbatim substring of the observed command line.
 */
export function distinctiveTokens(commandLine: string, max = MAX_TOKENS, options: { splitLongQuoted?: boolean } = {}): string[] {
  // A quoted command too long to keep whole (`-c "New-Service -Name … -BinaryPathName '…'"`) can be read as its own arguments.
  const args = argumentsOf(commandLine)
    .slice(1)
    .flatMap((arg) =>
      options.splitLongQuoted && /^["'].*\s/.test(arg) && arg.length > MAX_VALUE_LENGTH ? argumentsOf(arg.slice(1, -1)) : [arg],
    );
  // A quoted phrase (`-c "SELECT secret FROM vault"`) is one specific value, however few path characters it has.
  const phrase = (written: string) => (/^["'].*\s.*["']$/s.test(written) ? 1 : 0);
  const scored = args
    .map((written) => ({ written, arg: written.replace(/^\\?["']|\\?["']$/g, '') }))
    .filter(({ arg }) => arg.length >= 4 && commandLine.includes(arg))
    .map(({ written, arg }) => ({
      arg,
      weight: (/[\\/:.]/.test(arg) ? 2 : 0) + (/^[A-Za-z0-9+/=]{24,}$/.test(arg) ? 2 : 0) + phrase(written) + Math.min(arg.length, 40) / 40,
    }));
  const isSwitch = (arg: string) => /^[-/][a-z?]+$/i.test(arg);
  const strong = scored.filter((entry) => entry.weight >= 1 && !isSwitch(entry.arg));
  // Long switches (-EncodedCommand, -fsSL) only when nothing more specific exists.
  const candidates = strong.length > 0 ? strong : scored.filter((entry) => /^-[a-z]{4,}/i.test(entry.arg));
  const chosen: string[] = [];
  for (const { arg } of candidates.sort((a, b) => b.weight - a.weight)) {
    if (!chosen.some((token) => token.includes(arg) || arg.includes(token))) chosen.push(arg);
    if (chosen.length === max) break;
  }
  return chosen;
}

// hive's control set (CurrentControlSet, ControlSet001) and a class wildcard (`HKCR\*\shellex`) after it.
const HIVE_PREFIX =
  /^(?:HKLM|HKCU|HKCR|HKU|HKCC|HKEY_(?:LOCAL_MACHINE|CURRENT_USER|CLASSES_ROOT|USERS|CURRENT_CONFIG)):?(?:\\SYSTEM\\(?:CurrentControlSet|ControlSet\d{3}))?(?:\\\*)?(?=\\[^\\])/i;

/**
 * A registry key path as a command-line value: from the segment after its hive (and control set) on. The same key
 * is written `HKLM\…`, `HKEY_LOCAL_MACHINE\…`, `HKLM:\…` or under `ControlSet001` by the next intrusion, and a
 * value keyed on one spelling misses the others (`\Services\WinDefend`, `\Software\Policies\Microsoft\Windows Defender`).
 */
export function withoutHive(value: string): string {
  return value.replace(HIVE_PREFIX, '');
}

/** The value names a Windows command line's registry operations name, as written in it (at least three characters). */
export function registryValueNames(commandLine: string): string[] {
  return commandFacts(commandLine, { platform: 'windows' }).registry.flatMap((operation) => {
    const name = operation.valueName?.trim();
    return name && name.length >= 3 && commandLine.includes(name) && !/^\(?default\)?$/i.test(name) ? [name] : [];
  });
}

/**
 * The tokens with at least one value of this intrusion among them. Switches, schemes and common
 * folders (`-nop -ep bypass`, `https://`, `\Downloads\`) are how administrators run programs every day:
 * a selection of them alone fires on ordinary machines. When the stable values chosen are all such, the
 * most specific value the command line has takes the last place: a path or file name further on, the
 * encoded command, the host it reaches, the name it gives (`-Name UpdaterSvc`). None: no selection.
 */
export function withDistinctiveValue(tokens: string[], commandLine: string, expanded: (part: string) => string[]): string[] {
  if (tokens.some(isDistinctive)) return tokens;
  const encoded = encodedCommand(commandLine);
  // An encoded command and a host are this intrusion's by nature, however random they look.
  const candidates = [
    ...distinctiveTokens(commandLine, Number.POSITIVE_INFINITY, { splitLongQuoted: true })
      .flatMap(stableParts)
      .flatMap(expanded)
      .filter(isDistinctive),
    ...(encoded ? [encoded] : []),
    ...reportedHosts(commandLine),
    ...namedValues(commandLine).flatMap(stableParts).flatMap(expanded).filter(isDistinctive),
  ];
  const value = candidates.find((candidate) => !SHELL_PLUMBING.test(candidate) && commandLine.includes(candidate));
  if (!value) return [];
  const kept = tokens.filter((token) => !value.includes(token) && !token.includes(value));
  return [...kept.slice(0, MAX_TOKENS - 1), value];
}

// Switches that are the behaviour itself (certutil -urlcache, regsvr32 /i:, powershell -enc), kept
// even though they are short and look like any other switch.
const BEHAVIOUR_SWITCHES =
  /(?<=\s)(?:-urlcache|[-/]decode(?:hex)?|[-/]encode|\/transfer|-enc(?:odedcommand)?|-ec|-w(?:indowstyle)? hidden|-nop(?:rofile)?|-e(?:xecutionpolicy|p)? bypass|delete shadows|process call create|\/create|-useb)(?=\s|$)/gi;

// Redirections and null devices are how a line is typed, not what it does; an editor's placeholder
// (`[remaining text redacted]`, `<snip>`) is what the article left out, which no process's command line holds.
export const SHELL_PLUMBING =
  /^\d?>|^&\d|\/dev\/null|^nul$|\[[^\]]*\b(?:redacted|snipped|snip|truncated|removed)\b[^\]]*\]|<(?:snip|redacted)>/i;

/**
 * A value that can carry a selection alone: a behaviour switch, a specific path, file or address, or a long
 * quoted phrase of the intrusion's own (the query a database client is given, `-c "SELECT … FROM credentials"`).
 */
export function isStrongValue(value: string): boolean {
  return (
    isBehaviourSwitch(value) ||
    (value.length >= 8 && /[\\/.:]/.test(value)) ||
    (/\s/.test(value) && value.length >= 24 && isDistinctive(value))
  );
}

export function isBehaviourSwitch(value: string): boolean {
  BEHAVIOUR_SWITCHES.lastIndex = 0;
  return BEHAVIOUR_SWITCHES.test(` ${value}`);
}

export function behaviourSwitches(commandLine: string): string[] {
  return [...new Set(commandLine.match(BEHAVIOUR_SWITCHES) ?? [])].slice(0, MAX_TOKENS);
}
