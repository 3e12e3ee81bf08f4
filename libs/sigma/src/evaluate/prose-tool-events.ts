import { versionInfoOf } from '../templates/program-version-info';
import { spelledImage } from '../templates/prose-tool-rules';
import { proseTelemetry } from '../templates/prose-telemetry';
import { BEACON_RUNDLL32, proseTools } from '../templates/prose-tools';
import { BITS_CHANNEL } from './bits-jobs';
import type { SigmaEvent } from './event-fields';
import { DROPPED_FOLDER } from './windows-programs';

/** A synthetic Sysmon-style event and the stated fact it stands for (`side-load: x.dll by y.exe`). */
export interface ProseEvent {
  observable: string;
  /** Whose telemetry records it: a Windows event, or a file event a Linux or macOS agent records alike. */
  platform: 'windows' | 'unix';
  event: SigmaEvent;
}

const SYSTEM32 = 'C:\\Windows\\System32';
const LSASS = `${SYSTEM32}\\lsass.exe`;

/** A tool's process event as Sysmon records it: where a dropped tool runs from, and its version resource. */
function toolProcess(image: string, hallmarks: readonly string[]): SigmaEvent {
  const path = `${DROPPED_FOLDER}\\${spelledImage(image)}`;
  const { OriginalFileName, Description, Product, Company } = versionInfoOf(image);
  return {
    EventID: 1,
    Image: path,
    // Each hallmark as a word of its own (` -ma `, ` -R `: the switch as a command line spells it).
    CommandLine: `${[`"${path}"`, ...hallmarks.map((hallmark) => hallmark.trim())].join(' ')} `,
    ParentImage: `${SYSTEM32}\\cmd.exe`,
    ...(OriginalFileName ? { OriginalFileName, Description, Product, Company } : {}),
  };
}

/**
 * The telemetry of the tools and other-class facts an article's prose states (templates/prose-tools.ts and
 * prose-telemetry.ts, the readings the rules are made from): each tool's process, LSASS opened by the tool that dumped
 * it (Sysmon 10), the logs cleared (Security 1102, System 104), the BITS transfer
 * (16403), the script block that called the functions (4104), and the launch item's plist written.
 */
export function proseToolEvents(content: string | undefined): ProseEvent[] {
  const events: ProseEvent[] = [];
  const windows = (observable: string, event: SigmaEvent) => events.push({ observable, platform: 'windows', event });
  for (const { tool, hallmarks } of proseTools(content)) {
    if (tool === BEACON_RUNDLL32) {
      const image = `${SYSTEM32}\\rundll32.exe`;
      windows('tool: rundll32 (beacon)', { EventID: 1, Image: image, CommandLine: image, ParentImage: `${DROPPED_FOLDER}\\update.exe` });
      continue;
    }
    for (const image of tool.images) windows(`tool: ${tool.name} (${image})`, toolProcess(image, hallmarks));
  }
  const telemetry = proseTelemetry(content);
  for (const access of telemetry.lsassAccess)
    for (const image of access.images)
      windows(`lsass access: ${access.tool}`, {
        EventID: 10,
        SourceImage: `${DROPPED_FOLDER}\\${spelledImage(image)}`,
        TargetImage: LSASS,
        GrantedAccess: '0x1fffff',
      });
  for (const log of telemetry.clearedLogs)
    windows(
      `log cleared: ${log}`,
      log === 'security'
        ? { EventID: 1102, Provider_Name: 'Microsoft-Windows-Eventlog', Channel: 'Security' }
        : { EventID: 104, Provider_Name: 'Microsoft-Windows-Eventlog', Channel: 'System' },
    );
  for (const host of telemetry.bitsHosts)
    windows(`bits: ${host}`, {
      EventID: 16403,
      Channel: BITS_CHANNEL,
      RemoteName: `https://${host}/update.bin`,
      LocalName: `${DROPPED_FOLDER}\\AppData\\Local\\Temp\\update.bin`,
    });
  if (telemetry.scriptFunctions.length > 0)
    windows(`script block: ${telemetry.scriptFunctions.join(', ')}`, {
      EventID: 4104,
      Channel: 'Microsoft-Windows-PowerShell/Operational',
      ScriptBlockText: telemetry.scriptFunctions.map((name) => `${name} -Verbose`).join('\n'),
    });
  for (const folder of telemetry.launchFolders)
    events.push({
      observable: `launch item: ${folder}`,
      platform: 'unix',
      event: { EventID: 11, Image: '/tmp/.helper', TargetFilename: `/Users/user/Library/${folder}/com.apple.update.plist` },
    });
  return events;
}
