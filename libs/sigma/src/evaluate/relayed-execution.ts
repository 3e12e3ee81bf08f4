import type { CommandFacts, Invocation } from '@huntforge/observables';
import type { SigmaEvent } from './event-fields';
import { imageOf, processEventOn } from './process-event';

/**
 * The processes a command line has another Windows component start, as that component's child: a task's action
 * (the Task Scheduler's svchost.exe), a service's binary (services.exe), `wmic process call create` and
 * `Invoke-WmiMethod … Win32_Process Create` (WmiPrvSE.exe), PsExec's command (PSEXESVC.exe, with the service, its
 * file and its pipe that PsExec installs on the target). Rules on "a suspicious child of WmiPrvSE / services.exe /
 * the Task Scheduler" read these events, not the command line that asked for them. Also the logs' records of a task
 * the line creates, disables or deletes (Security 4698 with the action in its XML; the Task Scheduler's 106, 129, 141, 142).
 */
export function relayedExecution(facts: CommandFacts): SigmaEvent[] {
  return [...taskActions(facts), ...taskChanges(facts), ...serviceBinaries(facts), ...wmiProcesses(facts), ...psexecRuns(facts)];
}

// The account a service, a SYSTEM task or `psexec -s` runs its program as, as Sysmon records the process (and its parent's).
const AS_SYSTEM = { User: 'NT AUTHORITY\\SYSTEM', IntegrityLevel: 'System', LogonId: '0x3e7' };
export const UNDER_SYSTEM = { ...AS_SYSTEM, ParentUser: 'NT AUTHORITY\\SYSTEM' };

// The variables the Service Control Manager and the Task Scheduler expand before starting a command line.
const SYSTEM_VARIABLES: Array<[RegExp, string]> = [
  [/%comspec%/gi, 'C:\\Windows\\system32\\cmd.exe'],
  [/%(?:systemroot|windir)%/gi, 'C:\\Windows'],
  [/%programdata%/gi, 'C:\\ProgramData'],
];

const expanded = (commandLine: string) => SYSTEM_VARIABLES.reduce((line, [variable, value]) => line.replace(variable, value), commandLine);

const started = (
  commandLine: string,
  parentImage: string,
  parentCommandLine: string,
  context: Record<string, string> = {},
): SigmaEvent => ({
  ...processEventOn(true, expanded(commandLine), null),
  ParentImage: parentImage,
  ParentCommandLine: parentCommandLine,
  ...context,
});

const SYSTEM_ACCOUNT = /^(?:"?(?:NT AUTHORITY\\)?SYSTEM"?|S-1-5-18)$/i;

const TASK_HOST = 'C:\\Windows\\System32\\svchost.exe';
const TASK_HOST_LINE = 'C:\\Windows\\system32\\svchost.exe -k netsvcs -p -s Schedule';

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `schtasks /create … /tr <command>` or `Register-ScheduledTask` with an action: the 4698 record and the action's run. */
function taskActions(facts: CommandFacts): SigmaEvent[] {
  return facts.tasks
    .filter((task) => ['schtasks', 'powershell'].includes(task.manager) && task.action === 'create' && task.command)
    .flatMap((task) => {
      const command = (task.command ?? '').trim();
      const program = /^"([^"]+)"\s*(.*)$/.exec(command) ?? /^(\S+)\s*(.*)$/.exec(command);
      const name = task.name ? (task.name.startsWith('\\') ? task.name : `\\${task.name}`) : '\\Task';
      const content =
        `<?xml version="1.0" encoding="UTF-16"?><Task version="1.2" xmlns="http://schemas.microsoft.com/windows/2004/02/mit/task">` +
        `<Principals><Principal id="Author"><UserId>${xmlEscape(task.user ?? 'user')}</UserId></Principal></Principals>` +
        `<Actions Context="Author"><Exec><Command>${xmlEscape(program?.[1] ?? command)}</Command>` +
        (program?.[2] ? `<Arguments>${xmlEscape(program[2])}</Arguments>` : '') +
        `</Exec></Actions></Task>`;
      const path = imageOf(command, true);
      return [
        { EventID: 4698, Channel: 'Security', TaskName: name, TaskContent: content },
        // The Task Scheduler's own log: the task registered (106), and its action's process created (129).
        { EventID: 106, Channel: TASK_LOG, TaskName: name },
        { EventID: 129, Channel: TASK_LOG, TaskName: name, Path: path },
        started(command, TASK_HOST, TASK_HOST_LINE, SYSTEM_ACCOUNT.test(task.user ?? '') ? UNDER_SYSTEM : {}),
      ];
    });
}

