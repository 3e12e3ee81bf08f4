import { bareName, programRuns } from '@huntforge/observables';
import { programRuns as observedPrograms } from './command-program';
import { asExecuted } from './command-values';
import { cmdletsOf, reportedHosts } from './distinctive-values';
import { keyWithoutHive } from './registry-writes';

const RUN_DIALOG_HISTORY = /(?:^|\\)explorer\\runmru$/;

/** The key where Windows keeps what was typed or pasted into the Run dialog (Win+R), one value per entry. */
export function isRunDialogHistory(key: string): boolean {
  return RUN_DIALOG_HISTORY.test(keyWithoutHive(key));
}

/**
 * What was pasted into the Run dialog, which RunMRU keeps as a value's data: the article's command line
 * whose program explorer.exe started (the dialog runs what it is given as explorer's child), refanged as
 * it was typed. Null when the article's process lineage shows no program started that way.
 */
export function pastedCommand(
  commandLines: readonly string[],
  pairs: ReadonlyArray<{ parent?: string | null; child: string }>,
): string | null {
  const launched = new Set(pairs.filter((pair) => bareName(pair.parent ?? '') === 'explorer').map((pair) => bareName(pair.child)));
  if (launched.size === 0) return null;
  for (const line of commandLines) {
    const executed = asExecuted(line);
    const first = programRuns(executed, { windows: true })[0];
    if (first && launched.has(bareName(first.image))) return executed;
  }
  return null;
}

// What a paste-and-run lure has the victim run from the Run dialog (Win+R): a shell, a script host or a downloader.
const LURE_PROGRAMS = new Set([
  'powershell',
  'pwsh',
  'mshta',
  'cmd',
  'conhost',
  'msiexec',
  'rundll32',
  'regsvr32',
  'wscript',
  'cscript',
  'curl',
  'certutil',
  'bitsadmin',
  'finger',
  'pcalua',
  'forfiles',
  'explorer',
]);
// A paste-and-run line carries the reassurance the victim sees in the dialog: a trailing comment ("# ✅ I am not a
// robot - Verification ID: 4411") the command hides behind, or the fake check's words it echoes ("Verify you are human").
const TRAILING_COMMENT = /\s#\s*\S[^"']*$/;
const CHECK_WORDS = /\b(?:verif(?:y|ied|ication)|human|robot|captcha|recaptcha)\b/i;
const URL = /\b(?:h[tx]{2}ps?|ftp)\S*:\S+|\S+\[?\.\]?(?:com|net|org|top|xyz|online|info|ru|cn)\b\S*/gi;

const isLureText = (line: string): boolean => TRAILING_COMMENT.test(line) || CHECK_WORDS.test(line.replace(URL, ' '));

const firstProgram = (line: string): string => bareName(observedPrograms(asExecuted(line), true)[0]?.image ?? '');

/**
 * The article's command lines that were pasted into the Run dialog, as typed: the line whose program explorer.exe
 * started (the article's process pairs), a lure's line with the comment or the words of the fake check it shows the
 * victim, and, when the article names the dialog's history key but neither, its first line of a lure program.
 */
export function pastedLines(
  commandLines: readonly string[],
  pairs: ReadonlyArray<{ parent?: string | null; child: string }>,
  registryKeys: readonly string[],
): Set<string> {
  const pasted = new Set<string>();
  const launched = pastedCommand(commandLines, pairs);
  if (launched) pasted.add(launched);
  for (const line of commandLines) {
    const executed = asExecuted(line);
    if (isLureText(executed) && LURE_PROGRAMS.has(firstProgram(executed))) pasted.add(executed);
  }
  if (pasted.size === 0 && registryKeys.some(isRunDialogHistory)) {
    const first = commandLines.map(asExecuted).find((line) => LURE_PROGRAMS.has(firstProgram(line)));
    if (first) pasted.add(first);
  }
  return pasted;
}

/**
 * The Details condition of a RunMRU rule: the pasted command's program and its distinctive value, so the rule fires on
 * this lure's entry, not on every use of the dialog. PowerShell's value is the cmdlet it was told to run
 * (`powershell … Resolve-DnsName …`): the cmdlet is what it does, where the host is only where this lure's payload sits;
 * any other program's value is the host it reaches (`mshta` + `check-human.online`).
 */
export function pastedCommandDetails(
  commandLines: readonly string[],
  pairs: ReadonlyArray<{ parent?: string | null; child: string }>,
  registryKeys: readonly string[] = [],
): string[] {
  const [pasted] = pastedLines(commandLines, pairs, registryKeys);
  return pasted ? pastedLineDetails(pasted) : [];
}

/** The Details values of one pasted line: its program, and its cmdlet or the host it reaches. */
export function pastedLineDetails(pasted: string): string[] {
  const program = programRuns(pasted, { windows: true })[0];
  if (!program) return [];
  const name = bareName(program.image);
  const cmdlet = /^(?:powershell|pwsh)$/.test(name)
    ? cmdletsOf(program.commandLine).find((one) => one.length >= 6 && one.includes('-'))
    : undefined;
  const value = cmdlet && pasted.includes(cmdlet) ? cmdlet : reportedHosts(pasted)[0];
  return value ? [name, value] : [name];
}
