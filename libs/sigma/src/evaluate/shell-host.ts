import { bareName, isShellBuiltin } from '../templates/command-program';
import type { SigmaEvent } from './event-fields';
import { processEventOn } from './process-event';

export const CMD_IMAGE = 'C:\\Windows\\System32\\cmd.exe';
const SHELLS = new Set(['cmd', 'powershell', 'pwsh', 'powershell_ise']);

/** The command line of the cmd.exe an operator's tool (a C2's `shell`, a batch) starts a line with. */
export const cmdHostLine = (line: string) => `C:\\Windows\\system32\\cmd.exe /C ${line}`;

/**
 * The cmd.exe a Windows line ran in, as process telemetry records it, when the line does not start a shell itself:
 * a built-in (`copy`, `del`, `type`, `echo`) is no process of its own, so the line is cmd.exe's (`cmd.exe /C copy …`),
 * and a line with a pipe, a redirection or `&&` ran in a shell that did the plumbing. A single program an operator
 * ran through a shell (a C2's `shell whoami`, a batch file) is cmd.exe's child: the program's event with that parent
 * is kept beside the one without, since the article does not say which way it ran. Null for a line of a shell or a
 * PowerShell cmdlet (those are PowerShell's, see powershell-logs.ts).
 */
export function cmdHost(executed: string, outer: SigmaEvent): { shell: SigmaEvent; builtin: boolean; child: SigmaEvent | null } | null {
  const image = outer['Image'];
  if (typeof image !== 'string') return null;
  const name = bareName(image);
  if (SHELLS.has(name) || /^[A-Za-z]+-[A-Za-z]+$/.test(name)) return null;
  const builtin = isShellBuiltin(name) && !/[\\/]/.test(executed.trim().split(/\s/)[0] ?? '');
  const shellLine = cmdHostLine(executed);
  const shell = { ...processEventOn(true, shellLine, null), Image: CMD_IMAGE };
  if (builtin) return { shell, builtin, child: null };
  const child = outer['ParentImage'] ? null : { ...outer, ParentImage: CMD_IMAGE, ParentCommandLine: shellLine };
  return { shell, builtin, child };
}

// The program Windows hands a script or package to when a line names the file itself (its file association).
const RUNNERS: Array<[RegExp, (path: string, rest: string) => string]> = [
  [/\.(?:bat|cmd)$/i, (path, rest) => `C:\\Windows\\system32\\cmd.exe /c ""${path}"${rest ? ` ${rest}` : ''}"`],
  [/\.(?:vbs|vbe|js|jse|wsf|wsh)$/i, (path, rest) => `"C:\\Windows\\System32\\WScript.exe" "${path}"${rest ? ` ${rest}` : ''}`],
  [/\.hta$/i, (path, rest) => `"C:\\Windows\\System32\\mshta.exe" "${path}"${rest ? ` ${rest}` : ''}`],
  [/\.msi$/i, (path, rest) => `"C:\\Windows\\System32\\msiexec.exe" /i "${path}"${rest ? ` ${rest}` : ''}`],
];

/**
 * The process of a line that names a script or an installer package (`C:\\ProgramData\\x.bat`, `update.vbs`, `a.msi`):
 * no process has that file as its image; Windows starts the program associated with it (cmd.exe for a batch file,
 * WScript for a VBScript or JScript file, mshta for an HTA, msiexec for a package) with the file on its command line.
 */
export function scriptRunner(executed: string, typed: SigmaEvent): SigmaEvent | null {
  const image = typed['Image'];
  if (typeof image !== 'string') return null;
  const runner = RUNNERS.find(([extension]) => extension.test(image));
  if (!runner) return null;
  const first = /^\s*("[^"]+"|\S+)\s*(.*)$/.exec(executed);
  const line = runner[1](image, (first?.[2] ?? '').trim());
  return { ...typed, ...processEventOn(true, line, null), ...parentOf(typed) };
}

const parentOf = (event: SigmaEvent): SigmaEvent =>
  event['ParentImage'] ? { ParentImage: event['ParentImage'], ParentCommandLine: event['ParentCommandLine'] } : {};
