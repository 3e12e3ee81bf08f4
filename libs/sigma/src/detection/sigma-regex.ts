/**
 * Compiles a Sigma `re` value with JavaScript's engine. Sigma regexes are PCRE-flavoured, so the
 * PCRE spellings JavaScript lacks are translated first: inline flag groups `(?i)`, `(?P<name>`,
 * `(?P=name)`, `\A`, `\Z`/`\z` and atomic groups `(?>`. Returns the error message when it fails.
 */
export function compileSigmaRegex(
  pattern: string,
  flags: readonly string[] = [],
): { ok: true; regex: RegExp } | { ok: false; error: string } {
  const jsFlags = new Set<string>(flags.filter((flag) => flag === 'i' || flag === 'm' || flag === 's'));
  const translated = pattern
    .replace(/\(\?([imsx]+)\)/g, (_match, inline: string) => {
      for (const flag of inline) if (flag !== 'x') jsFlags.add(flag);
      return '';
    })
    .replace(/\(\?P<([A-Za-z_]\w*)>/g, '(?<$1>')
    .replace(/\(\?P=([A-Za-z_]\w*)\)/g, '\\k<$1>')
    .replace(/\(\?>/g, '(?:')
    .replace(/(^|[^\\])\\A/g, '$1^')
    .replace(/(^|[^\\])\\[Zz]/g, '$1$');
  try {
    return { ok: true, regex: new RegExp(translated, [...jsFlags].join('')) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
