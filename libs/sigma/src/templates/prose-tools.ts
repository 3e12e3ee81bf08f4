import { readable } from './prose-facts';
import { proseSentences } from './prose-techniques';
import { rememberingLast } from './remembering-last';

/**
 * Intrusion tools an article names in its prose as what the intruder ran, without quoting the command: "the actor
 * used AdFind to enumerate the domain", "Rclone was used to exfiltrate data to Mega", "they dumped LSASS with
 * ProcDump", "a Cobalt Strike beacon was injected into rundll32". The rule keys the tool's program (its image and
 * the OriginalFileName its version resource gives, templates/program-version-info.ts), and the hallmark switches
 * the sentence itself names (`trustdmp`, `sekurlsa::logonpasswords`); the self-test's process event
 * (evaluate/prose-events.ts) is read from here too.
 *
 * Precision first: a tool counts only in a sentence where something runs it (a use verb next to its name, or the
 * tool as the subject of an intrusion verb), never in a sentence about detecting, hunting or blocking it, in the
 * author's own work ("we used"), or in a list of many tools (a threat-landscape table); a tool the article's code
 * runs is the command rules' (they key its command line).
 */
export interface IntrusionTool {
  /** As a report names it. */
  name: string;
  /** How prose names it (a word, any case). */
  named: RegExp;
  /** The program files it runs as (keys of program-version-info.ts where the version resource is known). */
  images: string[];
  /** Switches and arguments that make a run of it the intrusion's, kept when the sentence names them. */
  hallmarks: string[];
  /**
   * Legitimate software administrators run too (remote access, transfer, Sysinternals): its program alone is every
   * IT department's, so only a run the text gives a hallmark of is the intrusion's.
   */
  dualUse?: true;
  /** Hallmarks the rule requires when the sentence says this of the run (`lsass` for a ProcDump dump of LSASS). */
  implied?: { when: RegExp; hallmarks: string[] };
}

