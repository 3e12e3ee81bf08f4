import type { CommandFacts } from '@huntforge/observables';
import { bitsJobNamesOf, bitsJobOf } from '../templates/bits-transfers';
import { recordedPath } from './command-io-effects';
import type { SigmaEvent } from './event-fields';

export const BITS_CHANNEL = 'Microsoft-Windows-Bits-Client/Operational';
const BITS_SERVICE = 'C:\\Windows\\System32\\svchost.exe';

/**
 * A download handed to the Background Intelligent Transfer Service (`bitsadmin /transfer|/addfile … <url> <file>`,
 * `Start-BitsTransfer -Source <url> -Destination <file>`): the BITS client log's job created by the program (3),
 * its transfer (59, and 16403 with the remote and local names), and the file the BITS service itself writes (Sysmon
 * 11 by svchost.exe). Rules on the bits-client log read these.
 */
export function bitsJobs(facts: CommandFacts): SigmaEvent[] {
  return facts.invocations.flatMap((invocation) => {
    const job = bitsJobOf(invocation);
    if (!job) return createdJobNames(invocation).map((name) => jobCreated(name, 'C:\\Windows\\System32\\bitsadmin.exe'));
    const local = recordedPath(job.file, true);
    const title = job.title ?? 'BITS Transfer';
    return [
      jobCreated(title, job.program),
      { EventID: 59, Channel: BITS_CHANNEL, transferId: '{00000000-0000-0000-0000-000000000000}', name: title, url: job.url },
      { EventID: 16403, Channel: BITS_CHANNEL, RemoteName: job.url, LocalName: local ?? job.file, jobTitle: title },
      ...(local ? [{ EventID: 11, Image: BITS_SERVICE, TargetFilename: local }] : []),
    ];
  });
}

/** `bitsadmin /create <name>`: a job made empty, its files added and resumed by later commands. */
function createdJobNames(invocation: CommandFacts['invocations'][number]): string[] {
  return invocation.switches.some((s) => /^\/create$/i.test(s.name)) ? bitsJobNamesOf(invocation) : [];
}

/** The BITS client's record of a job being created (3), by the program that asked for it. */
function jobCreated(title: string, program: string): SigmaEvent {
  return { EventID: 3, Channel: BITS_CHANNEL, jobTitle: title, jobOwner: 'CONTOSO\\user', processPath: program, processId: '4242' };
}
