import type { SigmaEvent } from './event-fields';

const DEFENDER_CHANNEL = 'Microsoft-Windows-Windows Defender/Operational';

// Offensive tools Defender's default signatures name on sight (the program's bare name -> the threat it reports).
const HACKTOOLS: Record<string, string> = {
  mimikatz: 'HackTool:Win64/Mikatz!dha',
  safetykatz: 'HackTool:MSIL/SafetyKatz',
  rubeus: 'HackTool:MSIL/Rubeus',
  sharphound: 'HackTool:MSIL/SharpHound',
  seatbelt: 'HackTool:MSIL/Seatbelt',
  sharpup: 'HackTool:MSIL/SharpUp',
  certify: 'HackTool:MSIL/Certify',
  lazagne: 'HackTool:Win32/LaZagne',
  nanodump: 'HackTool:Win64/NanoDump',
  pypykatz: 'HackTool:Python/Pypykatz',
  kerbrute: 'HackTool:Win64/Kerbrute',
  wce: 'HackTool:Win32/Wincred',
  pwdump: 'HackTool:Win32/PWDump',
  gsecdump: 'HackTool:Win32/Gsecdump',
};
// PowerShell code AMSI hands Defender, which its signatures name (the script's known functions).
const AMSI_CODE: Array<[RegExp, string]> = [
  [/\bInvoke-Mimikatz\b/i, 'HackTool:PowerShell/Mimikatz'],
  [/\bInvoke-Kerberoast\b/i, 'HackTool:PowerShell/Kerberoast'],
  [/\bInvoke-(?:BloodHound|ShareFinder)\b|\bGet-Domain(?:User|Computer|Trust)\b/i, 'HackTool:PowerShell/PowerView'],
  [/\bInvoke-(?:Shellcode|ReflectivePEInjection)\b/i, 'HackTool:PowerShell/PowerSploit'],
  [/\bAmsiUtils\b|\bamsiInitFailed\b/i, 'Trojan:PowerShell/AmsiTamper.A'],
];

/**
 * What Microsoft Defender, on by default, records when it meets a well-known offensive tool (its Operational log's
 * 1116: the threat's name, where it was found, the process): a hacktool's program when it runs, the PowerShell code
 * AMSI shows it (SourceName AMSI), and a dump of LSASS (the behaviour monitor's LsassDump). Rules on Defender's
 * detections read these; a lab that ran the article's tools with Defender on saw them.
 */
export function defenderDetections(events: readonly SigmaEvent[]): SigmaEvent[] {
  const seen = new Set<string>();
  const detected = (threat: string, source: string, path: string, process: string): SigmaEvent[] => {
    const key = `${threat}|${path}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [
      {
        EventID: 1116,
        Channel: DEFENDER_CHANNEL,
        'Threat Name': threat,
        ThreatName: threat,
        'Severity Name': 'High',
        'Category Name': /^Behavior:/.test(threat) ? 'Suspicious Behavior' : 'Tool',
        SourceName: source,
        Path: path,
        ProcessName: process,
        'Detection User': 'CONTOSO\\user',
      },
    ];
  };
  return events.flatMap((event): SigmaEvent[] => {
    const image = typeof event['Image'] === 'string' ? event['Image'] : '';
    if (event['EventID'] === 1) {
      const name = (image.split(/[\\/]/).pop() ?? '').toLowerCase().replace(/(?:\.x64|\.x86|64|32)?\.exe$/, '');
      const threat = HACKTOOLS[name];
      return threat ? detected(threat, 'Real-Time Protection', `file:_${image}`, image) : [];
    }
    if (event['EventID'] === 4104) {
      const code = String(event['ScriptBlockText'] ?? '');
      return AMSI_CODE.filter(([pattern]) => pattern.test(code)).flatMap(([, threat]) =>
        detected(
          threat,
          'AMSI',
          'amsi:_C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
          'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
        ),
      );
    }
    if (event['EventID'] === 10 && /\\lsass\.exe$/i.test(String(event['TargetImage'] ?? '')) && event['GrantedAccess'] === '0x1fffff') {
      const source = String(event['SourceImage'] ?? '');
      return detected('Behavior:Win32/LsassDump.A', 'Real-Time Protection', `behavior:_process: ${source}, pid:5820`, source);
    }
    return [];
  });
}
