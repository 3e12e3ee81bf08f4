import { parseCommandLine } from '@huntforge/observables';
import type { SigmaEvent } from './event-fields';

/** A process_creation event for a command line: Image from its first token, OriginalFileName its file name. */
export function processEventOn(windows: boolean, commandLine: string, parent: string | null): SigmaEvent {
  const image = imageOf(commandLine, windows);
  const fileName = image.split(/[\\/]/).pop() ?? image;
  return {
    EventID: 1,
    CommandLine: commandLine,
    Image: image,
    OriginalFileName: fileName,
    ...(parent ? { ParentImage: imageOf(parent, windows), ParentCommandLine: parent } : {}),
  };
}

/**
 * The Image a command line's program would run as: the program of its first stage as the shared
 * command-line model reads it (quotes removed, an unquoted `C:\Program Files\…\app.exe` whole). A bare
 * Windows program name runs from the system folder, with the extension Windows adds (`sc` runs `sc.exe`)
 * when the rule is for Windows telemetry; a bare Unix one from /usr/bin.
 */
export function imageOf(commandLine: string, windows: boolean): string {
  const trimmed = commandLine.trim();
  const program = parseCommandLine(trimmed, { platform: windows ? 'windows' : 'unix', firstStage: true }).invocations[0]?.program;
  // No program (a bare assignment) or a bracketed group: the first word as written.
  const first = program?.value && !/^[({]/.test(program.raw) ? program.value : (trimmed.split(/\s+/)[0] ?? trimmed);
  if (/[\\/]/.test(first)) return first;
  if (/\.(exe|com|bat|cmd|scr)$/i.test(first)) return `C:\\Windows\\System32\\${first}`;
  return windows ? `C:\\Windows\\System32\\${first}.exe` : `/usr/bin/${first}`;
}
