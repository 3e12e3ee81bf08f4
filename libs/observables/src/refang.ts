/**
 * Refanging: undo the defanging publishers apply to indicators so they cannot be clicked
 * (hxxp, [.], (.), {.}, [dot], [:], [://], [@], [at], ...). The same token patterns are exported
 * for the network scanner, which matches defanged text in place so evidence offsets stay exact.
 */

/** A dot, plain or defanged. Use with the `i` flag. */
// Besides the usual [.] (.) {.} [dot]: brackets on one side only or repeated (`.]`, `[[.]]`, `[.)`),
// the markdown-escaped forms articles are stored with (`\[.\]`), and `\.` between digits (an escaped
// dot elsewhere may be a Windows path: `C:\Users\x\.ssh`).
export const DOT = String.raw`(?:\.|(?<=\d)\\{1,4}\.(?=\d)|\\?[\[\(\{]{1,4}(?:\.|dot)\\?[\]\)\}]{0,4}|\.\\?[\]\)\}]{1,4}|\[dot\]|\(dot\)|\{dot\}|\s\[\.\]\s|\s\(dot\)\s|\s\[dot\]\s)`;
/** `://`, plain or defanged. */
export const COLON_SLASHES = String.raw`(?::\/\/|\[:\]\/\/|\(:\)\/\/|\{:\}\/\/|\[:\/\/\]|\[:\]\[\/\/\]|:\[\/\/\]|\[:\/\]\/|\[:\/\/|:?__|:\\\\)`;
/** A URL scheme, plain or defanged (hxxp, hXXps, h**p, h[tt]p, fxp). */
export const SCHEME = String.raw`(?:h(?:tt|xx|\*\*|\[tt\]|\[xx\]|\[t\]t|t\[t\])ps?|fxp|ftx|ftps?|sftp|wss?|tcp|udp|file|telnet|ssh|smb|ldaps?|irc)`;
/** A colon before a port, plain or defanged. */
export const PORT_COLON = String.raw`(?::|\[:\]|\(:\))`;

const DEFANG_TOKEN =
  /[[({]{1,4}\.\\?[\])}]{0,4}(?=[a-z0-9])|\.\\?[\])}]{1,4}(?=[a-z0-9])|(?<=\d)\\+\.(?=\d)|\bftx\b|\b(?:https?|ftp)(?::__|__)|\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\)|\{dot\}|\[:\]|\(:\)|\{:\}|\[:\/\/\]|\[\/\/\]|\[\/\]|\[@\]|\[at\]|\(at\)|\bh(?:xx|\*\*|\[tt\]|\[xx\])ps?\b|\bfxp\b/i;

/** True when the text carries at least one defanging token. */
export function isDefanged(text: string): boolean {
  return DEFANG_TOKEN.test(text);
}

/** Turns a defanged indicator back into its real form. Text without defanging is returned unchanged. */
export function refang(text: string): string {
  return text
    .replace(/\bh(?:xx|\*\*|\[tt\]|\[xx\]|\[t\]t|t\[t\])p(s?)(?=\s*(?:\[|\(|\{)?:)/gi, 'http$1')
    .replace(/\bf(?:xp|tx)(?=\s*(?:\[|\()?:)/gi, 'ftp')
    .replace(/\b(https?|ftp)(?::__|__|:\\\\)/gi, '$1://')
    .replace(/\[:\]\[\/\/\]|\[:\/\/\]|\[:\]\/\/|\(:\)\/\/|\{:\}\/\/|:\[\/\/\]|\[:\/\]\//g, '://')
    .replace(/\[:\/\//g, '://')
    .replace(/\[:\]|\(:\)|\{:\}/g, ':')
    .replace(/\s?\[\.\]\s?|\s?\[dot\]\s?|\s?\(dot\)\s?|\{dot\}/gi, '.')
    .replace(/\\?[[({]{1,4}\.\\?[\])}]{0,4}|\.\\?[\])}]{1,4}(?=[a-z0-9])|(?<=\d)\\{1,4}\.(?=\d)/gi, '.')
    .replace(/\[\/\]/g, '/')
    .replace(/\[@\]|\[at\]|\(at\)/gi, '@');
}

/** Canonical scheme of a possibly defanged one: hxxps -> https, fxp -> ftp. */
export function normaliseScheme(scheme: string): string {
  const s = scheme.toLowerCase();
  if (/^h.*ps$/.test(s)) return 'https';
  if (/^h.*p$/.test(s)) return 'http';
  if (s === 'fxp' || s === 'ftx') return 'ftp';
  return s;
}
