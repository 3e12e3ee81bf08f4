import { allInvocations, parseCommandLine } from '@huntforge/observables';
import { isDistinctive } from './distinctive-values';
import { isRandomName } from './command-values';

/**
 * Files a Unix shell writes for a command (`base64 -d > /run/systemd/generator.early/sysmon.service`). The shell, not
 * the program, opens the file: the program's process is `base64 -d`, with no path on its command line, so a process
 * rule keyed on the path never fires. Telemetry shows the write as a file event (Sysmon for Linux 11, auditd PATH),
 * whose TargetFilename a rule keys on, as a detection engineer writes it: the folder, and the file names written there.
 */
export interface FolderWrites {
  /** The folder, ending in `/`. */
  folder: string;
  /** The file names written in it, each as TargetFilename ends (`/sysmon.service`); none when they were made up for the run. */
  names: string[];
}

// Where a write is the system's, not a file of the intrusion's (devices, the kernel's views).
const NOT_A_FILE = /^\/(?:dev|proc|sys)\//;

/**
 * The absolute paths a line's own shell redirections write (`>`, `>>`; not a heredoc, not a descriptor). A redirection
 * inside a command handed to another shell (`sh -c '… > /x'`) is that shell's, whose telemetry the line does not show.
 */
export function redirectedPaths(commandLine: string): string[] {
  return parseCommandLine(commandLine, { platform: 'unix' }).invocations.flatMap((invocation) =>
    invocation.redirects.flatMap((redirect) => {
      const path = redirect.target?.value;
      return (redirect.operator === '>' || redirect.operator === '>>') && path && /^\/[^\s$`]+$/.test(path) && !NOT_A_FILE.test(path)
        ? [path]
        : [];
    }),
  );
}

/** The raw words of a line's redirect targets, as written, to leave out of the program's own command-line values. */
export function redirectTargetsAsWritten(commandLine: string, windows: boolean): string[] {
  return allInvocations(parseCommandLine(commandLine, { platform: windows ? 'windows' : 'unix' })).flatMap((invocation) =>
    invocation.redirects.flatMap((redirect) => (redirect.target && !redirect.operator.startsWith('<<') ? [redirect.target.raw] : [])),
  );
}

/** The folders the lines' redirections write into, with the names written there; folders that say nothing left out. */
export function folderWrites(commandLines: readonly string[]): FolderWrites[] {
  const byFolder = new Map<string, Set<string>>();
  for (const path of commandLines.flatMap(redirectedPaths)) {
    const cut = path.lastIndexOf('/');
    const folder = path.slice(0, cut + 1);
    const name = path.slice(cut + 1);
    // A folder of common names only (/tmp/, /etc/) is where every script writes its output (`ps aux > /tmp/out.txt`).
    if (!isDistinctive(folder)) continue;
    const names = byFolder.get(folder) ?? new Set<string>();
    if (name && !isRandomName(name)) names.add(`/${name}`);
    byFolder.set(folder, names);
  }
  return [...byFolder.entries()].map(([folder, names]) => ({ folder, names: [...names] }));
}

interface WriteKind {
  folder: RegExp;
  /** What the files written there are (`Systemd Unit Or Generator`). */
  subject: string;
  tags: string[];
}

// What writing into a folder is, when the knowledge names it; the first that matches every folder of the rule.
const WRITE_KINDS: readonly WriteKind[] = [
  {
    folder: /\/systemd\/|\/systemd-generators?\//,
    subject: 'Systemd Unit Or Generator',
    tags: ['attack.persistence', 'attack.t1543.002'],
  },
  { folder: /\/cron|\/var\/spool\/cron\//, subject: 'Cron File', tags: ['attack.persistence', 'attack.t1053.003'] },
  {
    folder: /\/Library\/Launch(?:Agents|Daemons)\//i,
    subject: 'Launch Agent Or Daemon',
    tags: ['attack.persistence', 'attack.t1543.001'],
  },
  { folder: /\/\.ssh\//, subject: 'SSH File', tags: ['attack.persistence', 'attack.t1098.004'] },
];

/** The persistence folder kind every one of the folders is, or null. */
export function persistenceKind(folders: readonly string[]): { subject: string; tags: string[] } | null {
  return WRITE_KINDS.find((kind) => folders.length > 0 && folders.every((folder) => kind.folder.test(folder))) ?? null;
}

/** The title and tags of a rule on the folders written. */
export function writeKind(folders: readonly string[]): { title: string; tags: string[] } {
  const known = persistenceKind(folders);
  return known
    ? { title: `${known.subject} Written From A Shell`, tags: known.tags }
    : { title: 'Files Written Into The Reported Folders From A Shell', tags: [] };
}
