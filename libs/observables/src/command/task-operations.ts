import type { Word } from './lex';
import type { Invocation } from './parse';
import type { Building } from './building';

export type TaskManager = 'schtasks' | 'powershell' | 'at' | 'cron';

/** What a command does to a scheduled task, an `at` job or a cron table. */
export interface TaskOperation {
  readonly manager: TaskManager;
  /** `create`, `change`, `run`, `end`, `delete`, `query` (schtasks and the ScheduledTask cmdlets), `install` (crontab FILE, a cron line written). */
  readonly action: string;
  /** The task's name (`/tn`, `-TaskName`) as written; absent for cron entries and unnamed actions. */
  readonly name?: string;
  readonly nameWord?: Word;
  /** What the task runs (`/tr`, `-Execute` with `-Argument`, a cron line's command). */
  readonly command?: string;
  /** When it runs: schtasks' `/sc` (with `/mo`), a cron schedule (`*\/5 * * * *`, `@reboot`). */
  readonly schedule?: string;
  /** The account it runs as (`/ru`, `-User`, a system crontab's user field). */
  readonly user?: string;
  readonly invocation: Invocation;
}

const SCHTASKS_ACTIONS = ['create', 'change', 'run', 'end', 'delete', 'query', 'showsid'];
const CMDLET_ACTIONS: Record<string, string> = {
  'register-scheduledtask': 'create',
  'new-scheduledtask': 'create',
  'set-scheduledtask': 'change',
  'enable-scheduledtask': 'change',
  'disable-scheduledtask': 'change',
  'start-scheduledtask': 'run',
  'stop-scheduledtask': 'end',
  'unregister-scheduledtask': 'delete',
  'get-scheduledtask': 'query',
};

// A crontab entry: five time fields (at least one "*", or all numeric lists) or an @nickname, then the command.
const CRON_LINE =
  /^\s*((?:[\d*/,-]+[ \t]+){4}[\d*/,-]+|@(?:reboot|hourly|daily|weekly|monthly|yearly|annually|midnight))[ \t]+(\S[\s\S]*)$/;
const CRON_USER = /^([a-z_][a-z0-9_-]{0,31})[ \t]+(\S[\s\S]*)$/;
const CRON_FILE =
  /(?:^|\/)(?:crontab|cron\.d\/[^/\s]+|cron\.(?:hourly|daily|weekly|monthly)\/[^/\s]+|spool\/cron(?:\/crontabs)?\/[^/\s]+)$/;

/** A crontab line read as schedule, optional user (system crontabs) and command; null when it is not one. */
export function cronEntry(line: string, systemTable = false): { schedule: string; user?: string; command: string } | null {
  const m = CRON_LINE.exec(line);
  if (!m) return null;
  const schedule = m[1] as string;
  if (!schedule.startsWith('@') && !schedule.includes('*') && !/^[\d,-]+(?:\s+[\d*/,-]+){4}$/.test(schedule)) return null;
  const rest = (m[2] as string).trim();
  const user = systemTable ? CRON_USER.exec(rest) : null;
  return user ? { schedule, user: user[1] as string, command: (user[2] as string).trim() } : { schedule, command: rest };
}

/** The task operations of one stage. `echo "* * * * * x" >> /etc/crontab` and `(…; echo "…") | crontab -` write cron lines. */
export function taskOperations(invocation: Invocation): TaskOperation[] {
  const name = invocation.name;
  if (name === 'schtasks') return schtasksOperation(invocation);
  if (name === 'at') return atOperation(invocation);
  if (name === 'crontab') return crontabOperation(invocation);
  if (name === 'echo' || name === 'printf') return cronWrite(invocation);
  const action = CMDLET_ACTIONS[name];
  if (action) return cmdletOperation(action, invocation);
  if (name === 'new-scheduledtaskaction') return actionOperation(invocation);
  return [];
}

