import type { CommandFacts, Invocation } from '@huntforge/observables';
import { recordedPath } from './command-io-effects';
import { withAccount } from './dropped-tools';
import type { SigmaEvent } from './event-fields';
import { imageOf } from './process-event';

const CMD = 'C:\\Windows\\System32\\cmd.exe';
const POWERSHELL = 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe';
const WORKING_DIRECTORY = 'C:\\Users\\user';
// Where PSReadLine keeps the console history `(Get-PSReadlineOption).HistorySavePath` names.
const CONSOLE_HISTORY = 'C:\\Users\\user\\AppData\\Roaming\\Microsoft\\Windows\\PowerShell\\PSReadLine\\ConsoleHost_history.txt';
const REMOVE_CMDLETS = new Set(['remove-item', 'ri', 'rm', 'rmdir', 'erase']);

/**
 * The files a command deletes, as Sysmon records them (23, FileDelete: the deleting process and the file): cmd's
 * `del` / `erase`, PowerShell's `Remove-Item` (and its aliases), and SDelete, which renames a file to `ZZZ…ZZZ.ZZZ`
 * before it removes it. A wildcard stands for a file it matched (`*.pf` deletes some `file.pf`); the console history
 * PowerShell's `(Get-PSReadlineOption).HistorySavePath` names is its file. Rules on deleted prefetch files, backups,
 * event logs or the console history read these.
 */
export function fileDeletions(facts: CommandFacts): SigmaEvent[] {
  const inPowerShell = facts.invocations.some((invocation) => /^(?:powershell|pwsh)$/.test(invocation.name));
  return facts.invocations.flatMap((invocation): SigmaEvent[] => {
    const name = invocation.name;
    if (/^sdelete(?:64)?$/.test(name)) {
      const image = imageOf(invocation.text, true);
      return targets(invocation).map((file) =>
        deleted(
          image,
          file.replace(/[^\\]+$/, (leaf) => `${'Z'.repeat(Math.max(leaf.length - 4, 1))}.ZZZ`),
        ),
      );
    }
    const powershell = REMOVE_CMDLETS.has(name) || ((name === 'del' || name === 'erase') && inPowerShell);
    if (!powershell && name !== 'del' && name !== 'erase') return [];
    return targets(invocation).map((file) => deleted(powershell ? POWERSHELL : CMD, file));
  });
}

const deleted = (image: string, file: string): SigmaEvent => ({ EventID: 23, Image: image, TargetFilename: file, User: 'CONTOSO\\user' });

/** The files an invocation names to delete, as full paths (a relative name in the working directory). */
function targets(invocation: Invocation): string[] {
  const words = invocation.args.map((word) => word.value);
  const named = words.flatMap((word, index) => (/^-(?:Path|LiteralPath)$/i.test(words[index - 1] ?? '') ? [word] : []));
  const given = named.length > 0 ? named : invocation.positionals.map((word) => word.value);
  return given.flatMap((word) => {
    if (/HistorySavePath/i.test(word)) return [CONSOLE_HISTORY];
    if (!/[\\.]/.test(word) || /^[-/]/.test(word) || /^\d+$/.test(word) || /[$()]/.test(word)) return [];
    const path = recordedPath(withAccount(word), true) ?? (/^[\w.*?-]+$/.test(word) ? `${WORKING_DIRECTORY}\\${word}` : null);
    return path && !/^\\\\/.test(path) ? [path.replace(/\*/g, 'file').replace(/\?/g, 'a')] : [];
  });
}
