import type { SigmaFieldMap } from '@huntforge/contracts/sigma';
import { bareName, programRuns } from './command-program';
import { isRandomName } from './command-values';
import { isDistinctive } from './distinctive-values';
import { persistenceKind } from './file-writes';
import { recordedPath, writtenPaths } from './program-writes';
import { anyOf, selectionValues, type ProductLine, type SideEffectRule } from './side-effect-rule';
import { extensionOf, isQuietFolder, keyedWindowsFolder } from './windows-write-folders';
import { mergedByFolder } from './written-file-selections';

/**
 * File-event rules on the files the article's programs are told to write: a download (`curl -o`, `-OutFile`,
 * `certutil -urlcache`, `bitsadmin /transfer`), a copy or a `tee` (program-writes.ts). Sysmon 11 records the file with
 * the program that wrote it, where the process rule sees only the command. A detection engineer keys the rule on
 * what holds for the next intrusion: the folder (the user's profile cut out), the file's name, and the downloader that
 * wrote it; only for a program, a library, a script or an installer whose name was not made up for the run (a
 * downloaded document or archive, or `v7.msi`, is the download command's finding, which its process rule has).
 * Files whose path is the behaviour (`/etc/ld.so.preload`, a shell profile, `authorized_keys`, the Startup folder)
 * are keyed on that path alone, whichever program or shell redirection wrote it.
 */

interface KnownFile {
  /** How the rule selects the file, written by a known downloader (`writer`) or another program. */
  selection: (path: string, writer: string | null) => SigmaFieldMap | null;
  title: string;
  tags: string[];
}

const exactly = (file: string) => (path: string) => (path === file ? { TargetFilename: file } : null);
const endingIn = (suffix: string) => (path: string) => (path.endsWith(suffix) ? { 'TargetFilename|endswith': suffix } : null);

// Files whose writing is a known persistence or defence-evasion step, on Linux and macOS.
const UNIX_KNOWN: readonly KnownFile[] = [
  {
    selection: exactly('/etc/ld.so.preload'),
    title: 'Dynamic Linker Preload File Written',
    tags: ['attack.persistence', 'attack.stealth', 'attack.t1574.006'],
  },
  { selection: exactly('/etc/rc.local'), title: 'RC Local Script Written', tags: ['attack.persistence', 'attack.t1037.004'] },
  { selection: exactly('/etc/crontab'), title: 'System Crontab Written', tags: ['attack.persistence', 'attack.t1053.003'] },
  { selection: exactly('/etc/sudoers'), title: 'Sudoers File Written', tags: ['attack.privilege-escalation', 'attack.t1548.003'] },
  {
    selection: endingIn('/.ssh/authorized_keys'),
    title: 'SSH Authorized Keys Written',
    tags: ['attack.persistence', 'attack.t1098.004'],
  },
  ...['/.bashrc', '/.bash_profile', '/.zshrc', '/.profile', '/etc/profile', '/etc/bash.bashrc'].map((suffix) => ({
    selection: endingIn(suffix),
    title: 'Shell Profile Written',
    tags: ['attack.persistence', 'attack.t1546.004'],
  })),
];

const STARTUP = '\\Start Menu\\Programs\\Startup\\';
const WINDOWS_KNOWN: readonly KnownFile[] = [
  {
    // The folder and the kind of file (`.lnk`, `.vbs`): what the next intrusion's startup item holds too.
    selection: (path) => {
      if (!path.toLowerCase().includes(STARTUP.toLowerCase())) return null;
      const extension = extensionOf(path.slice(path.lastIndexOf('\\') + 1));
      return { 'TargetFilename|contains': STARTUP, ...(extension ? { 'TargetFilename|endswith': extension } : {}) };
    },
    title: 'File Written Into A Startup Folder',
    tags: ['attack.persistence', 'attack.t1547.001'],
  },
];

// Downloaders whose write is the finding with the file: the rule keys on them too. (Not bitsadmin: the BITS service,
// svchost.exe, writes its transfers.)
const WRITERS = new Set(['curl', 'wget', 'certutil', 'powershell', 'pwsh', 'mshta', 'esentutl']);
// What a dropped file is when it is worth a rule: a program, a library, a script or an installer.
const RUNNABLE = /\.(?:exe|dll|scr|cpl|sys|msi|ps1|psm1|bat|cmd|vbs|vbe|js|jse|wsf|hta|lnk|jar|py|sh|elf|so|dylib)$/i;