function schtasksOperation(invocation: Invocation): TaskOperation[] {
  const option = (key: string) => invocation.switches.find((s) => s.name === key);
  const action = SCHTASKS_ACTIONS.find((verb) => option(`/${verb}`));
  if (!action) return [];
  const operation: Building<TaskOperation> = { manager: 'schtasks', action, invocation };
  const tn = option('/tn')?.value;
  if (tn) {
    operation.name = tn.value;
    operation.nameWord = tn;
  }
  const tr = option('/tr')?.value?.value;
  const sc = option('/sc')?.value?.value;
  const mo = option('/mo')?.value?.value;
  const ru = option('/ru')?.value?.value;
  if (tr) operation.command = tr;
  if (sc) operation.schedule = mo ? `${sc} /mo ${mo}` : sc;
  if (ru) operation.user = ru;
  return [operation];
}

function cmdletOperation(action: string, invocation: Invocation): TaskOperation[] {
  const named = (...names: string[]) => invocation.switches.find((s) => names.includes(s.name))?.value;
  const nameWord = named('-taskname') ?? invocation.positionals[0];
  const operation: Building<TaskOperation> = { manager: 'powershell', action, invocation };
  if (nameWord && !/^[$(@]/.test(nameWord.raw)) {
    operation.name = nameWord.value;
    operation.nameWord = nameWord;
  }
  // `-Action (New-ScheduledTaskAction -Execute X -Argument Y)` states what the task runs.
  const taskAction = invocation.inner.find((inner) => inner.name === 'new-scheduledtaskaction');
  const command = taskAction ? actionOperation(taskAction)[0]?.command : undefined;
  if (command) operation.command = command;
  const user = named('-user', '-userid');
  if (user && !/^[$(]/.test(user.raw)) operation.user = user.value;
  return operation.name || operation.command ? [operation] : [];
}

/** `New-ScheduledTaskAction -Execute X -Argument Y`: what a task registered next will run. */
function actionOperation(invocation: Invocation): TaskOperation[] {
  const named = (key: string) => invocation.switches.find((s) => s.name === key)?.value;
  const execute = named('-execute');
  if (!execute || /^[$(]/.test(execute.raw)) return [];
  return [
    { manager: 'powershell', action: 'create', command: [execute.value, named('-argument')?.value].filter(Boolean).join(' '), invocation },
  ];
}

function atOperation(invocation: Invocation): TaskOperation[] {
  const [time, ...rest] = invocation.positionals;
  if (!time || !/^\d{1,2}:\d{2}/.test(time.value) || rest.length === 0) return [];
  const command = rest.map((w) => w.value).join(' ');
  return [{ manager: 'at', action: 'create', command, schedule: time.value, invocation }];
}

function crontabOperation(invocation: Invocation): TaskOperation[] {
  const flags = invocation.switches.map((s) => s.name);
  if (flags.includes('-r')) return [{ manager: 'cron', action: 'delete', invocation }];
  if (flags.includes('-l') || flags.includes('-e')) return [];
  // `crontab FILE` or `… | crontab -` installs a table.
  return invocation.positionals.length > 0 || invocation.joiner === '|' ? [{ manager: 'cron', action: 'install', invocation }] : [];
}

/** `echo "*\/5 * * * * cmd" >> /etc/crontab` (or into a pipe to crontab): the cron line written. */
function cronWrite(invocation: Invocation): TaskOperation[] {
  const target = invocation.redirects.find((r) => /^>>?$/.test(r.operator))?.target?.value ?? '';
  const systemTable = /^\/etc\/(?:crontab|cron\.d\/)/.test(target);
  return invocation.positionals.flatMap((word) => {
    const entry = cronEntry(word.value, systemTable);
    if (!entry) return [];
    if (target && !CRON_FILE.test(target)) return [];
    return [
      {
        manager: 'cron' as const,
        action: 'install',
        command: entry.command,
        schedule: entry.schedule,
        ...(entry.user ? { user: entry.user } : {}),
        invocation,
      },
    ];
  });
}