// Tools of hands-on-keyboard intrusions (ransomware affiliates, access brokers), as SigmaHQ's PUA and hack-tool
// rules key them. The hallmarks are the tools' own documented switches.
export const INTRUSION_TOOLS: readonly IntrusionTool[] = [
  {
    name: 'AdFind',
    named: /\bAdFind\b/i,
    images: ['adfind.exe'],
    hallmarks: ['trustdmp', 'domainlist', 'dcmodes', 'adinfo', 'dclist', 'computers_pwdnotreqd', 'objectcategory=', 'gpodmp', 'subnets'],
  },
  {
    name: 'Rclone',
    dualUse: true,
    named: /\bRclone\b/i,
    images: ['rclone.exe'],
    hallmarks: ['--config', '--no-check-certificate', 'mega:'],
  },
  {
    name: 'ProcDump',
    dualUse: true,
    named: /\bProcDump(?:64)?\b/i,
    images: ['procdump.exe', 'procdump64.exe'],
    hallmarks: [' -ma ', ' -accepteula'],
    implied: { when: /\bLSASS\b/i, hallmarks: ['lsass'] },
  },
  {
    name: 'Mimikatz',
    named: /\bMimikatz\b/i,
    images: ['mimikatz.exe'],
    hallmarks: ['sekurlsa::', 'lsadump::', 'kerberos::', 'privilege::debug', 'logonpasswords'],
  },
  { name: 'Rubeus', named: /\bRubeus\b/i, images: ['rubeus.exe'], hallmarks: ['kerberoast', 'asreproast', 'asktgt', 'ptt'] },
  { name: 'SharpHound', named: /\bSharpHound\b/i, images: ['sharphound.exe'], hallmarks: ['-CollectionMethod', '--CollectionMethods'] },
  { name: 'Seatbelt', named: /\bSeatbelt\b/, images: ['seatbelt.exe'], hallmarks: [] },
  { name: 'Certify', named: /\bCertify\b/, images: ['certify.exe'], hallmarks: ['find /vulnerable', 'request /ca:'] },
  {
    name: 'PsExec',
    dualUse: true,
    named: /\bPsExec(?:64)?\b/i,
    images: ['psexec.exe', 'psexec64.exe'],
    hallmarks: ['-accepteula', ' -s '],
  },
  { name: 'PAExec', dualUse: true, named: /\bPAExec\b/i, images: ['paexec.exe'], hallmarks: [] },
  {
    name: 'AnyDesk',
    dualUse: true,
    named: /\bAnyDesk\b/i,
    images: ['anydesk.exe'],
    hallmarks: ['--install', '--silent', '--set-password'],
  },
  { name: 'ngrok', dualUse: true, named: /\bngrok\b/i, images: ['ngrok.exe'], hallmarks: ['authtoken', ' tcp '] },
  {
    name: 'Plink',
    dualUse: true,
    named: /\bplink(?:\.exe)?\b/i,
    images: ['plink.exe'],
    hallmarks: [' -R ', ' -pw '],
    implied: { when: /\b(?:tunnel\w*|port[- ]forward\w*|reverse)\b/i, hallmarks: [' -R '] },
  },
  {
    name: 'SoftPerfect NetScan',
    dualUse: true,
    named: /\b(?:SoftPerfect(?:\s+Network\s+Scanner)?|NetScan)\b/i,
    images: ['netscan.exe'],
    hallmarks: [],
  },
  { name: 'Advanced IP Scanner', dualUse: true, named: /\bAdvanced\s+IP\s+Scanner\b/i, images: ['advanced_ip_scanner.exe'], hallmarks: [] },
  {
    name: 'Advanced Port Scanner',
    dualUse: true,
    named: /\bAdvanced\s+Port\s+Scanner\b/i,
    images: ['advanced_port_scanner.exe'],
    hallmarks: [],
  },
  { name: 'WinSCP', dualUse: true, named: /\bWinSCP\b/i, images: ['winscp.exe'], hallmarks: [] },
  { name: 'MEGAsync', dualUse: true, named: /\bMEGA\s?sync\b/i, images: ['megasync.exe'], hallmarks: [] },
  { name: 'MEGAcmd', dualUse: true, named: /\bMEGA\s?cmd\b/i, images: ['megaclient.exe', 'megacmdserver.exe'], hallmarks: [] },
  {
    name: 'ADExplorer',
    dualUse: true,
    named: /\bAD\s?Explorer\b/i,
    images: ['adexplorer.exe', 'adexplorer64.exe'],
    hallmarks: ['-snapshot'],
  },
  { name: 'PingCastle', dualUse: true, named: /\bPingCastle\b/i, images: ['pingcastle.exe'], hallmarks: [] },
  { name: 'SafetyKatz', named: /\bSafetyKatz\b/i, images: ['safetykatz.exe'], hallmarks: [] },
  { name: 'Process Hacker', dualUse: true, named: /\bProcess\s?Hacker\b/i, images: ['processhacker.exe'], hallmarks: [] },
  { name: 'NetSupport', dualUse: true, named: /\bNetSupport(?:\s+Manager|\s+RAT)?\b/i, images: ['client32.exe'], hallmarks: [] },
  { name: 'WebBrowserPassView', named: /\bWebBrowserPassView\b/i, images: ['webbrowserpassview.exe'], hallmarks: [] },
];

/** Cobalt Strike's default spawn-to: a rundll32 started with no argument at all, which nothing legitimate does. */
export const BEACON_RUNDLL32: IntrusionTool = {
  name: 'Rundll32 Without Arguments',
  named: /\brundll32(?:\.exe)?\b/i,
  images: ['rundll32.exe'],
  hallmarks: [],
};
const BEACON = /\b(?:Cobalt\s?Strike|beacons?|spawn[- ]?to|sacrificial process)\b/i;
const INJECTED = /\binject\w*|\bspawn\w*|\bhollow\w*|\bmigrat\w*/i;

// A use verb, up to four words, then the tool ("used AdFind", "deployed the legitimate AnyDesk tool").
const USE_VERBS =
  '(?:use[sd]?|using|ran|runs?|running|execut(?:e[sd]?|ing)|launch(?:e[sd]|ing)?|deploy(?:s|ed|ing)?|dropp(?:ed|ing)|drops?|install(?:s|ed|ing)?|download(?:s|ed|ing)?|leverag(?:e[sd]?|ing)|employ(?:s|ed|ing)?|utili[sz](?:e[sd]?|ing)|abus(?:e[sd]?|ing)|stag(?:e[sd]|ing)|transferr(?:ed|ing)|brought|invok(?:e[sd]|ing)|started|via|through|with)';
