import { readable } from './prose-facts';
import { intrusionSentences, toolsRun, type IntrusionTool } from './prose-tools';
import { rememberingLast } from './remembering-last';

/**
 * Telemetry of other classes than a process that an article states in prose, where the Sigma taxonomy says which
 * record holds it: the Security or System event
 * log cleared (1102, 104), a BITS job's download (BITS-Client 16403 with its RemoteName), PowerShell code named in
 * prose (the script block log's 4104 ScriptBlockText), LSASS's memory read by a named tool (Sysmon 10), and a macOS
 * launch agent or daemon's plist written with no path given (Sysmon-style file event). The rules
 * (prose-tool-rules.ts) and the self-test's events (evaluate/prose-events.ts) read the same facts.
 *
 * Precision first: each fact is read in a sentence that says the intruder did it (not one about detecting it), and
 * each needs what makes it the intrusion's (the log's name, the download's address,
 * the function's name, the tool's name); anything the article's quoted code shows has its command's rules.
 */
export interface LsassAccess {
  tool: string;
  images: string[];
}

export interface ProseTelemetry {
  /** `security` (1102) and/or `system` (104). */
  clearedLogs: Array<'security' | 'system'>;
  /** Hosts (domain or address) a BITS job downloaded from. */
  bitsHosts: string[];
  /** PowerShell functions the intruder's code called (`Invoke-Mimikatz`). */
  scriptFunctions: string[];
  lsassAccess: LsassAccess[];
  /** macOS launch agent or daemon folders a plist was written to, when the article gives no path. */
  launchFolders: Array<'LaunchAgents' | 'LaunchDaemons'>;
}

const NOT_THE_INTRUSION =
  /\b(?:detect\w*|hunt\w*|monitor\w*|alert\w*|sigma|yara|look(?:ing)? for|search(?:ing)? for|you (?:can|could|should|may|might)|defenders?|security teams?|recommend\w*|mitigat\w*|prevent\w*|(?<!script\s)block\w*|harden\w*|not|never|no longer|if|enable\w*|configur\w*|audit policy)\b|n't\b|\b(?:we|I)\s+(?:\w+\s+)?(?:use[sd]?|ran|run|cleared|installed)\b/i;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// ---------------------------------------------------------------------------------------------------------------
// Event logs cleared

const CLEARED =
  /\b(?:clear(?:ed|ing|s)?|wip(?:ed|ing|es)|eras(?:ed|ing|es)|purg(?:ed|ing|es)|delet(?:ed|ing|es))\s+(?:(?:the|all|several|multiple|Windows|its|their)\s+)*(?:(Security|System|Application)(?:,?\s+(?:and\s+)?(?:Security|System|Application))*\s+)?(?:event\s+)?logs?\b/i;
// `the Security event log was cleared`.
const CLEARED_PASSIVE =
  /\b(?:(Security|System|Application)\s+)?(?:event\s+)?logs?\s+(?:(?:was|were|had been|has been|being|then|also)\s+){1,2}(?:clear|wip|eras|purg|delet)ed\b/i;
const CLEARED_EVENT = /\bevent\s+(?:ID\s+)?(1102|104)\b|\b(1102|104)\s+events?\b/i;

