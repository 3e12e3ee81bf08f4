import type { SigmaModifier, SigmaNode } from './sigma-tree';

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
 * syscalls are the SYSCALL records they write; lines that are not rules give nothing.
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
    const path = /-F\s+(?:exe|path)=(\/\S+)/.exec(rule)?.[1];
    if (/-S\s+(?:\S+,)?execve\b/.test(rule) && path) return [started(path)];
    return syscalls(rule);
  });
}

// The -F filters auditd writes into a SYSCALL record under the same name, and the ones that only pick the log (arch,
// the key, which is kept as its own test). Any other filter (dir, path, a name in place of an ID) leaves the rule out.
const RECORD_FIELDS = /^(?:a[0-3]|exe|success|exit|uid|euid|suid|fsuid|auid|gid|egid|pid|ppid|ses)$/;
const OPERATORS: Readonly<Record<string, SigmaModifier>> = { '=': 'eq', '!=': 'eq', '>=': 'gte', '<=': 'lte', '>': 'gt', '<': 'lt' };

/**
 * A syscall rule without a path (`-a always,exit -F arch=b64 -S ptrace -F a0=0x4 -k code_injection`): the SYSCALL
 * records it writes, each of its syscalls with its filters as the record shows them (arguments in hex, success as
 * yes/no, an unset ID as 4294967295) and its key. A filter the record does not carry as written gives nothing.
 */
function syscalls(rule: string): AuditdWatch[] {
  const names = [...rule.matchAll(/-S\s+(\S+)/g)].flatMap((match) => (match[1] as string).split(','));
  if (names.length === 0 || names.some((name) => !/^[a-z_0-9]+$/.test(name))) return [];
  const tests: SigmaNode[] = [cmp('type', 'eq', 'SYSCALL'), { kind: 'cmp', field: 'syscall', modifier: 'eq', values: names }];
  for (const filter of rule.matchAll(/-F\s+(\w+)(!=|>=|<=|=|>|<)(\S+)/g)) {
    const [, field, operator, raw] = filter as unknown as [string, string, string, string];
    if (field === 'arch') continue;
    if (field === 'key') {
      tests.push(cmp('key', 'eq', raw));
      continue;
    }
    const value = recordValue(field, raw);
    if (!RECORD_FIELDS.test(field) || value === null) return [];
    const modifier = OPERATORS[operator] as SigmaModifier;
    if (modifier !== 'eq' && !/^\d+$/.test(raw)) return [];
    const test: SigmaNode = { kind: 'cmp', field, modifier, values: [value] };
    tests.push(operator === '!=' ? { kind: 'not', child: test } : test);
  }
  const key = /(?:^|\s)-k\s+(\S+)/.exec(rule)?.[1];
  if (key && !key.startsWith('-')) tests.push(cmp('key', 'eq', key));
  return [{ logsource: { product: 'linux', service: 'auditd' }, condition: { kind: 'and', children: tests } }];
}

/** A filter's value as the SYSCALL record writes it, or null when it writes it otherwise (a user's name for an ID). */
function recordValue(field: string, raw: string): string | null {
  if (field === 'exe') return raw.startsWith('/') ? raw : null;
  if (field === 'success') return raw === '1' || raw === 'yes' ? 'yes' : raw === '0' || raw === 'no' ? 'no' : null;
  const number = /^0x[0-9a-f]+$/i.test(raw) ? Number.parseInt(raw, 16) : /^-?\d+$/.test(raw) ? Number(raw) : null;
  if (number === null) return null;
  // The record shows the arguments in hex, an unset ID (-1) as its unsigned value.
  if (/^a[0-3]$/.test(field)) return number < 0 ? null : number.toString(16);
  return String(number === -1 ? 4294967295 : number);
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
