import type { SigmaNode } from './sigma-tree';

/** One auditd rule as Sigma reads what it watches: the logsource and the test. */
export interface AuditdWatch {
  logsource: { category?: string; product: string; service?: string };
  condition: SigmaNode;
}

/**
 * auditctl rules (`-w /etc/cron.d/ -p wa -k cron`, `-a always,exit -F arch=b64 -S execve -F exe=/usr/bin/x -k k`):
 * what each watches as the event Sigma rules read. A write or attribute watch (w, a; a watch without -p too) is a file
 * written there (file_event's TargetFilename, the path or below a folder); an execute watch (x) or an execve rule on
 * a path is that program started (process_creation's Image), below a watched folder any program; a connect rule on a
 * program is its network connections; every watch is also auditd's own PATH record of the name. Rules of other
 * syscalls, and lines that are not rules, give nothing.
 */
export function parseAuditd(text: string): AuditdWatch[] {
  return text.split('\n').flatMap((line) => {
    if (/^\s*#/.test(line)) return [];
    const rule = line.replace(/^\s*(?:sudo\s+)?(?:auditctl\s+)?/, '').trim();
    // A watch without -p watches every access (rwxa): its writes are what a rule on it looks for (a configuration
    // file is not executed); a `.d` folder without its slash is still the folder.
    const watch = /^-w\s+(\/\S+)(?:\s+-p\s+([rwxa]+)\b)?/.exec(rule);
    if (watch) return watched(folderSlashed(watch[1] as string), watch[2] ?? 'wa');
    if (!/^-a\s+(?:always,exit|exit,always)\b/.test(rule)) return [];
    // A syscall rule on a path with permissions is the watch written another way (`-F path=/etc/x -F perm=wa`).
    const permissions = /-F\s+perm=([rwxa]+)\b/.exec(rule)?.[1];
    const place = /-F\s+(path|dir)=(\/\S+)/.exec(rule);
    if (permissions && place && !/-S\s/.test(rule))
      return watched(place[1] === 'dir' && !(place[2] as string).endsWith('/') ? `${place[2]}/` : (place[2] as string), permissions);
    // A program's connections (`-S connect -F exe=/usr/bin/bash`): its network connections.
    const program = /-F\s+exe=(\/\S+)/.exec(rule)?.[1];
    if (program && /-S\s+(?:\S+,)?connect\b/.test(rule) && !/-S\s+(?!connect\b)/.test(rule.replace(/-S\s+connect\b/, '')))
      return [{ logsource: { category: 'network_connection', product: 'linux' }, condition: cmp('Image', 'eq', program) }];
    if (!/-S\s+(?:\S+,)?execve\b/.test(rule)) return [];
    const path = /-F\s+(?:exe|path)=(\/\S+)/.exec(rule)?.[1];
    return path ? [started(path)] : [];
  });
}

const cmp = (field: string, modifier: 'eq' | 'startswith', value: string): SigmaNode => ({ kind: 'cmp', field, modifier, values: [value] });

// Folders auditd rules watch without their trailing slash: the `.d` configuration folders.
const folderSlashed = (path: string): string => (/\.d$/.test(path) ? `${path}/` : path);

function watched(path: string, permissions: string): AuditdWatch[] {
  const folder = path.endsWith('/');
  const file: SigmaNode = { kind: 'cmp', field: 'TargetFilename', modifier: folder ? 'startswith' : 'eq', values: [path] };
  const watches: AuditdWatch[] = [];
  if (/[wa]/.test(permissions)) watches.push({ logsource: { category: 'file_event', product: 'linux' }, condition: file });
  // An execute watch on a folder is any program started from below it.
  if (permissions.includes('x'))
    watches.push(
      folder
        ? { logsource: { category: 'process_creation', product: 'linux' }, condition: cmp('Image', 'startswith', path) }
        : started(path),
    );
  // What the watch itself records, in the log it writes (auditd's PATH record of the name), whatever it watches for.
  watches.push({
    logsource: { product: 'linux', service: 'auditd' },
    condition: {
      kind: 'and',
      children: [
        { kind: 'cmp', field: 'type', modifier: 'eq', values: ['PATH'] },
        { kind: 'cmp', field: 'name', modifier: folder ? 'startswith' : 'eq', values: [path] },
      ],
    },
  });
  return watches;
}

const started = (path: string): AuditdWatch => ({
  logsource: { category: 'process_creation', product: 'linux' },
  condition: { kind: 'cmp', field: 'Image', modifier: 'eq', values: [path] },
});
