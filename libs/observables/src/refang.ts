/**
 * Refanging: undo the defanging publishers apply to indicators so they cannot be clicked
 * (hxxp, [.], (.), {.}, [dot], [:], [://], [@], [at], ...). The same token patterns are exported
 * for the network scanner, which matches defanged text in place so evidence offsets stay exact.
 */

/** A dot, plain or defanged. Use with the `i` flag. */
// Besides the usual [.] (.) {.} [dot]: brackets on one side only or repeated (`.]`, `[[.]]`, `[.)`),
// the markdown-escaped forms articles are stored with (`\[.\]`), and `\.` between digits (an escaped
// dot elsewhere may be a Windows path: `C:\Users\x\.ssh`).
// A bracketed dot may carry a space on either side (`a[.]b[.] c[.]com`, `host (.) com`), and a dot word may
// lose one bracket (`host[dotcom`, `hostdot]com`). A plain dot set apart by spaces (`host . com`) is not read:
// prose typed that way ("… it ran . It …") would give names.
export const DOT = String.raw`(?:\.|(?<=\d)\\{1,8}\.(?=\d)|[ ]?\\?[\[\(\{]{1,4}(?:\.|dot)\\?[\]\)\}]{1,4}[ ]?|\\?[\[\(\{]{1,4}(?:\.|dot)(?=[a-z0-9])|\.\\?[\]\)\}]{1,4}|\[dot\]|\(dot\)|\{dot\}|dot\](?=[a-z0-9]))`;
/** `://`, plain or defanged. */
export const COLON_SLASHES = String.raw`(?::\/\/|\[:\]\/\/|\(:\)\/\/|\{:\}\/\/|\[:\/\/\]|\[:\]\[\/\/\]|:\[\/\/\]|\[:\/\]\/|\[:\/\/|:?__|:\\\\)`;
/** A URL scheme, plain or defanged (hxxp, hXXps, h**p, h[tt]p, fxp). */
// Mining pools are addressed as `stratum+tcp://`, `stratum+ssl://`, `stratum2+tcp://` (also `ethproxy+tcp`).
export const SCHEME = String.raw`(?:(?:stratum[12]?|ethproxy|ethstratum)\+(?:tcp|ssl|tls(?:12)?)|h(?:tt|xx|00|__|\*\*|\[tt\]|\[xx\]|\[t\]t|t\[t\])ps?|s?f(?:xp|tx)s?|ftps?|sftp|wss?|tcp|udp|file|telnet|ssh|smb|ldaps?|irc)`;
/** A colon before a port, plain or defanged. */
export const PORT_COLON = String.raw`(?::|\[:\]|\(:\))`;

const DEFANG_TOKEN =
  /[[({]{1,4}\.\\?[\])}]{0,4}(?=[a-z0-9])|\.\\?[\])}]{1,4}(?=[a-z0-9])|(?<=\d)\\+\.(?=\d)|\bs?f(?:tx|xp)s?\b|\bh(?:00|__)ps?\b|\b(?:https?|ftp)(?::__|__)|(?<=[a-z0-9])(?:\[\/(?!\])|\(\/\))|\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\)|\{dot\}|\[:\]|\(:\)|\{:\}|\[:\/\/\]|\[\/\/\]|\[\/\]|\[@\]|\[at\]|\(at\)|\bh(?:xx|\*\*|\[tt\]|\[xx\])ps?\b/i;

/** True when the text carries at least one defanging token. */
export function isDefanged(text: string): boolean {
  return DEFANG_TOKEN.test(text);
}

/** Turns a defanged indicator back into its real form. Text without defanging is returned unchanged. */
export function refang(text: string): string {
  return text
    .replace(/\bh(?:xx|00|\*\*|\[tt\]|\[xx\]|\[t\]t|t\[t\])p(s?)(?=\s*(?:\[|\(|\{)?:)/gi, 'http$1')
    .replace(/\bh__p(s?)__/gi, 'http$1://')
    .replace(/\b(s?)f(?:xp|tx)(s?)(?=\s*(?:\[|\()?:)/gi, '$1ftp$2')
    .replace(/\b(https?|ftp)(?::__|__|:\\\\)/gi, '$1://')
    .replace(/\[:\]\[\/\/\]|\[:\/\/\]|\[:\]\/\/|\(:\)\/\/|\{:\}\/\/|:\[\/\/\]|\[:\/\]\//g, '://')
    .replace(/\[:\/\//g, '://')
    .replace(/\[:\]|\(:\)|\{:\}/g, ':')
    .replace(/\s?\[\.\]\s?|\s?\[dot\]\s?|\s?\(dot\)\s?|\{dot\}|\[dot(?=[a-z0-9])|(?<=[a-z0-9])dot\](?=[a-z0-9])/gi, '.')
    .replace(/ ?\\?[[({]{1,4}\.\\?[\])}]{1,4} ?|\\?[[({]{1,4}\.\\?[\])}]{0,4}|\.\\?[\])}]{1,4}(?=[a-z0-9])|(?<=\d)\\{1,8}\.(?=\d)/gi, '.')
    .replace(/\[\/\]|(?<=[a-z0-9])(?:\[\/(?!\])|\(\/\))/gi, '/')
    .replace(/\[@\]|\[at\]|\(at\)/gi, '@');
}

/** Canonical scheme of a possibly defanged one: hxxps -> https, fxp -> ftp. */
export function normaliseScheme(scheme: string): string {
  const s = scheme.toLowerCase();
  if (/^h.*ps$/.test(s)) return 'https';
  if (/^h.*p$/.test(s)) return 'http';
  const ftp = /^(s?)f(?:xp|tx)(s?)$/.exec(s);
  if (ftp) return `${ftp[1]}ftp${ftp[2]}`;
  return s;
}