const TASK_LOG = 'Microsoft-Windows-TaskScheduler/Operational';

/** A task disabled (`schtasks /change … /disable`, `Disable-ScheduledTask`) or deleted: the Task Scheduler logs 142 or 141. */
function taskChanges(facts: CommandFacts): SigmaEvent[] {
  return facts.tasks.flatMap((task): SigmaEvent[] => {
    if (!['schtasks', 'powershell'].includes(task.manager) || !task.name) return [];
    const name = task.name.startsWith('\\') ? task.name : `\\${task.name}`;
    const disabled =
      task.action === 'change' &&
      (task.invocation.switches.some((s) => s.name === '/disable') || task.invocation.name === 'disable-scheduledtask');
    if (disabled) return [{ EventID: 142, Channel: TASK_LOG, TaskName: name }];
    return task.action === 'delete' ? [{ EventID: 141, Channel: TASK_LOG, TaskName: name }] : [];
  });
}

const SERVICES = 'C:\\Windows\\System32\\services.exe';

/**
 * A service created or reconfigured with a binary: the Service Control Manager writes its ImagePath (registry set by
 * services.exe) and, when the service starts, runs the binary as its child.
 */
function serviceBinaries(facts: CommandFacts): SigmaEvent[] {
  return facts.services
    .filter(
      (service) => ['sc', 'powershell'].includes(service.manager) && ['create', 'config'].includes(service.action) && service.binaryPath,
    )
    .flatMap(({ name, binaryPath = '' }) => serviceStarted(name, binaryPath));
}

/** A service's ImagePath as services.exe writes it, and its binary started as services.exe's child, as SYSTEM. */
export function serviceStarted(name: string, binaryPath: string): SigmaEvent[] {
  return [
    {
      EventID: 13,
      EventType: 'SetValue',
      TargetObject: `HKLM\\System\\CurrentControlSet\\Services\\${name}\\ImagePath`,
      Details: binaryPath,
      Image: SERVICES,
    },
    started(binaryPath, SERVICES, SERVICES, UNDER_SYSTEM),
  ];
}

/** A task's action started by the Task Scheduler's svchost.exe. */
export function taskActionStarted(command: string): SigmaEvent {
  return started(command, TASK_HOST, TASK_HOST_LINE);
}

const WMI_HOST = 'C:\\Windows\\System32\\wbem\\WmiPrvSE.exe';
const WMI_HOST_LINE = 'C:\\Windows\\system32\\wbem\\wmiprvse.exe -secured -Embedding';

/** The command line `wmic … process call create <line>` or `Invoke-WmiMethod/Invoke-CimMethod … Win32_Process Create` asks WMI to start. */
function wmiCommand(invocation: Invocation): string | null {
  if (invocation.name === 'wmic') {
    const verbs = invocation.subcommands.map((word) => word.value.toLowerCase()).join(' ');
    if (verbs !== 'process call create') return null;
    return invocation.positionals[0]?.value ?? null;
  }
  if (invocation.name !== 'invoke-wmimethod' && invocation.name !== 'invoke-cimmethod') return null;
  const value = (name: string) => invocation.switches.find((s) => s.name === name)?.value?.value;
  if (
    !/win32_process/i.test(value('-class') ?? value('-classname') ?? '') ||
    !/^create$/i.test(value('-name') ?? value('-methodname') ?? '')
  )
    return null;
  const args = value('-argumentlist') ?? value('-arguments') ?? '';
  return /commandline\s*=\s*["']([^"']+)["']/i.exec(args)?.[1] ?? (args.trim() || null);
}

function wmiProcesses(facts: CommandFacts): SigmaEvent[] {
  return facts.invocations.flatMap((invocation) => {
    const command = wmiCommand(invocation)?.trim();
    return command ? [started(command, WMI_HOST, WMI_HOST_LINE)] : [];
  });
}

