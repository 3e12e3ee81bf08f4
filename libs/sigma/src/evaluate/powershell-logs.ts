import { scriptBlockCode } from '@huntforge/observables';
import type { SigmaEvent } from './event-fields';

const PROMPT_HOST = 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe';
const POWERSHELL_IMAGE = /[\\/](?:powershell|pwsh)\.exe$/i;

/**
 * What Windows PowerShell logs for each PowerShell process besides its script blocks: the classic log's engine
 * and provider start records (400, 600: `HostApplication=<command line>`, `EngineVersion=5.1…` in their Data) and
 * module logging's record of the commands it ran (4103: the host application and the command in ContextInfo, the
 * code as Payload; the real Payload lists each command's parameter binding, which holds the same words). Rules on
 * the `ps_classic_start`, `ps_classic_provider_start` and `ps_module` logs read these.
 */
export function powershellLogs(processes: readonly SigmaEvent[]): SigmaEvent[] {
  const seen = new Set<string>();
  return processes.flatMap((event): SigmaEvent[] => {
    const image = event['Image'];
    const commandLine = event['CommandLine'];
    if (event['EventID'] !== 1 || typeof image !== 'string' || typeof commandLine !== 'string' || !POWERSHELL_IMAGE.test(image)) return [];
    if (seen.has(commandLine)) return [];
    seen.add(commandLine);
    // A line that starts PowerShell is the host application; a cmdlet line stands for input at a PowerShell prompt,
    // whose host application is the bare program and whose code is the line itself.
    const started = /^["']?(?:\S*[\\/])?(?:powershell|pwsh)(?:\.exe)?["']?(?:\s|$)/i.test(commandLine);
    // PowerShell records its program path without the quotes a launcher put around it.
    const host = started ? commandLine.replace(/^"([^"]+)"/, '$1') : PROMPT_HOST;
    const code = started ? scriptBlockCode(commandLine) : commandLine;
    const engine = `HostName=ConsoleHost\n\tHostVersion=5.1.19041.1\n\tHostApplication=${host}\n\tEngineVersion=5.1.19041.1\n\tRunspaceId=00000000-0000-0000-0000-000000000000`;
    // PowerShell 7 (pwsh) writes no classic log.
    const events: SigmaEvent[] = /pwsh/i.test(host.split(/\s/)[0] ?? '')
      ? []
      : [
          { EventID: 400, Channel: 'Windows PowerShell', Data: `NewEngineState=Available\n\tPreviousEngineState=None\n\t${engine}` },
          { EventID: 600, Channel: 'Windows PowerShell', Data: `ProviderName=Registry\n\tNewProviderState=Started\n\t${engine}` },
        ];
    if (code) {
      const command = /^\s*([A-Za-z]+-[A-Za-z]+)/.exec(code)?.[1] ?? '';
      events.push({
        EventID: 4103,
        Channel: 'Microsoft-Windows-PowerShell/Operational',
        ContextInfo: `Severity = Informational\n Host Name = ConsoleHost\n Host Version = 5.1.19041.1\n Host Application = ${host}\n Engine Version = 5.1.19041.1\n Command Name = ${command}\n Command Type = Cmdlet`,
        Payload: code,
      });
    }
    return events;
  });
}
