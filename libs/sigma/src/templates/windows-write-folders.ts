/**
 * How a detection engineer keys the folder of a file the intruder wrote on Windows, as SigmaHQ's file_event rules do:
 * a folder at the root of the drive from its `:\` (`:\ProgramData\`, `:\Users\Public\`, `:\Windows\Temp\`,
 * `:\PerfLogs\`): the drive letter varies, the colon pins the folder to the root; a folder in a user's profile from
 * the part after the user (`\AppData\Roaming\`): the account varies. And whether the folder is one where everyday
 * software never writes programs or scripts, so that the file's kind (its extension) is the finding whatever its
 * name: the shared Public folders and PerfLogs are; Temp, AppData, ProgramData and the Windows folder are where
 * installers and updaters write programs all day, and a rule there needs the file's name.
 */

// Public folders and the performance-log folder: no installer drops a program or a script there.
const QUIET_ROOT = /^:\\(?:Users\\Public|PerfLogs)\\/i;
// A Windows path with a drive; a share of a remote machine's drive (`\\host\C$\…`, `\\host\ADMIN$\…`) lands there too.
const DRIVE = /^[a-z]:(?=\\)/i;
const ADMIN_SHARE = /^\\\\[^\\]+\\(?:([a-z])\$|(admin)\$)(?=\\)/i;

/**
 * The path as the machine it lands on records it: a copy onto a remote machine's administrative share
 * (`\\host\C$\Windows\Temp\x.exe`) is written to `C:\Windows\Temp\x.exe` there; any other path unchanged.
 */
export function landedPath(path: string): string {
  const share = ADMIN_SHARE.exec(path);
  if (!share) return path;
  const rest = path.slice(share[0].length);
  return share[2] ? `C:\\Windows${rest}` : `${(share[1] as string).toUpperCase()}:${rest}`;
}

/**
 * The folder of a Windows file path as a rule keys it (`:\ProgramData\Quill\`, `\AppData\Local\Temp\`), or null when
 * no stable folder is left (a share, a relative path, a placeholder the article wrote for a value).
 */
export function keyedWindowsFolder(path: string): string | null {
  const landed = landedPath(path);
  if (!DRIVE.test(landed)) return null;
  const folder = landed.slice(1, landed.lastIndexOf('\\') + 1);
  const inProfile = /^:\\Users\\([^\\]+)(\\.*)$/i.exec(folder);
  const kept = inProfile && !/^public$/i.test(inProfile[1] as string) ? (inProfile[2] as string) : folder;
  if (kept === ':\\' || kept === '\\' || /[[\]<>{}%$]/.test(kept)) return null;
  return kept;
}

/** Whether programs and scripts written into the folder (as keyedWindowsFolder gives it) are suspect by their kind alone. */
export function isQuietFolder(folder: string): boolean {
  return QUIET_ROOT.test(folder);
}

/** The extension of a file name, lower case with its dot (`.dll`), or null. */
export function extensionOf(name: string): string | null {
  const match = /\.[A-Za-z0-9]{1,5}$/.exec(name);
  return match ? match[0].toLowerCase() : null;
}
