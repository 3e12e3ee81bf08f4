import type { SigmaDetection, SigmaFieldMap } from '@huntforge/contracts/sigma';
import { withProgramSelection } from './program-selection';
import { originalFileNameOf } from './program-version-info';
import { proseTelemetry, type ProseTelemetry } from './prose-telemetry';
import { proseTools, type ShownTool } from './prose-tools';
import type { RuleBody, TemplateClass } from './rule-draft';
import { anyOf, selectionValues } from './side-effect-rule';

/**
 * Rules on the intrusion tools an article's prose says were run (prose-tools.ts: a process_creation rule on the
 * tool's program and the hallmarks the text names) and on the telemetry of other classes its prose states
 * (prose-telemetry.ts: an event log cleared, a BITS download, PowerShell functions, LSASS read
 * by a tool, a launch agent written). The self-test's events are read from the same facts (evaluate/prose-events.ts).
 */
export interface ProseRule {
  telemetryClass: TemplateClass;
  key: string;
  body: RuleBody;
  values: string[];
}

/** A program's file name as its version resource spells it (`AdFind.exe`), else as given. */
export function spelledImage(image: string): string {
  const original = originalFileNameOf(image);
  // `RUNDLL32.EXE` shouts: a name in one case says nothing the lower-case file name does not.
  return original && original.toLowerCase() === image.toLowerCase() && original !== original.toUpperCase() ? original : image;
}

const TOOL_TAGS: Readonly<Record<string, string[]>> = {
  AdFind: ['attack.discovery', 'attack.t1087.002', 'attack.t1482'],
  SharpHound: ['attack.discovery', 'attack.t1087.002'],
  ADExplorer: ['attack.discovery', 'attack.t1087.002'],
  PingCastle: ['attack.discovery', 'attack.t1087.002'],
  Seatbelt: ['attack.discovery', 'attack.t1082'],
  'SoftPerfect NetScan': ['attack.discovery', 'attack.t1046'],
  'Advanced IP Scanner': ['attack.discovery', 'attack.t1046'],
  'Advanced Port Scanner': ['attack.discovery', 'attack.t1046'],
  ProcDump: ['attack.credential-access', 'attack.t1003.001'],
  Mimikatz: ['attack.credential-access', 'attack.t1003.001'],
  SafetyKatz: ['attack.credential-access', 'attack.t1003.001'],
  'Process Hacker': ['attack.credential-access', 'attack.t1003.001'],
  WebBrowserPassView: ['attack.credential-access', 'attack.t1555.003'],
  Rubeus: ['attack.credential-access', 'attack.t1558'],
  Certify: ['attack.credential-access', 'attack.t1649'],
  Rclone: ['attack.exfiltration', 'attack.t1567.002'],
  MEGAsync: ['attack.exfiltration', 'attack.t1567.002'],
  MEGAcmd: ['attack.exfiltration', 'attack.t1567.002'],
  WinSCP: ['attack.exfiltration', 'attack.t1048'],
  PsExec: ['attack.execution', 'attack.lateral-movement', 'attack.t1569.002', 'attack.t1021.002'],
  PAExec: ['attack.execution', 'attack.lateral-movement', 'attack.t1569.002', 'attack.t1021.002'],
  AnyDesk: ['attack.command-and-control', 'attack.t1219'],
  NetSupport: ['attack.command-and-control', 'attack.t1219'],
  ngrok: ['attack.command-and-control', 'attack.t1572'],
  Plink: ['attack.command-and-control', 'attack.t1572'],
  'Rundll32 Without Arguments': ['attack.stealth', 'attack.t1055', 'attack.t1218.011'],
};

/** A shown tool's process detection: its program (image or OriginalFileName) and the hallmarks the text names. */
export function toolDetection(shown: ShownTool): SigmaDetection {
  const images = shown.tool.images.map((image) => `\\${spelledImage(image)}`);
  const selection: SigmaFieldMap = { 'Image|endswith': images.length === 1 ? (images[0] as string) : images };
  if (shown.tool.name === 'Rundll32 Without Arguments') selection['CommandLine|endswith'] = '\\rundll32.exe';
  else if (shown.hallmarks.length > 0)
    selection['CommandLine|contains'] = shown.hallmarks.length === 1 ? (shown.hallmarks[0] as string) : shown.hallmarks;
  return withProgramSelection({ selection, condition: 'selection' }, 'windows');
}

const detectionValues = (detection: SigmaDetection) =>
  selectionValues(
    Object.entries(detection)
      .filter(([name]) => name !== 'condition')
      .flatMap(([, block]) => (Array.isArray(block) ? block : [block]) as SigmaFieldMap[]),
  );

function toolRules(tools: readonly ShownTool[], cited: string): ProseRule[] {
  return tools.map((shown) => {
    const { tool, hallmarks } = shown;
    const detection = toolDetection(shown);
    const beacon = tool.name === 'Rundll32 Without Arguments';
    return {
      telemetryClass: 'process_creation',
      key: `tool-${tool.name.toLowerCase().replace(/\W+/g, '-')}`,
      body: {
        title: beacon
          ? 'Rundll32 Started Without Arguments'
          : `${tool.name} Execution${hallmarks.length > 0 ? ' With Its Hallmark Arguments' : ''}`,
        description: beacon
          ? `Detects rundll32.exe started with no argument, the sacrificial process Cobalt Strike's beacon injects into, as ${cited}.`
          : `Detects ${tool.name} run by the intruder${hallmarks.length > 0 ? ` (${hallmarks.map((hallmark) => hallmark.trim()).join(', ')})` : ''}, as ${cited}: its program file or the original file name a renamed copy keeps.`,
        logsource: { category: 'process_creation', product: 'windows' },
        detection,
        tags: TOOL_TAGS[tool.name] ?? ['attack.execution'],
        level: beacon ? 'high' : 'medium',
        falsepositives: beacon ? ['Unlikely'] : [`Administrators running ${tool.name} for legitimate work`],
      },
      values: detectionValues(detection),
    };
  });
}

