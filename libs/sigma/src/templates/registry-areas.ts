/**
 * What a registry key is for, read from its path: a title names the behaviour ("Microsoft Defender SpyNet Policy
 * Changed Through The Registry"), not the key's last segments ("Registry Key SpyNet Set Under Windows Defender").
 * Used when no known step of registry-families.ts names the write. First match wins: the narrower area first.
 */
const AREAS: ReadonlyArray<{ path: RegExp; title: (key: string) => string }> = [
  { path: /\\Windows Defender\\Exclusions\b/i, title: () => 'Microsoft Defender Exclusion Changed Through The Registry' },
  {
    path: /\\Policies\\Microsoft\\Windows Defender\b/i,
    title: (key) => `Microsoft Defender ${/^windows defender$/i.test(key) ? '' : `${key} `}Policy Changed Through The Registry`,
  },
  { path: /\\Windows Defender\b/i, title: () => 'Microsoft Defender Setting Changed Through The Registry' },
  { path: /\\Terminal Server\b/i, title: () => 'Remote Desktop Setting Changed Through The Registry' },
  { path: /\\Image File Execution Options\\/i, title: () => 'Image File Execution Options Set For A Program' },
  { path: /\\Control\\Lsa\b|\\WDigest\b/i, title: () => 'LSA Or WDigest Setting Changed Through The Registry' },
  { path: /\\Policies\\System\b/i, title: () => 'User Account Control Or System Policy Changed Through The Registry' },
  { path: /\\Winlogon\b/i, title: () => 'Winlogon Setting Changed Through The Registry' },
  { path: /\\WMI\\Autologger\\/i, title: () => 'Event Tracing Session Changed Through The Registry' },
  { path: /\\Explorer\\Advanced\b/i, title: () => 'Explorer Setting Changed Through The Registry' },
  { path: /\\shell\\open\\command\b/i, title: () => 'File Handler Command Changed Through The Registry' },
  {
    path: /^(?:HKCU|HKEY_CURRENT_USER)\\Environment\b|\\Session Manager\\Environment\b/i,
    title: () => 'Environment Variable Set Through The Registry',
  },
  { path: /\\Services\\[^\\]+/i, title: (key) => `Service ${key} Configuration Changed Through The Registry` },
];

/** The behaviour title of registry writes under `paths` (all in one area), with `key` naming the key written; null when no area is known. */
export function registryAreaTitle(paths: readonly string[], key: string): string | null {
  const area = AREAS.find((candidate) => paths.length > 0 && paths.every((path) => candidate.path.test(path)));
  return area ? area.title(key) : null;
}
