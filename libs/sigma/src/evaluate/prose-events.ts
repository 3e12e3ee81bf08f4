import { concretePath, noteSelection, proseFacts, type FileHash } from '../templates/prose-facts';
import { describedCommandLine, proseTechniqueDetection, proseTechniques, showingPrograms } from '../templates/prose-techniques';
import type { SigmaEvent } from './event-fields';
import { proseToolEvents, type ProseEvent } from './prose-tool-events';
import { proseWrittenFileEvents } from './prose-written-file-events';
import { rememberingLast } from '../templates/remembering-last';
import { persistenceFileEvents } from '../templates/unix-persistence-files';

export type { ProseEvent } from './prose-tool-events';

// A user-writable folder: where a side-loading pair, a dropped program or a ransomware binary runs from.
const DROP_FOLDER = 'C:\\Users\\user\\Downloads\\';
const USER_DOCUMENTS = 'C:\\Users\\user\\Documents\\';

const sysmonHashes = (hash: FileHash | undefined) => (hash ? { Hashes: `${hash.algorithm}=${hash.value}` } : {});

/**
 * The telemetry the endpoint facts an article states in prose would leave (templates/prose-facts.ts, the reading the
 * rules are made from): the library a program side-loads (Sysmon 7), the drivers loaded (Sysmon 6), the ransom note
 * and an encrypted file written (Sysmon 11), the files written at the stated paths (Sysmon 11, auditd PATH alike),
 * the intruder's programs, libraries and drivers with the hashes the article lists, and the well-known techniques its
 * prose shows (templates/prose-techniques.ts: "validates the password with dscl . -authonly") as process events.
 */
export const proseEvents: (content: string | undefined) => readonly ProseEvent[] = rememberingLast(readProseEvents);

function readProseEvents(content: string | undefined): ProseEvent[] {
  const facts = proseFacts(content);
  const hashOf = (file: string) => facts.hashes.find((hash) => hash.file.toLowerCase() === file.toLowerCase());
  const events: ProseEvent[] = [];
  const windows = (observable: string, event: SigmaEvent) => events.push({ observable, platform: 'windows', event });
  for (const { host, library } of facts.sideLoads)
    windows(`side-load: ${library}${host ? ` by ${host}` : ''}`, {
      EventID: 7,
      Image: `${DROP_FOLDER}${host ?? 'setup.exe'}`,
      ImageLoaded: `${DROP_FOLDER}${library}`,
      Signed: 'false',
      ...sysmonHashes(hashOf(library)),
    });
  for (const driver of facts.drivers) {
    const path = `C:\\Windows\\System32\\drivers\\${driver}`;
    windows(`driver: ${driver}`, { EventID: 6, ImageLoaded: path, ...sysmonHashes(hashOf(driver)) });
    // Its kernel service's install, as the System log records it.
    windows(`driver: ${driver}`, {
      EventID: 7045,
      Provider_Name: 'Service Control Manager',
      Channel: 'System',
      ServiceName: driver.replace(/\.sys$/i, ''),
      ImagePath: path,
      ServiceType: 'kernel mode driver',
    });
    // The file written before that: dropped beside the tool that brought it.
    windows(`driver: ${driver}`, { EventID: 11, Image: `${DROP_FOLDER}setup.exe`, TargetFilename: `${DROP_FOLDER}${driver}` });
  }
  const locker = `${DROP_FOLDER}locker.exe`;
  for (const note of facts.ransomNotes) {
    const { modifier, value } = noteSelection(note);
    const name = modifier === 'contains' ? note : value.slice(1);
    windows(`ransom note: ${note}`, { EventID: 11, Image: locker, TargetFilename: `${USER_DOCUMENTS}${name}` });
    events.push({
      observable: `ransom note: ${note}`,
      platform: 'unix',
      event: { EventID: 11, Image: '/tmp/locker', TargetFilename: `/home/user/${name}` },
    });
  }
  for (const extension of facts.encryptedExtensions) {
    windows(`encrypted extension: ${extension}`, {
      EventID: 11,
      Image: locker,
      TargetFilename: `${USER_DOCUMENTS}report.docx${extension}`,
    });
    events.push({
      observable: `encrypted extension: ${extension}`,
      platform: 'unix',
      event: { EventID: 11, Image: '/tmp/locker', TargetFilename: `/home/user/report.docx${extension}` },
    });
  }
  for (const stated of facts.paths) {
    const path = concretePath(stated);
    if (path) events.push({ observable: `file: ${stated.path}`, platform: stated.platform, event: { EventID: 11, TargetFilename: path } });
  }
  // Each listed program run, library and driver loaded, with the hash Sysmon records.
  for (const hash of facts.hashes) {
    const observable = `hash: ${hash.file}`;
    if (/\.exe$/i.test(hash.file))
      windows(observable, {
        EventID: 1,
        Image: `${DROP_FOLDER}${hash.file}`,
        CommandLine: `"${DROP_FOLDER}${hash.file}"`,
        ...sysmonHashes(hash),
      });
    else if (/\.dll$/i.test(hash.file))
      windows(observable, {
        EventID: 7,
        Image: `${DROP_FOLDER}setup.exe`,
        ImageLoaded: `${DROP_FOLDER}${hash.file}`,
        ...sysmonHashes(hash),
      });
    else windows(observable, { EventID: 6, ImageLoaded: `C:\\Windows\\System32\\drivers\\${hash.file}`, ...sysmonHashes(hash) });
  }
  // Each technique the prose shows run (prose-techniques.ts): its program with the values its detection keys. A
  // technique of any platform is read on Linux, whose images end as macOS's do; a whole line runs in a shell.
  for (const shown of proseTechniques(content)) {
    const product = shown.technique.product === 'macos' ? 'macos' : 'linux';
    const detection = proseTechniqueDetection(shown, product);
    for (const program of showingPrograms(shown.technique))
      events.push({
        observable: `prose: ${shown.technique.id} (${program})`,
        platform: 'unix',
        event: {
          EventID: 1,
          Image: `/usr/bin/${program}`,
          CommandLine: describedCommandLine(shown.technique.programs.length > 0 ? program : `${program} -c`, detection),
        },
      });
  }
  // The tools its prose says were run and the other-class telemetry it states (prose-tool-events.ts).
  events.push(...proseToolEvents(content));
  events.push(...proseWrittenFileEvents(content));
  events.push(...persistenceFileEvents(content));
  return events;
}
