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

// bitsadmin switches that name the job they act on: `/create [/download|/upload] <name>`, `/addfile <name> …`.
const NAMED_JOB_SWITCHES =
  /^\/(?:create|transfer|addfile|setnotifycmdline|setnotifyflags|resume|complete|setminretrydelay|setnoprogresstimeout)$/i;
// A title that says nothing of who made the job (PowerShell's default, words every administrator uses).
const GENERIC_JOB_TITLE = /^(?:bits transfer|job\d*|download|upload|update|transfer|test\d*|mydownloadjob|myjob)$/i;

/**
 * The names the article's commands gave their BITS jobs. A job outlives the command that made it (BITS persists
 * jobs across reboots, and `/SetNotifyCmdLine` runs a program when it ends), and the BITS client log records the
 * job's title when it is created (3): an intruder's chosen title finds the same job made from any program.
 */
export function bitsJobNamesOf(invocation: Invocation): string[] {
  if (invocation.name === 'bitsadmin') {
    const named = invocation.switches.find((s) => NAMED_JOB_SWITCHES.test(s.name));
    if (!named) return [];
    const name = named.value?.value ?? invocation.positionals[0]?.value;
    return name && !/^https?:\/\//i.test(name) && !/[\\/]/.test(name) ? [name] : [];
  }
  if (invocation.name === 'start-bitstransfer') {
    const name = invocation.switches.find((s) => s.name === '-displayname')?.value?.value;
    return name ? [name] : [];
  }
  return [];
}

function distinctiveJobTitle(title: string): boolean {
  return title.trim().length >= 3 && !GENERIC_JOB_TITLE.test(title.trim());
}

/** The BITS jobs a Windows command line makes. */
export function bitsJobsOf(commandLine: string): BitsJob[] {
  return commandFacts(commandLine, { platform: 'windows' }).invocations.flatMap((invocation) => bitsJobOf(invocation) ?? []);
}

/**
 * The bits-client rules of the article's BITS jobs: one on the hosts they downloaded from (a vendor's update host left
 * out), one on the titles the intruder gave them.
 */
export function bitsTransferRules(lines: readonly ProductLine[], cited: string): SideEffectRule[] {
  const hosts = new Map<string, string>();
  const titles = new Map<string, string>();
  for (const { product, commandLine } of lines) {
    if (product !== 'windows') continue;
    for (const job of bitsJobsOf(commandLine)) {
      const host = hostOf(job.url);
      if (host && !isBenignInfrastructure(host)) hosts.set(host.toLowerCase(), host);
    }
    for (const invocation of commandFacts(commandLine, { platform: 'windows' }).invocations) {
      for (const title of bitsJobNamesOf(invocation)) if (distinctiveJobTitle(title)) titles.set(title.toLowerCase(), title);
    }
  }
  return [...hostRules([...hosts.values()], cited), ...titleRules([...titles.values()], cited)];
}

function titleRules(titles: readonly string[], cited: string): SideEffectRule[] {
  if (titles.length === 0) return [];
  const selections = [{ EventID: 3, jobTitle: titles.length === 1 ? (titles[0] as string) : [...titles] }];
  return [
    {
      telemetryClass: 'event_log',
      body: {
        title: 'BITS Job Created With A Reported Job Name',
        description: `Detects the creation of a BITS job named ${titles.map((title) => `'${title}'`).join(', ')}, as the commands ${cited} named it: the BITS client log records the title whichever program creates the job, and the job can outlive the command and a reboot.`,
        logsource: { product: 'windows', service: 'bits-client' },
        detection: anyOf(selections),
        tags: ['attack.stealth', 'attack.persistence', 'attack.t1197'],
        level: 'high',
        falsepositives: ['A legitimate updater that happens to use the same job name'],
      },
      values: selectionValues(selections),
    },
  ];
}

function hostRules(names: readonly string[], cited: string): SideEffectRule[] {
  if (names.length === 0) return [];
  const selections = [{ EventID: 16403, 'RemoteName|contains': names.length === 1 ? (names[0] as string) : [...names] }];
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