// PsExec's switches that take the next word as their value (the rest are flags; `-i` and `-a` take one only when numeric).
const PSEXEC_VALUED = new Set(['-u', '-p', '-n', '-w', '-r', '-cs', '-t']);

/** The command PsExec runs on its targets: the words after its switches and `\\host` / `@file` targets. */
function psexecCommand(invocation: Invocation): string | null {
  const words = invocation.args;
  let index = 0;
  while (index < words.length) {
    const word = (words[index] as (typeof words)[number]).value;
    const lower = word.toLowerCase();
    if (PSEXEC_VALUED.has(lower)) index += 2;
    else if ((lower === '-i' || lower === '-a') && /^[\d,]+$/.test(words[index + 1]?.value ?? '')) index += 2;
    else if (/^[-/]/.test(word) || word.startsWith('\\\\') || word.startsWith('@')) index += 1;
    else break;
  }
  const first = words[index];
  if (!first) return null;
  return invocation.text.slice(first.start - invocation.start).trim();
}

/** A tool that runs a command on another host through a service it copies there (PsExec's way). */
interface RemoteServiceTool {
  /** The service it installs, which is also its binary's name in the target's Windows folder. */
  service: string;
  /** The named pipe the service listens on for the caller. */
  pipe: string;
}

// PsExec and its look-alikes, by the bare name of the program the intruder runs: each copies its service binary to
// ADMIN$, installs it and talks to it over its default pipe (the names their sources hard-code).
const REMOTE_SERVICE_TOOLS: Record<string, RemoteServiceTool> = {
  psexec: { service: 'PSEXESVC', pipe: '\\PSEXESVC' },
  psexec64: { service: 'PSEXESVC', pipe: '\\PSEXESVC' },
  paexec: { service: 'PAExec', pipe: '\\PAExec' },
  remcom: { service: 'RemComSvc', pipe: '\\RemCom_communicaton' },
  csexec: { service: 'csexecsvc', pipe: '\\csexecsvc' },
};

const serviceImage = (tool: RemoteServiceTool) => `C:\\Windows\\${tool.service}.exe`;

/**
 * PsExec (and PAExec, RemCom, CSExec) copy their service to the target's ADMIN$, install and start it, talk to it over a
 * named pipe, and the service starts the command: the file, service install, pipe and child process a lab's target logs.
 */
function psexecRuns(facts: CommandFacts): SigmaEvent[] {
  return facts.invocations.flatMap((invocation): SigmaEvent[] => {
    const tool = REMOTE_SERVICE_TOOLS[invocation.name];
    if (!tool) return [];
    const { service } = tool;
    const image = serviceImage(tool);
    const command = psexecCommand(invocation);
    return [
      { EventID: 11, Image: 'System', TargetFilename: image },
      {
        EventID: 7045,
        Provider_Name: 'Service Control Manager',
        Channel: 'System',
        ServiceName: service,
        ImagePath: `%SystemRoot%\\${service}.exe`,
        ServiceFileName: `%SystemRoot%\\${service}.exe`,
      },
      { EventID: 4697, Channel: 'Security', ServiceName: service, ServiceFileName: `%SystemRoot%\\${service}.exe` },
      { ...processEventOn(true, image, null), ParentImage: SERVICES, ParentCommandLine: SERVICES, ...UNDER_SYSTEM },
      { EventID: 17, EventType: 'CreatePipe', PipeName: tool.pipe, Image: image },
      // The service runs the command as the caller, or as SYSTEM with `-s`.
      ...(command ? [started(command, image, image, invocation.switches.some((s) => /^[-/]s$/i.test(s.name)) ? UNDER_SYSTEM : {})] : []),
    ];
  });
}

/** The images of the components that start a command for a line (lower case), as the events above name them. */
export const RELAY_HOSTS: ReadonlySet<string> = new Set(
  [TASK_HOST, SERVICES, WMI_HOST, ...Object.values(REMOTE_SERVICE_TOOLS).map(serviceImage)].map((image) => image.toLowerCase()),
);
