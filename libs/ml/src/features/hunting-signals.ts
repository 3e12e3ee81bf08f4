/**
 * Hand-written signals that separate intrusion write-ups from marketing, news and advice: how dense
 * the text is in command lines, paths, registry keys, indicator shapes and code. Each is a count
 * per 1,000 characters squashed into [0, 1), so long and short chunks compare.
 */
export interface SignalDefinition {
  name: string;
  pattern: RegExp;
  /** Density (matches per 1,000 characters) that maps to 0.5. */
  halfAt: number;
}

const g = (source: string, flags = 'gi') => new RegExp(source, flags);

export const SIGNALS: readonly SignalDefinition[] = [
  // cmd.exe /c, powershell -enc, rundll32 x.dll,Entry ; a tool name followed by a switch
  { name: 'cmdline_switches', pattern: g(String.raw`(?:^|\s)(?:-{1,2}[a-z][\w-]*|/[a-z]{1,12}(?=[\s:]))`), halfAt: 6 },
  // Patterns start with a literal where they can, so the engine skips ahead instead of trying every position.
  { name: 'executables', pattern: g(String.raw`\.(?:exe|dll|ps1|bat|cmd|vbs|js|hta|lnk|msi|scr|sys|sh|elf|so|dylib|py|jar)\b`), halfAt: 3 },
  { name: 'windows_paths', pattern: g(String.raw`\b[a-z]:\\[^\s"'<>|]+|%[a-z_]+%\\?|\\\\[\w.$-]+\\[\w.$-]+`), halfAt: 2 },
  {
    name: 'unix_paths',
    pattern: g(
      String.raw`(?:^|[\s"'=(])(?:~|/(?:etc|tmp|var|usr|bin|sbin|dev|opt|home|root|proc|lib|Library|Users|System|Applications))/[\w./-]*`,
    ),
    halfAt: 2,
  },
  {
    name: 'registry_paths',
    pattern: g(
      String.raw`\b(?:HKLM|HKCU|HKU|HKCR|HKEY_[A-Z_]+)(?:\\|:\\)|\\(?:CurrentVersion\\Run|Services\\|Image File Execution Options)`,
    ),
    halfAt: 1,
  },
  { name: 'ipv4', pattern: g(String.raw`(?<![\d.])\d{1,3}(?:\.|\[\.\])\d{1,3}(?:\.|\[\.\])\d{1,3}(?:\.|\[\.\])\d{1,3}(?!\d)`), halfAt: 1 },
  { name: 'hashes', pattern: g(String.raw`\b[a-f0-9]{32}(?:[a-f0-9]{8}(?:[a-f0-9]{24})?)?\b`), halfAt: 1 },
  { name: 'defanged_or_urls', pattern: g(String.raw`hxxps?://|\[\.\]|\[:\]|\bhttps?://[^\s]+`), halfAt: 1 },
  {
    name: 'domains',
    pattern: g(String.raw`(?:\.|\[\.\])(?:com|net|org|ru|cn|io|top|xyz|info|biz|cc|tk|onion|site|online|club)\b`),
    halfAt: 1,
  },
  {
    name: 'event_ids',
    pattern: g(String.raw`\b(?:event ?id|eventcode|sysmon)\b[^.\n]{0,12}\d{1,5}|\b4688\b|\b4624\b|\b7045\b|\b4698\b`),
    halfAt: 1,
  },
  { name: 'attack_techniques', pattern: g(String.raw`\bT\d{4}(?:\.\d{3})?\b`, 'g'), halfAt: 1 },
  { name: 'cve_ids', pattern: g(String.raw`\bCVE-\d{4}-\d{4,7}\b`), halfAt: 1 },
  { name: 'code_tokens', pattern: g(String.raw`[$%]\w+|\(\)|[{};]|==|=>|\|\||&&|\s\|\s|(?<=\w)=(?=\S)`), halfAt: 8 },
  { name: 'base64_blobs', pattern: g(String.raw`\b[A-Za-z0-9+/]{40,}={0,2}`, 'g'), halfAt: 0.5 },
  { name: 'quoted_args', pattern: g(String.raw`"[^"\n]{2,80}"`), halfAt: 4 },
  // Marketing and advice tell-tales; the model learns their sign.
  { name: 'second_person', pattern: g(String.raw`\b(?:you|your|you're|we|our|us)\b`), halfAt: 10 },
  { name: 'percentages_and_money', pattern: g(String.raw`\b\d+(?:\.\d+)?\s?%|\$\d[\d,.]*\s?(?:million|billion|[mbk])?\b`), halfAt: 2 },
];

/** Squashes a density into [0, 1): `d / (d + halfAt)`. */
export function squash(density: number, halfAt: number): number {
  return density <= 0 ? 0 : density / (density + halfAt);
}

export function countMatches(pattern: RegExp, text: string): number {
  pattern.lastIndex = 0;
  let count = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match[0].length === 0) pattern.lastIndex++;
    count++;
    if (count > 10_000) break;
  }
  return count;
}

/** Every signal's squashed density for `text`, in SIGNALS order. */
export function signalValues(text: string): number[] {
  const perThousand = 1000 / Math.max(text.length, 200);
  return SIGNALS.map((signal) => squash(countMatches(signal.pattern, text) * perThousand, signal.halfAt));
}
