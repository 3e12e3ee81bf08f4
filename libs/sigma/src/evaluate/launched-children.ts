import { parseCommandLine, type Invocation } from '@huntforge/observables';
import { programRuns } from '../templates/command-program';
import type { SigmaEvent } from './event-fields';
import { processEventOn } from './process-event';

// The account a process ran as, which the program it starts inherits.
const ACCOUNT_FIELDS = ['User', 'IntegrityLevel', 'LogonId'] as const;

// rundll32 entry points that start the program (or open the file) they are given.
const RUNDLL_LAUNCHERS =
  /^(?:url\.dll,(?:FileProtocolHandler|OpenURL)|shell32(?:\.dll)?,ShellExec_RunDLL(?:A|W)?|zipfldr\.dll,RouteTheCall|pcwutl\.dll,LaunchApplication|ieadvpack\.dll,RegisterOCX|advpack\.dll,RegisterOCX|ieframe\.dll,OpenURL|shdocvw\.dll,OpenURL)$/i;

/** The trailing text of a command line from one of its words on. */
const from = (commandLine: string, invocation: Invocation, index: number): string | null => {
  const word = invocation.args[index];
  return word ? commandLine.slice(word.start).trim() : null;
};

const unquoted = (text: string): string => text.replace(/^"([\s\S]*)"$/, '$1');

/**
 * What a local launcher's command line starts as its own child: `conhost [--headless] <command>`,
 * `forfiles … /c "<command>"`, `pcalua -a <program> [-c <args>]`, `explorer.exe <program>`, and rundll32's
 * launching entry points (`url.dll,FileProtocolHandler <program>`, `shell32,ShellExec_RunDLL <program>`, …).
 */
function launchedLine(commandLine: string): string | null {
  const invocation = parseCommandLine(commandLine, { platform: 'windows', firstStage: true }).invocations[0];
  if (!invocation) return null;
  const args = invocation.args.map((word) => word.value);
  switch (invocation.name) {
    case 'conhost': {
      // Its own switches (`--headless`, `--width 80`, `0xffffffff -ForceV1`) come first.
      let i = 0;
      while (i < args.length && /^(?:--?\w[\w-]*|0x[0-9a-f]+|\d+)$/i.test(args[i] ?? '')) i++;
      return from(commandLine, invocation, i);
    }
    case 'forfiles': {
      const command = args[args.findIndex((arg) => /^[/-]c$/i.test(arg)) + 1];
      return args.some((arg) => /^[/-]c$/i.test(arg)) && command ? command.replace(/0x22/gi, '"') : null;
    }
    case 'pcalua': {
      const i = args.findIndex((arg) => /^-a$/i.test(arg));
      const program = i >= 0 ? invocation.args[i + 1]?.raw : undefined;
      if (!program) return null;
      const c = args.findIndex((arg) => /^-c$/i.test(arg));
      const rest = c > i ? args.slice(c + 1).join(' ') : '';
      return `${program}${rest ? ` ${rest}` : ''}`;
    }
    case 'explorer':
      // `explorer.exe <program>` opens it through a new explorer; its switches (`/e,`, `/select,`, `/root,`) open folders.
      return args.length >= 1 && /\.(?:exe|com|scr|bat|cmd)"?$/i.test(args[0] ?? '') && !/^\//.test(args[0] ?? '')
        ? from(commandLine, invocation, 0)
        : null;
    case 'rundll32':
      return RUNDLL_LAUNCHERS.test(args[0] ?? '') ? from(commandLine, invocation, 1) : null;
  }
  return null;
}

/**
 * The processes a launcher in `parent` starts (see launchedLine): the child as Sysmon records it, the launcher as its
 * parent and its account inherited, and the programs the child's own wrapper runs (`conhost --headless cmd /c x.cmd`:
 * conhost's child cmd.exe). Rules on "a suspicious child of conhost / forfiles / pcalua / rundll32" read these.
 */
export function launchedChildren(parent: SigmaEvent): SigmaEvent[] {
  const commandLine = typeof parent['CommandLine'] === 'string' ? parent['CommandLine'] : '';
  const launched = commandLine ? launchedLine(commandLine) : null;
  const line = launched ? unquoted(launched.trim()) : '';
  if (!line) return [];
  const account = Object.fromEntries(ACCOUNT_FIELDS.filter((field) => parent[field] !== undefined).map((field) => [field, parent[field]]));
  const childOf = (event: SigmaEvent, line: string, by: SigmaEvent): SigmaEvent => ({
    ...event,
    CommandLine: line,
    ParentImage: by['Image'] as string,
    ParentCommandLine: by['CommandLine'] as string,
    ...account,
    ...(account['User'] ? { ParentUser: account['User'] } : {}),
  });
  const child = childOf(processEventOn(true, line, null), line, parent);
  const grandchildren = programRuns(line, true)
    .filter((run) => run.commandLine !== line)
    .map((run) =>
      childOf(
        processEventOn(true, run.viaPowerShell ? `powershell.exe ${run.commandLine}` : run.commandLine, null),
        run.commandLine,
        child,
      ),
    );
  return [child, ...grandchildren];
}