// The tool as what was done ("AdFind was executed") or as the subject of an intrusion verb ("Rclone exfiltrated").
const DONE_AFTER =
  /^(?:\.exe)?["')]?\s+(?:(?:was|were|is|are|had been|has been|being|then|also|later)\s+){0,2}(?:used|run|ran|executed|launched|deployed|dropped|installed|downloaded|leveraged|employed|utili[sz]ed|abused|staged|invoked|exfiltrat\w+|enumerat\w+|dump(?:ed|s)|scann\w+|upload\w+|cop(?:ied|ies)|transferr\w+|collect\w+|harvest\w+|connect\w+|tunnel\w+|queried|quer(?:y|ies)|extract\w+|stole)\b/i;
// What the intruder does in the sentence: "with" or "via" a tool only counts in a sentence about such an act.
const INTRUSION_ACT =
  /\b(?:dump\w*|exfiltrat\w*|enumerat\w*|scann?\w*|tunnel\w*|execut\w*|launch\w*|mov(?:ed|ing)\s+laterally|lateral(?:ly)?|steal\w*|stole|collect\w*|harvest\w*|discover\w*|transferr?\w*|upload\w*|persist\w*|install\w*|deploy\w*|download\w*|ran|run|dropped|access\w*|extract\w*|remote(?:ly)?\s+(?:access|control))\b/i;

// A sentence about finding, stopping or describing the tool, or the author's own work; a negation says it was not run.
const NOT_THE_INTRUSION =
  /\b(?:detect\w*|hunt\w*|monitor\w*|alert\w*|quer(?:y|ies)\s+for|sigma|yara|look(?:ing)? for|search(?:ing)? for|you (?:can|could|should|may|might)|defenders?|security teams?|recommend\w*|mitigat\w*|prevent\w*|(?<!script\s)block\w*|harden\w*|not|never|no longer|if|commonly|typically|often|popular|frequently)\b|n't\b|\b(?:we|I|our (?:team|analysts?))\s+(?:\w+\s+)?(?:use[sd]?|ran|run|execut\w+)\b/i;
// More tools than this in one sentence is a catalogue (threat-landscape statistics), not an intrusion's steps.
const MAX_TOOLS_PER_SENTENCE = 4;

export interface ShownTool {
  tool: IntrusionTool;
  /** The hallmarks the sentences name (the rule's command-line selection), none for the program alone. */
  hallmarks: string[];
  sentences: string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the sentence says the intruder ran the tool named at `index`. */
function ranIn(sentence: string, index: number, length: number): boolean {
  const before = sentence.slice(Math.max(0, index - 60), index);
  const after = sentence.slice(index + length);
  const verb = new RegExp(`\\b(${USE_VERBS})\\b(?:\\W+[\\w-]+){0,4}?\\W+$`, 'i').exec(before);
  if (verb) return !/^(?:via|through|with)$/i.test(verb[1] as string) || INTRUSION_ACT.test(sentence);
  return DONE_AFTER.test(after);
}

/** The code the article quotes (fenced blocks and inline code): a tool named there has its command's rules. */
function quotedCode(content: string): string {
  const fenced = [...content.matchAll(/^(```|~~~)[^\n]*\n([\s\S]*?)^\1/gm)].map((match) => match[2] as string);
  const inline = [...content.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] as string);
  return [...fenced, ...inline].join('\n');
}

const runsIn = (code: string, image: string) =>
  new RegExp(`(?<![\\w-])${escape(image.replace(/\.exe$/i, ''))}(?:\\.exe)?(?=[\\s"']|$)`, 'im').test(code);
/** A tool's name followed by its switches in running text (`PsExec.exe -h @1.txt -d`): a command the extraction reads. */
const runWithSwitches = (text: string, image: string) =>
  new RegExp(`(?<![\\w-])${escape(image.replace(/\.exe$/i, ''))}(?:\\.exe)?["']?\\s+[-/][A-Za-z]`, 'i').test(text);

/**
 * The tool's name as a word of its own: not a piece of PowerShell code (`Invoke-Mimikatz`), of a host name
 * (`x.ngrok-free.app`) or of a path.
 */
function standsAlone(sentence: string, index: number, length: number): boolean {
  const before = sentence[index - 1] ?? ' ';
  const after = sentence.slice(index + length);
  return !/[-.\\/]/.test(before) && !/^(?:-\w|\.(?!exe\b)\w|[\\/]\w)/i.test(after);
}

function shownHallmarks(tool: IntrusionTool, sentences: readonly string[]): string[] {
  const text = sentences.join(' ').toLowerCase();
  const named = tool.hallmarks.filter((hallmark) => text.includes(hallmark.trim().toLowerCase()));
  const implied = tool.implied && sentences.some((sentence) => tool.implied?.when.test(sentence)) ? tool.implied.hallmarks : [];
  return [...new Set([...implied, ...named])];
}

// Sections where the author speaks as a defender: the tools and logs they name are what to look for, not what ran.
const DEFENDER_HEADING =
  /\b(?:detect\w*|hunt\w*|prevent\w*|protections?|mitigat\w*|recommend\w*|remediat\w*|defenders?|defen[cs]es?(?!\s+evasion)|yara|sigma|references?|MITRE|ATT&CK|best\s+practices)\b/i;

/**
 * The article without the sections a defender's heading opens ("Detection", "Hunting queries", "Mitigations"):
 * down to the next heading of the same or a higher level. Fenced code is kept whole (a `#` comment is no heading).
 */
export function withoutDefenderSections(content: string): string {
  const kept: string[] = [];
  let fence: string | null = null;
  let skipping: number | null = null;
  for (const line of content.split('\n')) {
    const marker = /^\s*(```|~~~)/.exec(line)?.[1];
    if (marker && (fence === null || fence === marker)) fence = fence === null ? marker : null;
    const heading = fence === null && !marker ? /^(#{1,6})\s+(.*)$/.exec(line) : null;
    if (heading) {
      const level = (heading[1] as string).length;
      if (skipping !== null && level <= skipping) skipping = null;
      if (skipping === null && DEFENDER_HEADING.test(heading[2] as string)) skipping = level;
    }
    if (skipping === null) kept.push(line);
  }
  return kept.join('\n');
}

/** The sentences of the article's intrusion narrative: prose outside defenders' sections, in no defender's voice. */
export function intrusionSentences(content: string, notTheIntrusion: RegExp): string[] {
  return proseSentences(withoutDefenderSections(content)).filter((sentence) => !notTheIntrusion.test(sentence));
}

/**
 * The intrusion tools the article's prose says were run and a process rule keys: a dual-use tool only with a
 * hallmark of the run (read once per text: rules and self-test read the same).
 */
export function proseTools(content: string | undefined): ShownTool[] {
  return toolsRun(content).filter((shown) => !shown.tool.dualUse || shown.hallmarks.length > 0);
}

/** Every intrusion tool the article's prose says was run (what a service or LSASS read names, dual-use or not). */
export function toolsRun(content: string | undefined): ShownTool[] {
  if (!content) return [];
  return toolsRunOf(content);
}

const toolsRunOf = rememberingLast((content: string): ShownTool[] => {
  const code = quotedCode(content);
  const text = readable(content);
  const sentences = intrusionSentences(content, NOT_THE_INTRUSION);
  const shown: ShownTool[] = [];
  for (const tool of INTRUSION_TOOLS) {
    if (tool.images.some((image) => runsIn(code, image) || runWithSwitches(text, image))) continue;
    const showing = sentences.filter((sentence) => {
      const match = tool.named.exec(sentence);
      if (!match || !standsAlone(sentence, match.index, match[0].length)) return false;
      if (INTRUSION_TOOLS.filter((other) => other.named.test(sentence)).length > MAX_TOOLS_PER_SENTENCE) return false;
      return ranIn(sentence, match.index, match[0].length);
    });
    if (showing.length > 0) shown.push({ tool, hallmarks: shownHallmarks(tool, showing), sentences: showing });
  }
  const beacon = sentences.filter((sentence) => BEACON.test(sentence) && BEACON_RUNDLL32.named.test(sentence) && INJECTED.test(sentence));
  if (beacon.length > 0) shown.push({ tool: BEACON_RUNDLL32, hallmarks: [], sentences: beacon });
  return shown;
});
