import type { SigmaEvent } from './event-fields';

export { pastedLines } from '../templates/run-dialog';

export const EXPLORER = { ParentImage: 'C:\\Windows\\explorer.exe', ParentCommandLine: 'C:\\Windows\\Explorer.EXE' };
const RUN_MRU = 'HKU\\S-1-5-21-1004336348-1177238915-682003330-1001\\Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\RunMRU';

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
