import type { SigmaFieldMap } from '@huntforge/contracts/sigma';
import { isRandomName } from './command-values';
import { programRuns } from './command-program';
import { recordedPath, writtenPaths } from './program-writes';
import { anyOf, selectionValues, type ProductLine, type SideEffectRule } from './side-effect-rule';
import { extensionOf, isQuietFolder, keyedWindowsFolder } from './windows-write-folders';
import { mergedByFolder } from './written-file-selections';

/**
 * Payloads the intruder's commands name in a folder any user can write (`C:\ProgramData\x.exe`, `rundll32
 * %PUBLIC%\y.dll,Start`, `schtasks /tr "%APPDATA%\z.vbs"`, `reg add …\Run /d C:\Users\Public\u.bat`): whatever the
 * command does with it (runs it, loads it, registers it), the file was written there first. A detection engineer keys
 * the write (Sysmon 11) on the folder, the user's profile cut out, and the file's name: it holds when the next
 * intrusion starts the payload another way. One reading for the rule and its synthetic events
 * (evaluate/command-side-effects.ts).
 */

// A program, a library, a script or an installer.
const PAYLOAD = /\.(?:exe|dll|scr|cpl|ocx|bat|cmd|ps1|psm1|vbs|vbe|js|jse|wsf|hta|msi|lnk|jar|sys)$/i;
// A Windows path (drive or folder variable) up to a blank, a quote, a comma (rundll32's entry point) or a separator.
const WINDOWS_PATH = /(?<![\w\\%$])(?:[A-Za-z]:\\|%[A-Za-z_]+%\\|\$env:[A-Za-z_]+\\)[^\s"'`,;|<>*?()]+/g;
// Folders any user can write, where droppers stage their payload (a Temp folder at the drive's root too); the vendors'
// own trees under them are left out.
const USER_WRITABLE =
  /\\(?:Users\\Public(?:\\(?:Music|Documents|Downloads|Libraries))?|ProgramData|AppData\\(?:Local(?:\\Temp)?|Roaming|LocalLow)|Windows\\Temp|PerfLogs|Downloads|Desktop|Documents|Music|(?<=^[A-Za-z]:\\)Temp)\\/i;
const VENDOR_TREE = /\\(?:ProgramData|AppData\\(?:Local|Roaming))\\(?:Microsoft|Package Cache|Packages)\\/i;

/** Whether a recorded Windows path is a payload in a user-writable folder, outside the vendors' own trees there. */
export function isStagedPayload(path: string): boolean {
  return PAYLOAD.test(path) && USER_WRITABLE.test(path) && !VENDOR_TREE.test(path);
}

/** The payload paths a Windows command line names in a user-writable folder, as Sysmon records them. */
export function stagedPayloadPaths(commandLine: string): string[] {
  // A file the line itself downloads, copies or decodes there is the dropped-file rule's (dropped-files.ts).
  const runs = programRuns(commandLine, true).map((run) => run.commandLine);
  const written = new Set(
    (runs.length > 0 ? runs : [commandLine])
      .flatMap((line) => {
        const { program, shell } = writtenPaths(line, true);
        return [...program, ...shell];
      })
      .flatMap((path) => recordedPath(path, true) ?? [])
      .map((path) => path.toLowerCase()),
  );
  const paths = new Set<string>();
  for (const match of commandLine.matchAll(WINDOWS_PATH)) {
    const path = recordedPath(match[0].replace(/[.:]+$/, ''), true);
    if (!path || !isStagedPayload(path) || written.has(path.toLowerCase())) continue;
    paths.add(path);
  }
  return [...paths];
}

/**
 * A staged payload's selection: the user-writable folder it is in as SigmaHQ keys it (windows-write-folders.ts; a
 * subfolder under it is most often made up for the run) and the file's name; in a folder where everyday software
 * writes no programs (the Public folders), the file's kind instead, which holds whatever the next payload is called.
 */
export function stagedSelection(path: string): SigmaFieldMap | null {
  const name = path.slice(path.lastIndexOf('\\') + 1);
  const root = USER_WRITABLE.exec(path);
  if (!root) return null;
  const kept = keyedWindowsFolder(`${path.slice(0, (root.index ?? 0) + root[0].length)}${name}`);
  if (!kept) return null;
  const extension = extensionOf(name);
  if (isQuietFolder(kept) && extension) return { 'TargetFilename|contains': kept, 'TargetFilename|endswith': extension };
  if (isRandomName(name)) return null;
  return { 'TargetFilename|contains': kept, 'TargetFilename|endswith': `\\${name}` };
}

/** One file_event rule on the payloads the article's Windows commands name in user-writable folders. */
export function stagedPayloadRules(lines: readonly ProductLine[], cited: string): SideEffectRule[] {
  const selections = new Map<string, SigmaFieldMap>();
  const paths: string[] = [];
  for (const { product, commandLine } of lines) {
    if (product !== 'windows') continue;
    for (const path of stagedPayloadPaths(commandLine)) {
      const selection = stagedSelection(path);
      if (!selection) continue;
      const key = JSON.stringify(selection).toLowerCase();
      if (selections.has(key)) continue;
      selections.set(key, selection);
      paths.push(path);
    }
  }
  if (selections.size === 0) return [];
  const list = mergedByFolder([...selections.values()]);
  return [
    {
      telemetryClass: 'file_event',
      body: {
        title: 'Payload Staged In A User-Writable Folder',
        description: `Detects the intruder's payload (${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ' and others' : ''}) being written into a folder any user can write, as the commands ${cited} ran, loaded or registered it from there.`,
        logsource: { category: 'file_event', product: 'windows' },
        detection: anyOf(list),
        tags: ['attack.command-and-control', 'attack.t1105', 'attack.stealth', 'attack.t1036'],
        level: 'medium',
        falsepositives: ['Software installing or updating itself into the same folder under the same name'],
      },
      values: selectionValues(list),
    },
  ];
}