interface Written {
  product: ProductLine['product'];
  /** The path as telemetry records it. */
  path: string;
  /** The program that wrote it (`curl.exe`, `powershell.exe`), or null for a shell or a built-in. */
  writer: string | null;
  /** Written by the shell's redirection, not by the program. */
  shellWrite: boolean;
}

/**
 * The files the lines' programs write, as the synthetic telemetry records them (evaluate/observable-events.ts reads the
 * programs of a line, or the line itself when it runs only built-ins, and writes each one's files).
 */
function writtenFiles(lines: readonly ProductLine[]): Written[] {
  return lines.flatMap(({ product, commandLine }) => {
    const windows = product === 'windows';
    const runs = programRuns(commandLine, windows);
    const texts = runs.length > 0 ? runs.map((run) => ({ text: run.commandLine, run })) : [{ text: commandLine, run: null }];
    return texts.flatMap(({ text, run }) => {
      const { program, shell } = writtenPaths(text, windows);
      const name = run ? (run.viaPowerShell ? 'powershell' : bareName(run.image).toLowerCase()) : '';
      const writer = WRITERS.has(name) ? name : null;
      const recorded = (paths: string[], by: string | null, shellWrite: boolean) =>
        paths.flatMap((path) => {
          const at = recordedPath(path, windows);
          return at ? [{ product, path: at, writer: by, shellWrite }] : [];
        });
      return [...recorded(program, writer, false), ...recorded(shell, null, true)];
    });
  });
}

/** A Windows folder as a rule keys it (windows-write-folders.ts), or null when nothing stable is left. */
const stableWindowsFolder = keyedWindowsFolder;

/** A Unix folder as a rule keys it: a home folder from the part after the user's (`/.config/systemd/user/`). */
function stableUnixFolder(path: string): string | null {
  const folder = path.slice(0, path.lastIndexOf('/') + 1).replace(/^\/(?:root|home\/[^/]+)(?=\/.)/, '');
  return isDistinctive(folder) && !/[[\]<>{}%$*]/.test(folder) ? folder : null;
}

/** The persistence folder kind a written file lands in (a systemd, cron, launchd or SSH folder), on Linux and macOS. */
const persistenceOf = ({ product, path }: Written) =>
  product === 'windows' ? null : persistenceKind([path.slice(0, path.lastIndexOf('/') + 1)]);

/** The selection of one written file, or null when nothing in it would hold for the next intrusion. */
function selectionOf({ product, path, writer }: Written): SigmaFieldMap | null {
  const windows = product === 'windows';
  const separator = windows ? '\\' : '/';
  const name = path.slice(path.lastIndexOf(separator) + 1);
  if (!name || /[[\]<>{}%$*?]/.test(name)) return null;
  const folder = windows ? stableWindowsFolder(path) : stableUnixFolder(path);
  const named = !isRandomName(name) && isDistinctive(name);
  // A program, a library, a script or an installer (on Unix a file without an extension too): a downloaded document or
  // archive is the process rule's, and a name made up for the run holds for no other intrusion.
  const runnable = RUNNABLE.test(name) || (!windows && !/\.[a-z0-9]{1,5}$/i.test(name));
  // Into a persistence folder any file is the finding: the folder, and the name unless it was made up.
  if (folder && persistenceOf({ product, path, writer, shellWrite: false }))
    return { 'TargetFilename|contains': folder, ...(named ? { 'TargetFilename|endswith': `${separator}${name}` } : {}) };
  // Into a folder where everyday software writes no programs, the program's kind is the finding whatever its name.
  const extension = windows && folder && isQuietFolder(folder) && RUNNABLE.test(name) ? extensionOf(name) : null;
  if (extension)
    return { ...(writer ? imageOf(writer, windows) : {}), 'TargetFilename|contains': folder, 'TargetFilename|endswith': extension };
  if (!named || !runnable) return null;
  // A name in a folder every machine has, written by no downloader: an administrator's file as well.
  if (!writer && !(folder && isDistinctive(folder))) return null;
  return {
    ...(writer ? imageOf(writer, windows) : {}),
    ...(folder ? { 'TargetFilename|contains': folder } : {}),
    'TargetFilename|endswith': `${separator}${name}`,
  };
}

function imageOf(writer: string, windows: boolean): SigmaFieldMap {
  if (writer === 'powershell' || writer === 'pwsh') return { 'Image|endswith': windows ? ['\\powershell.exe', '\\pwsh.exe'] : ['/pwsh'] };
  return { 'Image|endswith': windows ? `\\${writer}.exe` : `/${writer}` };
}

