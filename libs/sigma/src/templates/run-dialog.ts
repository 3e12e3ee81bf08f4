import { bareName, programRuns } from '@huntforge/observables';
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

/**
 * The Details condition of a RunMRU rule: the pasted command's program and its distinctive value, so the rule fires on
 * this lure's entry, not on every use of the dialog. PowerShell's value is the cmdlet it was told to run
 * (`powershell … Resolve-DnsName …`): the cmdlet is what it does, where the host is only where this lure's payload sits;
 * any other program's value is the host it reaches (`mshta` + `check-human.online`).
 */
export function pastedCommandDetails(
  commandLines: readonly string[],
  pairs: ReadonlyArray<{ parent?: string | null; child: string }>,
): string[] {
  const pasted = pastedCommand(commandLines, pairs);
  const program = pasted ? programRuns(pasted, { windows: true })[0] : undefined;
  if (!pasted || !program) return [];
  const name = bareName(program.image);
  const cmdlet = /^(?:powershell|pwsh)$/.test(name)
    ? cmdletsOf(program.commandLine).find((one) => one.length >= 6 && one.includes('-'))
    : undefined;
  const value = cmdlet && pasted.includes(cmdlet) ? cmdlet : reportedHosts(pasted)[0];
  return value ? [name, value] : [name];
}
