import { bareName, programRuns } from '../templates/command-program';
import { asExecuted } from '../templates/command-values';
import { isRunDialogHistory, pastedCommand } from '../templates/run-dialog';
import type { SigmaEvent } from './event-fields';

export const EXPLORER = { ParentImage: 'C:\\Windows\\explorer.exe', ParentCommandLine: 'C:\\Windows\\Explorer.EXE' };
const RUN_MRU = 'HKU\\S-1-5-21-1004336348-1177238915-682003330-1001\\Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\RunMRU';

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

const firstProgram = (line: string): string => bareName(programRuns(asExecuted(line), true)[0]?.image ?? '');

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
 * What the Run dialog leaves for a line pasted into it: explorer.exe's write of the line to its history (RunMRU keeps
 * each entry as a value named by a letter, its data the line and `\1`), as Sysmon records it.
 */
export function runDialogEntry(line: string, valueName = 'a'): SigmaEvent {
  return {
    EventID: 13,
    EventType: 'SetValue',
    TargetObject: `${RUN_MRU}\\${valueName}`,
    Details: `${line}\\1`,
    Image: 'C:\\Windows\\explorer.exe',
  };
}