const rule = (telemetryClass: TemplateClass, key: string, selections: SigmaFieldMap[], body: Omit<RuleBody, 'detection'>): ProseRule => ({
  telemetryClass,
  key,
  body: { ...body, detection: anyOf(selections) },
  values: selectionValues(selections),
});

function clearedLogRules(telemetry: ProseTelemetry, cited: string): ProseRule[] {
  return telemetry.clearedLogs.map((log) =>
    rule('event_log', `cleared-${log}`, [{ EventID: log === 'security' ? 1102 : 104, Provider_Name: 'Microsoft-Windows-Eventlog' }], {
      title: `${log === 'security' ? 'Security' : 'System'} Event Log Cleared`,
      description: `Detects the ${log === 'security' ? 'Security' : 'System'} event log being cleared, as the intruder did to remove its traces, ${cited}.`,
      logsource: { product: 'windows', service: log },
      tags: ['attack.defense-impairment', 'attack.t1685.005'],
      level: 'high',
      falsepositives: ['An administrator clearing the log on purpose'],
    }),
  );
}

function bitsRule(telemetry: ProseTelemetry, cited: string): ProseRule[] {
  const hosts = telemetry.bitsHosts;
  if (hosts.length === 0) return [];
  return [
    rule('event_log', 'bits', [{ EventID: 16403, 'RemoteName|contains': hosts.length === 1 ? (hosts[0] as string) : hosts }], {
      title: 'BITS Transfer From The Reported Host',
      description: `Detects a BITS job downloading from ${hosts.join(', ')}, as ${cited}.`,
      logsource: { product: 'windows', service: 'bits-client' },
      tags: ['attack.stealth', 'attack.persistence', 'attack.t1197'],
      level: 'high',
      falsepositives: ['Unlikely'],
    }),
  ];
}

function scriptRule(telemetry: ProseTelemetry, cited: string): ProseRule[] {
  const names = telemetry.scriptFunctions;
  if (names.length === 0) return [];
  return [
    rule('ps_script', 'script-functions', [{ 'ScriptBlockText|contains': names.length === 1 ? (names[0] as string) : names }], {
      title: names.length === 1 ? `PowerShell Script Calling ${names[0]}` : 'PowerShell Script Calling The Reported Functions',
      description: `Detects PowerShell code calling ${names.join(', ')}, as ${cited} (script block logging, event 4104).`,
      logsource: { category: 'ps_script', product: 'windows' },
      tags: ['attack.execution', 'attack.t1059.001'],
      level: 'high',
      falsepositives: ['A penetration test using the same functions'],
    }),
  ];
}

function lsassRules(telemetry: ProseTelemetry, cited: string): ProseRule[] {
  return telemetry.lsassAccess.map((access) => {
    const images = access.images.map((image) => `\\${spelledImage(image)}`);
    return rule(
      'process_access',
      `lsass-${access.tool.toLowerCase().replace(/\W+/g, '-')}`,
      [{ 'SourceImage|endswith': images.length === 1 ? (images[0] as string) : images, 'TargetImage|endswith': '\\lsass.exe' }],
      {
        title: `LSASS Memory Accessed By ${access.tool}`,
        description: `Detects ${access.tool} opening the memory of lsass.exe to dump credentials, as ${cited}.`,
        logsource: { category: 'process_access', product: 'windows' },
        tags: ['attack.credential-access', 'attack.t1003.001'],
        level: 'high',
        falsepositives: ['An administrator dumping LSASS while troubleshooting'],
      },
    );
  });
}

function launchRules(telemetry: ProseTelemetry, cited: string): ProseRule[] {
  return telemetry.launchFolders.map((folder) =>
    rule('file_event', `launch-${folder}`, [{ 'TargetFilename|contains': `/Library/${folder}/`, 'TargetFilename|endswith': '.plist' }], {
      title: `${folder === 'LaunchAgents' ? 'Launch Agent' : 'Launch Daemon'} Property List Written`,
      description: `Detects a property list written to a ${folder} folder, the persistence the intruder set up, as ${cited}.`,
      logsource: { category: 'file_event', product: 'macos' },
      tags: ['attack.persistence', folder === 'LaunchAgents' ? 'attack.t1543.001' : 'attack.t1543.004'],
      level: 'medium',
      falsepositives: ['Installers of legitimate software adding their own launch items'],
    }),
  );
}

/** The rules on the tools and the telemetry the article's prose states, for an article of this platform. */
export function proseToolRules(content: string | undefined, platform: string, cited: string): ProseRule[] {
  const windows = platform !== 'linux' && platform !== 'macos';
  const telemetry = proseTelemetry(content);
  return [
    ...(windows ? toolRules(proseTools(content), cited) : []),
    ...(windows ? lsassRules(telemetry, cited) : []),
    ...(windows ? clearedLogRules(telemetry, cited) : []),
    ...(windows ? bitsRule(telemetry, cited) : []),
    ...(windows ? scriptRule(telemetry, cited) : []),
    ...(platform === 'macos' ? launchRules(telemetry, cited) : []),
  ];
}
