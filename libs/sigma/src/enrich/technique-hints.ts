import { commandFacts, type CommandFacts, type Invocation } from '@huntforge/observables';

/**
 * Detection content that points at an ATT&CK technique, with the technique's tactic (v19 names): a pattern on
 * the detection's text, or (for the programs whose sub-commands say what they do) a test of what the
 * command-line model reads in a detection value.
 */
export interface TechniqueHint {
  pattern?: RegExp;
  command?: (facts: CommandFacts) => boolean;
  technique: string;
  tactic: string;
}

const runs =
  (test: (invocation: Invocation) => boolean) =>
  (facts: CommandFacts): boolean =>
    facts.invocations.some(test);
const verb = (invocation: Invocation) => invocation.subcommands[0]?.value.toLowerCase() ?? '';

export const TECHNIQUE_HINTS: readonly TechniqueHint[] = [
  { pattern: /powershell|pwsh/i, technique: 't1059.001', tactic: 'execution' },
  { pattern: /\\cmd\.exe|cmd \/c/i, technique: 't1059.003', tactic: 'execution' },
  { pattern: /wscript|cscript|\.vbs\b/i, technique: 't1059.005', tactic: 'execution' },
  { pattern: /\/bin\/(ba)?sh|bash -c/i, technique: 't1059.004', tactic: 'execution' },
  { pattern: /\\tasks\\/i, command: runs((invocation) => invocation.name === 'schtasks'), technique: 't1053.005', tactic: 'persistence' },
  { pattern: /\\currentversion\\run/i, technique: 't1547.001', tactic: 'persistence' },
  { pattern: /rundll32/i, technique: 't1218.011', tactic: 'stealth' },
  { pattern: /regsvr32/i, technique: 't1218.010', tactic: 'stealth' },
  { pattern: /mshta/i, technique: 't1218.005', tactic: 'stealth' },
  { pattern: /msiexec/i, technique: 't1218.007', tactic: 'stealth' },
  { pattern: /certutil/i, technique: 't1105', tactic: 'command-and-control' },
  { pattern: /bitsadmin/i, technique: 't1197', tactic: 'persistence' },
  { pattern: /vssadmin|wbadmin|shadowcopy/i, technique: 't1490', tactic: 'impact' },
  { command: runs((invocation) => invocation.name === 'wmic' || invocation.name === 'wmiprvse'), technique: 't1047', tactic: 'execution' },
  { pattern: /lsass|mimikatz|sekurlsa/i, technique: 't1003.001', tactic: 'credential-access' },
  { pattern: /psexe(c|svc)/i, technique: 't1569.002', tactic: 'execution' },
  { pattern: /\bwhoami\b/i, technique: 't1033', tactic: 'discovery' },
  {
    command: runs((invocation) => (invocation.name === 'net' || invocation.name === 'net1') && /^(?:user|group)$/.test(verb(invocation))),
    technique: 't1087',
    tactic: 'discovery',
  },
  { pattern: /nltest|domain_trusts/i, technique: 't1482', tactic: 'discovery' },
  {
    pattern: /\\services\\/i,
    command: runs((invocation) => invocation.name === 'sc' && (verb(invocation) === 'create' || verb(invocation) === 'config')),
    technique: 't1543.003',
    tactic: 'persistence',
  },
  { pattern: /-enc(odedcommand)?\b|frombase64string/i, technique: 't1027', tactic: 'stealth' },
  { pattern: /curl|wget|invoke-webrequest|downloadstring|downloadfile/i, technique: 't1105', tactic: 'command-and-control' },
  { pattern: /wevtutil (cl|clear-log)/i, technique: 't1685', tactic: 'defense-impairment' },
  { pattern: /netsh (advfirewall|firewall)/i, technique: 't1686.003', tactic: 'defense-impairment' },
  { pattern: /\b7z|rar\.exe|compress-archive/i, technique: 't1560.001', tactic: 'collection' },
  { pattern: /anydesk|teamviewer|screenconnect/i, technique: 't1219.002', tactic: 'command-and-control' },
];

/** Whether a rule's detection points at the hint's technique: its text, or one of its values read as a command line. */
export function detectionHints(hint: TechniqueHint, detectionText: string, values: readonly CommandFacts[]): boolean {
  return (hint.pattern?.test(detectionText) ?? false) || (hint.command !== undefined && values.some(hint.command));
}

/** The detection's string values (field values, keywords) read by the command-line model. */
export function detectionCommands(detection: unknown): CommandFacts[] {
  const strings: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node === 'string') strings.push(node);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  walk(detection);
  // A keyword's wildcards (`*schtasks*`) are Sigma's, not the command's.
  return strings.map((value) => commandFacts(value.replace(/^[\s*]+|[\s*]+$/g, ''), { platform: 'windows' }));
}

/** Tactic → default level when a rule has none (impactful tactics rank higher). */
export const TACTIC_LEVEL: Record<string, 'low' | 'medium' | 'high'> = {
  'credential-access': 'high',
  'privilege-escalation': 'high',
  'lateral-movement': 'high',
  impact: 'high',
  exfiltration: 'high',
  'defense-impairment': 'high',
  discovery: 'low',
  reconnaissance: 'low',
  collection: 'low',
};
