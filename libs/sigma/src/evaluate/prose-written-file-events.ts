import { proseWrittenFiles } from '../templates/prose-written-files';
import type { ProseEvent } from './prose-tool-events';

// Who wrote it is not stated: a program the intruder brought, run from the user's downloads.
const WRITER = 'C:\\Users\\user\\Downloads\\setup.exe';

/** The file events of the Windows files the prose says the intruder wrote (templates/prose-written-files.ts): Sysmon 11. */
export function proseWrittenFileEvents(content: string | undefined): ProseEvent[] {
  return proseWrittenFiles(content).map((path) => ({
    observable: `written file: ${path}`,
    platform: 'windows',
    event: { EventID: 11, Image: WRITER, TargetFilename: path },
  }));
}