// The clearing command quoted (`wevtutil cl Security`, `Clear-EventLog`): the process rules on it are the article's.
const CLEARING_COMMAND = /\bwevtutil(?:\.exe)?["']?\s+(?:cl|clear-log)\s|\bClear-EventLog\b/i;

function clearedLogs(sentences: readonly string[], text: string): Array<'security' | 'system'> {
  const logs = new Set<'security' | 'system'>();
  if (CLEARING_COMMAND.test(text)) return [];
  for (const sentence of sentences) {
    const cleared = [CLEARED.exec(sentence), CLEARED_PASSIVE.exec(sentence)].flatMap((match) => (match ? [match[0]] : []));
    const event = CLEARED_EVENT.exec(sentence);
    if (cleared.length === 0 && !(event && /\bclear/i.test(sentence))) continue;
    const named = cleared.join(' ');
    const security = /\bSecurity\b/i.test(named) || /1102/.test(event?.[0] ?? '');
    const system = /\bSystem\b/i.test(named) || /\b104\b/.test(event?.[0] ?? '');
    // "cleared the event logs": the Security log's 1102, the record of a clearing every SOC collects.
    if (security || !system) logs.add('security');
    if (system) logs.add('system');
  }
  return [...logs];
}

// ---------------------------------------------------------------------------------------------------------------
// BITS downloads

const BITS = /\bBITS\b|\bbitsadmin\b|\bStart-BitsTransfer\b|Background Intelligent Transfer/i;
const URL_HOST = /\bh(?:tt|xx)ps?:\/\/([A-Za-z0-9.-]+\.[A-Za-z]{2,}|\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?/gi;

function bitsHosts(sentences: readonly string[]): string[] {
  const hosts = sentences
    .filter((sentence) => BITS.test(sentence) && /\b(?:download\w*|fetch\w*|retriev\w*|transfer\w*|pull\w*|job)\b/i.test(sentence))
    .flatMap((sentence) => [...sentence.matchAll(URL_HOST)].map((match) => (match[1] as string).toLowerCase()));
  return [...new Set(hosts)];
}

// ---------------------------------------------------------------------------------------------------------------
// PowerShell functions named in prose

// PowerShell's own cmdlets with the same verbs: a script calling them is any administrator's.
const STANDARD =
  /^(?:Invoke-(?:WebRequest|Expression|Command|RestMethod|Item|WmiMethod|CimMethod|History|Pester|Sqlcmd|ScriptAnalyzer|AsWorkflow|GPUpdate|CommandInDesktopPackage))$/i;
const OFFENSIVE_FUNCTION =
  /\b(Invoke-[A-Z][A-Za-z0-9]{3,}|Get-Domain[A-Z][A-Za-z]+|Get-Net(?:User|Computer|Group|GroupMember|Session|Share|LocalGroup|LoggedOn|Domain\w*)|Find-(?:LocalAdminAccess|DomainShare|InterestingDomainAcl|DomainUserLocation)|Get-GPPPassword|Out-Minidump|Get-Keystrokes|Get-TimedScreenshot)\b/g;
const SCRIPT_CONTEXT =
  /\b(?:PowerShell|script(?:\s?block)?s?|modules?|function|cmdlets?|contain\w*|load\w*|import\w*|call\w*|execut\w*|ran|run\w*|invok\w*|us(?:ed|ing|es))\b/i;

function scriptFunctions(sentences: readonly string[], code: string): string[] {
  const names = sentences
    .filter((sentence) => SCRIPT_CONTEXT.test(sentence))
    .flatMap((sentence) => [...sentence.matchAll(OFFENSIVE_FUNCTION)].map((match) => match[1] as string))
    .filter((name) => !STANDARD.test(name) && !new RegExp(`\\b${escape(name)}\\b`, 'i').test(code));
  return [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];
}

// ---------------------------------------------------------------------------------------------------------------
// LSASS memory read by a named tool

const LSASS = /\bLSASS\b|\blsass\.exe\b|Local Security Authority/i;
const DUMPED = /\bdump\w*|\bmemory\b|\baccess\w*|\bcredential\w*|\bsekurlsa\b|\blogonpasswords\b|\bminidump\b/i;

function lsassAccess(tools: ReadonlyArray<{ tool: IntrusionTool; sentences: string[] }>): LsassAccess[] {
  return tools
    .filter(({ tool, sentences }) => tool.images.length > 0 && sentences.some((sentence) => LSASS.test(sentence) && DUMPED.test(sentence)))
    .map(({ tool }) => ({ tool: tool.name, images: tool.images }));
}

// ---------------------------------------------------------------------------------------------------------------
// macOS launch agents and daemons written with no path given

const LAUNCH = /\bLaunch\s?(Agent|Daemon)s?\b/i;
const WRITES = /\b(?:writ\w*|wrote|creat\w*|install\w*|drop\w*|plac\w*|add\w*|register\w*|establish\w*|persist\w*)\b/i;

function launchFolders(sentences: readonly string[], content: string): Array<'LaunchAgents' | 'LaunchDaemons'> {
  const folders = new Set<'LaunchAgents' | 'LaunchDaemons'>();
  for (const sentence of sentences) {
    const launch = LAUNCH.exec(sentence);
    if (!launch || !WRITES.test(sentence) || !/\bplist\b|\bpersist/i.test(sentence)) continue;
    const folder = /agent/i.test(launch[1] as string) ? 'LaunchAgents' : 'LaunchDaemons';
    // A stated path is the file rule's (prose-facts.ts), which keys the plist itself.
    if (new RegExp(`/Library/${folder}/[\\w.-]+\\.plist`, 'i').test(content)) continue;
    folders.add(folder);
  }
  return [...folders];
}

// ---------------------------------------------------------------------------------------------------------------

const quotedCode = (content: string) =>
  [
    ...[...content.matchAll(/^(```|~~~)[^\n]*\n([\s\S]*?)^\1/gm)].map((match) => match[2] as string),
    ...[...content.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] as string),
  ].join('\n');

const NONE: ProseTelemetry = { clearedLogs: [], bitsHosts: [], scriptFunctions: [], lsassAccess: [], launchFolders: [] };

/** The telemetry the article's prose states (read once per text: the rules and their self-test read the same). */
export function proseTelemetry(content: string | undefined): ProseTelemetry {
  if (!content) return NONE;
  return proseTelemetryOf(content);
}

const proseTelemetryOf = rememberingLast((content: string): ProseTelemetry => {
  const sentences = intrusionSentences(content, NOT_THE_INTRUSION);
  const tools = toolsRun(content);
  const telemetry: ProseTelemetry = {
    clearedLogs: clearedLogs(sentences, readable(content)),
    bitsHosts: bitsHosts(sentences),
    scriptFunctions: scriptFunctions(sentences, quotedCode(content)),
    lsassAccess: lsassAccess(tools),
    launchFolders: launchFolders(sentences, readable(content)),
  };
  return telemetry;
});
