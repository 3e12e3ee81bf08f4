/**
 * ATT&CK tags we can infer from a concrete observable without guessing: the technique a tool or
 * location is the canonical example of. Anything not listed gets no technique tag. Tactics are ATT&CK's current
 * ones (v18 split defense-evasion into stealth and defense-impairment), as the SigmaHQ corpus tags the same
 * techniques: proxy execution and BITS jobs are stealth; registry changes and log clearing impair defences.
 */
const EXECUTABLE_TECHNIQUES: Record<string, string[]> = {
  'powershell.exe': ['attack.execution', 'attack.t1059.001'],
  'pwsh.exe': ['attack.execution', 'attack.t1059.001'],
  'cmd.exe': ['attack.execution', 'attack.t1059.003'],
  'wscript.exe': ['attack.execution', 'attack.t1059.005'],
  'cscript.exe': ['attack.execution', 'attack.t1059.005'],
  'mshta.exe': ['attack.stealth', 'attack.t1218.005'],
  'rundll32.exe': ['attack.stealth', 'attack.t1218.011'],
  'regsvr32.exe': ['attack.stealth', 'attack.t1218.010'],
  'msiexec.exe': ['attack.stealth', 'attack.t1218.007'],
  'certutil.exe': ['attack.command-and-control', 'attack.t1105'],
  'bitsadmin.exe': ['attack.stealth', 'attack.t1197'],
  'wmic.exe': ['attack.execution', 'attack.t1047'],
  'schtasks.exe': ['attack.persistence', 'attack.t1053.005'],
  'sc.exe': ['attack.persistence', 'attack.t1543.003'],
  'reg.exe': ['attack.defense-impairment', 'attack.t1112'],
  'vssadmin.exe': ['attack.impact', 'attack.t1490'],
  'wevtutil.exe': ['attack.defense-impairment', 'attack.t1685.005'],
  'net.exe': ['attack.discovery', 'attack.t1087'],
  'nltest.exe': ['attack.discovery', 'attack.t1482'],
  'whoami.exe': ['attack.discovery', 'attack.t1033'],
  curl: ['attack.command-and-control', 'attack.t1105'],
  wget: ['attack.command-and-control', 'attack.t1105'],
  bash: ['attack.execution', 'attack.t1059.004'],
  sh: ['attack.execution', 'attack.t1059.004'],
  osascript: ['attack.execution', 'attack.t1059.002'],
  crontab: ['attack.persistence', 'attack.t1053.003'],
};

const RUN_KEY = /\\(currentversion\\run|currentversion\\runonce)(\\|$|[\s"'])/i;

export function tagsForExecutable(fileName: string): string[] {
  return EXECUTABLE_TECHNIQUES[fileName.toLowerCase()] ?? [];
}

export function tagsForRegistryPath(path: string): string[] {
  if (RUN_KEY.test(path)) return ['attack.persistence', 'attack.t1547.001'];
  if (/\\services\\/i.test(path)) return ['attack.persistence', 'attack.t1543.003'];
  return ['attack.defense-impairment', 'attack.t1112'];
}

/** Tactic tags first, then techniques, each once, in a stable order. */
export function mergeTags(...lists: string[][]): string[] {
  const all = [...new Set(lists.flat())];
  const isTechnique = (tag: string) => /^attack\.t\d{4}/.test(tag);
  return [...all.filter((tag) => !isTechnique(tag)).sort(), ...all.filter(isTechnique).sort()];
}
