/**
 * macOS host artefacts an article names: launchd job property lists (~/Library/LaunchAgents/x.plist,
 * /Library/LaunchDaemons/...), launchctl and osascript invocations, quarantine-attribute removal, keychain
 * and directory-service commands, the TCC database and binaries inside application bundles. A macOS
 * infostealer or backdoor write-up rarely has Windows command lines or registry keys; these are what a
 * hunter searches endpoint telemetry for, so they count as concrete material like a command line. Pure
 * text matching, no I/O.
 */
const MACOS_ARTEFACTS: RegExp[] = [
  // A launchd job's property list: the path, or a reverse-DNS label with .plist beside LaunchAgents/Daemons.
  /(?:~|\/Users\/[^/\s]+|\/System)?\/Library\/Launch(?:Agents|Daemons)\/[\w.$-]+\.plist\b/g,
  /\blaunchctl\s+(?:load|unload|bootstrap|bootout|enable|kickstart|submit|start)\b[^\n]{0,160}/g,
  /\bosascript\s+(?:-e|-l\s+JavaScript)\b[^\n]{0,120}/g,
  /\bxattr\s+(?:-[a-z]+\s+)*com\.apple\.quarantine\b[^\n]{0,120}/g,
  /\bsecurity\s+(?:find-generic-password|find-internet-password|dump-keychain|unlock-keychain|add-trusted-cert)\b[^\n]{0,120}/g,
  /\bdscl\s+(?:\.|\/Local\/Default)\s+-(?:authonly|create|read|list|append|passwd)\b[^\n]{0,120}/g,
  /\bdefaults\s+write\s+\S+[^\n]{0,120}/g,
  /\/Library\/Application Support\/com\.apple\.TCC\/TCC\.db\b|\bTCC\.db\b/g,
  /(?:\/[\w.-]+)*\/[\w .-]{1,64}\.app\/Contents\/MacOS\/[\w.-]*[\w-]/g,
  /\bLoginItems?\b[^\n]{0,40}\bosascript\b|\bosascript\b[^\n]{0,80}\blogin item\b/gi,
];

/** The distinct macOS host artefacts of a text, in order of first appearance per kind. */
export function macosHostArtefacts(text: string): string[] {
  const found = new Set<string>();
  for (const re of MACOS_ARTEFACTS) for (const m of text.matchAll(re)) found.add(m[0].trim());
  return [...found];
}
