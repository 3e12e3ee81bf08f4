import { destinationsOf } from '../templates/process-destinations';
import { recordedPath, writtenPaths } from '../templates/program-writes';
import type { SigmaEvent } from './event-fields';

export { recordedPath };

/**
 * The network and file traces of a program run: the host it resolves and connects to for each URL it is
 * given, and the finger server a `finger user@host` asks (Sysmon 22 and 3, with its own Image, which rules on
 * "certutil / curl / finger / PowerShell reaching out" read; templates/process-destinations.ts), and the file it writes where its command line says (`curl -o`, `wget -O`, `-OutFile`,
 * `certutil -urlcache … <url> <file>`, `bitsadmin /transfer … <url> <file>`, `.DownloadFile('<url>', '<file>')`, `certutil -decode`, `reg save`, an archive
 * `7z a` / `rar a` / `Compress-Archive` creates, a copy or move, a `>` redirection; templates/program-writes.ts): Sysmon 11.
 */
export function ioEffects(commandLine: string, image: string, windows: boolean): SigmaEvent[] {
  return [...networkEffects(commandLine, image), ...fileEffects(commandLine, image, windows)];
}

function networkEffects(commandLine: string, image: string): SigmaEvent[] {
  return destinationsOf(commandLine, image).flatMap(({ host, port, address }): SigmaEvent[] => [
    {
      EventID: 3,
      Image: image,
      Initiated: 'true',
      DestinationPort: port,
      ...(address ? { DestinationIp: host } : { DestinationHostname: host }),
    },
    ...(address ? [] : [{ EventID: 22, Image: image, QueryName: host }]),
  ]);
}

function fileEffects(commandLine: string, image: string, windows: boolean): SigmaEvent[] {
  const { program, shell } = writtenPaths(commandLine, windows);
  const events = new Map<string, SigmaEvent>();
  const add = (paths: string[], writer: string) => {
    for (const path of paths.map((written) => recordedPath(written, windows)))
      if (path !== null && !events.has(path)) events.set(path, { EventID: 11, Image: writer, TargetFilename: path });
  };
  add(program, image);
  add(shell, windows ? 'C:\\Windows\\System32\\cmd.exe' : '/bin/bash');
  return [...events.values()];
}
