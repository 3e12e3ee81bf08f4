import { commandFacts, type Invocation } from '@huntforge/observables';
import { isBenignInfrastructure } from './benign-infrastructure';
import { anyOf, selectionValues, type ProductLine, type SideEffectRule } from './side-effect-rule';

/**
 * A download handed to the Background Intelligent Transfer Service (`bitsadmin /transfer|/addfile … <url> <file>`,
 * `Start-BitsTransfer -Source <url> -Destination <file>`). The BITS client log records its transfer (16403) with the
 * remote name however the job was made (bitsadmin, PowerShell, a program calling the BITS API), and keeps it when the
 * command line is long gone: a detection engineer keys the host the job fetched from there. Read once for the rules
 * and for the synthetic events (evaluate/bits-jobs.ts).
 */
export interface BitsJob {
  /** The program that made the job, as Sysmon records it. */
  program: string;
  title?: string;
  url: string;
  file: string;
}

export function bitsJobOf(invocation: Invocation): BitsJob | null {
  if (invocation.name === 'bitsadmin') {
    const transfer = invocation.switches.find((s) => /^\/(?:transfer|addfile)$/i.test(s.name));
    if (!transfer) return null;
    const words = invocation.positionals.map((word) => word.value);
    const url = words.findIndex((word) => /^https?:\/\//i.test(word));
    const file = words[url + 1];
    if (url < 0 || !file) return null;
    const title = transfer.value?.value ?? words[0];
    return { program: 'C:\\Windows\\System32\\bitsadmin.exe', title, url: words[url] as string, file };
  }
  if (invocation.name === 'start-bitstransfer') {
    const value = (name: string) => invocation.switches.find((s) => s.name === name)?.value?.value;
    const url = value('-source') ?? invocation.positionals[0]?.value;
    const file = value('-destination') ?? invocation.positionals[1]?.value;
    if (!url || !file || !/^https?:\/\//i.test(url)) return null;
    return { program: 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe', url, file };
  }
  return null;
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

/** The BITS jobs a Windows command line makes. */
export function bitsJobsOf(commandLine: string): BitsJob[] {
  return commandFacts(commandLine, { platform: 'windows' }).invocations.flatMap((invocation) => bitsJobOf(invocation) ?? []);
}

/** One bits-client rule on the hosts the article's BITS jobs downloaded from (a vendor's update host left out). */
export function bitsTransferRules(lines: readonly ProductLine[], cited: string): SideEffectRule[] {
  const hosts = new Map<string, string>();
  for (const { product, commandLine } of lines) {
    if (product !== 'windows') continue;
    for (const job of bitsJobsOf(commandLine)) {
      const host = hostOf(job.url);
      if (host && !isBenignInfrastructure(host)) hosts.set(host.toLowerCase(), host);
    }
  }
  if (hosts.size === 0) return [];
  const names = [...hosts.values()];
  const selections = [{ EventID: 16403, 'RemoteName|contains': names.length === 1 ? (names[0] as string) : names }];
  return [
    {
      telemetryClass: 'event_log',
      body: {
        title: 'BITS Job Downloading From The Reported Host',
        description: `Detects a BITS transfer from ${names.join(', ')}, as the commands ${cited} started: the BITS client log keeps the job's remote name whichever program made it.`,
        logsource: { product: 'windows', service: 'bits-client' },
        detection: anyOf(selections),
        tags: ['attack.stealth', 'attack.persistence', 'attack.t1197', 'attack.command-and-control', 'attack.t1105'],
        level: 'high',
        falsepositives: ['Unlikely'],
      },
      values: selectionValues(selections),
    },
  ];
}