const key = (selection: SigmaFieldMap) => JSON.stringify(selection).toLowerCase();

/** One rule per known file kind and product, and one per product for the other dropped files. */
export function droppedFileRules(lines: readonly ProductLine[], cited: string): SideEffectRule[] {
  const written = writtenFiles(lines);
  const rules: SideEffectRule[] = [];
  const products = [...new Set(written.map((file) => file.product))];
  for (const product of products) {
    const files = written.filter((file) => file.product === product);
    const known = product === 'windows' ? WINDOWS_KNOWN : UNIX_KNOWN;
    const byTitle = new Map<string, { kind: KnownFile; selections: Map<string, SigmaFieldMap> }>();
    const rest = new Map<string, { selection: SigmaFieldMap; file: Written }>();
    for (const file of files) {
      const kind = known.find((entry) => entry.selection(file.path, file.writer) !== null);
      if (kind) {
        const selection = kind.selection(file.path, file.writer) as SigmaFieldMap;
        const entry = byTitle.get(kind.title) ?? { kind, selections: new Map() };
        entry.selections.set(key(selection), selection);
        byTitle.set(kind.title, entry);
        continue;
      }
      // A Unix shell's redirection into a folder is file-writes.ts's rule; a Windows one is kept when it writes a script
      // or a program (`echo … > C:\ProgramData\x\run.bat`), not captured output (`whoami > out.txt`).
      const selection = !file.shellWrite || (product === 'windows' && RUNNABLE.test(file.path)) ? selectionOf(file) : null;
      if (selection) rest.set(key(selection), { selection, file });
    }
    for (const { kind, selections } of byTitle.values()) {
      const list = mergedByFolder([...selections.values()]);
      rules.push({
        telemetryClass: 'file_event',
        body: {
          title: kind.title,
          description: `Detects a write to ${list.map((selection) => Object.values(selection).join('')).join(', ')}, as the commands ${cited} do.`,
          logsource: { category: 'file_event', product },
          detection: anyOf(list),
          tags: kind.tags,
          level: 'high',
          falsepositives: ['Administrators or configuration management changing the same file'],
        },
        values: selectionValues(list),
      });
    }
    // The files written into one kind of persistence folder, and the other dropped files: a rule each.
    const groups = new Map<string, Array<{ selection: SigmaFieldMap; file: Written }>>();
    for (const entry of rest.values()) {
      const subject = persistenceOf(entry.file)?.subject ?? '';
      groups.set(subject, [...(groups.get(subject) ?? []), entry]);
    }
    for (const [subject, entries] of groups) rules.push(droppedRule(product, subject, entries, cited));
  }
  return rules;
}

const TITLES: Record<string, string> = {
  powershell: 'PowerShell',
  pwsh: 'PowerShell',
  certutil: 'CertUtil',
  bitsadmin: 'BITSAdmin',
};
const programTitle = (writer: string) => TITLES[writer] ?? `${writer.charAt(0).toUpperCase()}${writer.slice(1)}`;

/** The rule on dropped files of one product: into a persistence folder (`subject`), or anywhere else (none). */
function droppedRule(
  product: ProductLine['product'],
  subject: string,
  entries: ReadonlyArray<{ selection: SigmaFieldMap; file: Written }>,
  cited: string,
): SideEffectRule {
  const writers = [...new Set(entries.flatMap(({ file }) => (file.writer ? [programTitle(file.writer)] : [])))];
  const by = writers.length > 0 ? ` By ${writers.join(' Or ')}` : '';
  const list = mergedByFolder(entries.map((entry) => entry.selection));
  const paths = entries.slice(0, 3).map(({ file }) => file.path);
  const persistence = subject ? persistenceOf(entries[0]?.file as Written) : null;
  return {
    telemetryClass: 'file_event',
    body: {
      title: subject ? `${subject} Written${by}` : writers.length > 0 ? `Payload Written${by}` : 'Tool Copied Into The Reported Folders',
      description: `Detects the files ${paths.join(', ')}${entries.length > 3 ? ' and others' : ''} being written${writers.length > 0 ? ` by ${writers.join(', ')}` : ''}, as the commands ${cited} do.`,
      logsource: { category: 'file_event', product },
      detection: anyOf(list),
      tags: persistence ? persistence.tags : ['attack.command-and-control', 'attack.t1105'],
      level: subject ? 'high' : 'medium',
      falsepositives: ['Administrators or installers fetching or copying the same files'],
    },
    values: selectionValues(list),
  };
}
