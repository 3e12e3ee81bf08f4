import type { SigmaEvent } from './event-fields';
import { recordedPath } from './command-io-effects';
import { DROPPED_FOLDER } from './windows-programs';

// A program path inside a command line (`C:\ProgramData\tool.exe`, `"%TEMP%\x.exe"`, `\\host\share\x.exe` excluded:
// a remote copy is not where the program runs).
const PROGRAM_PATH = /(?:[A-Za-z]:\\|%[A-Za-z]+%\\)[^"'\s|&<>*?]*?\\([\w.-]+\.(?:exe|com|scr))(?=$|[\s"'|&<>,;)])/gi;
// What an article writes in place of the account (`C:\Users\[User]\…`, `<username>`, `%USERNAME%`; not a `{GUID}` folder).
const ACCOUNT_PLACEHOLDER = /\\(?:\[[^\]\\]*\]|<[^>\\]*>|%username%)(?=\\)/gi;

/** A path with the account an article hid (`C:\Users\[User]\…`) read as an account, as Sysmon records one. */
export const withAccount = (path: string): string => path.replace(ACCOUNT_PLACEHOLDER, '\\user');

/**
 * Where the article's command lines show its tools: a bare `tool.exe` in one line runs the `C:\…\tool.exe` another
 * line wrote, copied or deleted (the first full path named for it), as Sysmon records the path (placeholders for the
 * account read as an account, environment folders expanded).
 */
export function toolLocations(commandLines: readonly string[]): Map<string, string> {
  const locations = new Map<string, string>();
  for (const line of commandLines) {
    for (const match of line.matchAll(PROGRAM_PATH)) {
      const name = (match[1] ?? '').toLowerCase();
      if (locations.has(name)) continue;
      const path = recordedPath(withAccount(match[0]), true);
      if (path && !/^\\\\/.test(path)) locations.set(name, path);
    }
  }
  return locations;
}

const IMAGE_FIELDS = ['Image', 'ParentImage', 'SourceImage'] as const;

/**
 * The events with a dropped tool's Image (the working-directory default of process-event.ts) moved to where the
 * article shows that tool: rules on tools run from staging folders (ProgramData, Public, Temp) read that path.
 */
export function placeDroppedTools(events: readonly SigmaEvent[], locations: ReadonlyMap<string, string>): SigmaEvent[] {
  if (locations.size === 0) return [...events];
  const prefix = `${DROPPED_FOLDER.toLowerCase()}\\`;
  return events.map((event) => {
    let placed: SigmaEvent | null = null;
    for (const field of IMAGE_FIELDS) {
      const image = event[field];
      if (typeof image !== 'string' || !image.toLowerCase().startsWith(prefix)) continue;
      const name = image.slice(prefix.length);
      const location = /[\\/]/.test(name) ? undefined : locations.get(name.toLowerCase());
      if (location) (placed ??= { ...event })[field] = location;
    }
    return placed ?? event;
  });
}
