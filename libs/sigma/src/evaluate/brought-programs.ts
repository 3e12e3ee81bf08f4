import type { SigmaEvent } from './event-fields';
import { DROPPED_FOLDER } from './windows-programs';

// Folders whose programs came with Windows or an installed product: a program there was not written by the intruder.
// A bare tool name's default folder (process-event.ts) is no place the article showed: nothing is said to be written there.
const INSTALLED = /^[A-Za-z]:\\(?:Windows|Program Files(?: \(x86\))?|ProgramData\\Microsoft\\Windows Defender)\\/i;
const WINDOWS_PATH = /^[A-Za-z]:\\[^"*?<>|\r\n]+\.(?:exe|com|scr|dll)$/i;

const defaultFolder = (image: string): boolean =>
  image.toLowerCase().startsWith(`${DROPPED_FOLDER.toLowerCase()}\\`) && !image.slice(DROPPED_FOLDER.length + 1).includes('\\');

/**
 * The file each program the intruder brought was written to before it ran: a process whose image (or parent image)
 * is a path the article shows outside the Windows and Program Files folders started from a file someone created there (Sysmon 11, the
 * writer unknown: the browser, an archive tool or a remote copy). Rules on tools landing on disk (a credential dumper's
 * or PsExec's file, an executable in Public or Temp) read these.
 */
export function broughtPrograms(events: readonly SigmaEvent[]): SigmaEvent[] {
  // A file the events already write (a download, a staged payload's write) is not written twice.
  const written = new Set(events.filter((event) => event['EventID'] === 11).map((event) => String(event['TargetFilename']).toLowerCase()));
  const paths = new Set<string>();
  for (const event of events) {
    if (event['EventID'] !== 1) continue;
    for (const field of ['Image', 'ParentImage'] as const) {
      const image = event[field];
      if (typeof image === 'string' && WINDOWS_PATH.test(image) && !INSTALLED.test(image) && !defaultFolder(image)) paths.add(image);
    }
  }
  return [...paths].filter((path) => !written.has(path.toLowerCase())).map((path) => ({ EventID: 11, TargetFilename: path }));
}
