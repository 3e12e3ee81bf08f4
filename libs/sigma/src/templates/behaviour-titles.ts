/**
 * SigmaHQ-style titles that name the behaviour a command line shows ("Certutil.EXE Download From
 * Remote URL"), from the program and what its arguments do. The last entry of each program and the
 * generic fallback only name the program.
 */
interface Behaviour {
  image: RegExp;
  args?: RegExp;
  title: string;
}

const BEHAVIOURS: Behaviour[] = [
  { image: /^certutil\.exe$/i, args: /urlcache|verifyctl/i, title: 'Certutil.EXE Download From Remote URL' },
  { image: /^certutil\.exe$/i, args: /-decode|\/decode/i, title: 'Certutil.EXE File Decoding' },
  { image: /^bitsadmin\.exe$/i, args: /\/transfer|\/addfile/i, title: 'Bitsadmin.EXE File Download' },
  { image: /^(curl|wget)(\.exe)?$/i, args: /https?:|ftp:/i, title: '{Program} Download From Remote Host' },
  { image: /^mshta\.exe$/i, args: /https?:|javascript:|vbscript:/i, title: 'Mshta.EXE Execution Of Remote Or Inline Script' },
  { image: /^regsvr32\.exe$/i, args: /\/i:https?|scrobj/i, title: 'Regsvr32.EXE Remote Scriptlet Execution (Squiblydoo)' },
  { image: /^regsvr32\.exe$/i, title: 'Regsvr32.EXE DLL Registration From Unusual Location' },
  { image: /^rundll32\.exe$/i, args: /davwwwroot|@ssl|\\\\/i, title: 'Rundll32.EXE Execution Of DLL From WebDAV Share' },
  { image: /^rundll32\.exe$/i, title: 'Rundll32.EXE Execution Of DLL From Unusual Location' },
  { image: /^msiexec\.exe$/i, args: /https?:/i, title: 'Msiexec.EXE Installation From Remote URL' },
  { image: /^(powershell|pwsh)\.exe$/i, args: /-e(nc|ncodedcommand)?\s|frombase64string/i, title: 'PowerShell Encoded Or Base64-Decoded Command' },
  { image: /^(powershell|pwsh)\.exe$/i, args: /iwr|irm|invoke-webrequest|invoke-restmethod|downloadstring|downloadfile|net\.webclient/i, title: 'PowerShell Download And Execute' },
  { image: /^(powershell|pwsh)\.exe$/i, args: /resolve-dnsname.*txt/i, title: 'PowerShell Payload Retrieval Via DNS TXT Record' },
  { image: /^(powershell|pwsh)\.exe$/i, title: 'PowerShell Execution With Suspicious Arguments' },
  { image: /^schtasks\.exe$/i, args: /\/create/i, title: 'Scheduled Task Creation Via Schtasks.EXE' },
  { image: /^sc\.exe$/i, args: /\\\\\S+\s+create|create.*\\\\/i, title: 'Remote Service Creation Via Sc.EXE' },
  { image: /^sc\.exe$/i, args: /\bcreate\b|\bconfig\b/i, title: 'Service Creation Or Change Via Sc.EXE' },
  { image: /^(sc|net|net1)\.exe$/i, args: /\b(?:stop|pause)\s/i, title: 'Service Stopped Via {Program}' },
  { image: /^reg\.exe$/i, args: /\\run(once)?\b/i, title: 'Run Key Persistence Via Reg.EXE' },
  { image: /^reg\.exe$/i, args: /\bsave\b.*\b(sam|system|security)\b/i, title: 'Registry Hive Dump Via Reg.EXE' },
  { image: /^reg\.exe$/i, title: 'Registry Modification Via Reg.EXE' },
  { image: /^(net|net1)\.exe$/i, args: /\buser\b.*\/add|localgroup.*\/add/i, title: 'User Account Creation Via Net.EXE' },
  { image: /^(net|net1)\.exe$/i, title: 'Domain And Group Discovery Via Net.EXE' },
  { image: /^nltest\.exe$/i, title: 'Domain Trust Discovery Via Nltest.EXE' },
  { image: /^vssadmin\.exe$/i, args: /delete/i, title: 'Shadow Copy Deletion Via Vssadmin.EXE' },
  { image: /^wmic\.exe$/i, args: /process\s+call\s+create/i, title: 'Process Creation Via Wmic.EXE' },
  { image: /^finger\.exe$/i, title: 'Finger.EXE Retrieval Of Remote Commands' },
  { image: /^pcalua\.exe$/i, title: 'Pcalua.EXE Proxy Execution' },
  { image: /^(bash|sh|zsh)$/i, args: /base64/i, title: 'Shell Execution Of Base64-Decoded Payload' },
  { image: /^chmod$/i, args: /\+x|7\d\d/i, title: 'Executable Permission Set On Dropped File' },
  { image: /^crontab$/i, title: 'Cron Job Persistence Via Crontab' },
  { image: /^systemctl$/i, args: /enable|start/i, title: 'Systemd Service Enabled Or Started' },
  { image: /^osascript$/i, title: 'AppleScript Execution Via Osascript' },
  { image: /^xattr$/i, args: /quarantine/i, title: 'Gatekeeper Quarantine Attribute Removal Via Xattr' },
  { image: /^launchctl$/i, title: 'Launch Agent Or Daemon Loaded Via Launchctl' },
];

/** `Certutil.EXE` for a Windows image, `Wget` for a Unix one. */
export const programLabel = (image: string): string => {
  const name = image.replace(/\.exe$/i, '');
  const capitalised = name.charAt(0).toUpperCase() + name.slice(1);
  return /\.exe$/i.test(image) ? `${capitalised}.EXE` : capitalised;
};

/** The behaviour title of a program's command lines; `commandLines` are what the rule selects on. */
export function behaviourTitle(image: string, commandLines: string[]): string {
  const joined = commandLines.join('\n');
  const found = BEHAVIOURS.find((b) => b.image.test(image) && (!b.args || b.args.test(joined)));
  return (found?.title ?? '{Program} Execution With Suspicious Arguments').replace('{Program}', programLabel(image));
}
