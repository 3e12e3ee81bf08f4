/**
 * Refanging: undo the defanging publishers apply to indicators so they cannot be clicked
 * (hxxp, [.], (.), {.}, [dot], [:], [://], [@], [at], ...). The same token patterns are exported
 * for the network scanner, which matches defanged text in place so evidence offsets stay exact.
 */

/** A dot, plain or defanged. Use with the `i` flag. */
export const DOT = String.raw`(?:\.|\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\)|\{dot\}|\s\[\.\]\s|\s\(dot\)\s|\s\[dot\]\s)`;
/** `://`, plain or defanged. */
export const COLON_SLASHES = String.raw`(?::\/\/|\[:\]\/\/|\(:\)\/\/|\{:\}\/\/|\[:\/\/\]|\[:\]\[\/\/\]|:\[\/\/\]|\[:\/\]\/|\[:\/\/)`;
/** A URL scheme, plain or defanged (hxxp, hXXps, h**p, h[tt]p, fxp). */
export const SCHEME = String.raw`(?:h(?:tt|xx|\*\*|\[tt\]|\[xx\]|\[t\]t|t\[t\])ps?|fxp|ftps?|sftp|wss?)`;
/** A colon before a port, plain or defanged. */
export const PORT_COLON = String.raw`(?::|\[:\]|\(:\))`;

const DEFANG_TOKEN = /\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\)|\{dot\}|\[:\]|\(:\)|\{:\}|\[:\/\/\]|\[\/\/\]|\[\/\]|\[@\]|\[at\]|\(at\)|\bh(?:xx|\*\*|\[tt\]|\[xx\])ps?\b|\bfxp\b/i;

/** True when the text carries at least one defanging token. */
export function isDefanged(text: string): boolean {
  return DEFANG_TOKEN.test(text);
}

/** Turns a defanged indicator back into its real form. Text without defanging is returned unchanged. */
export function refang(text: string): string {
  return text
    .replace(/\bh(?:xx|\*\*|\[tt\]|\[xx\]|\[t\]t|t\[t\])p(s?)(?=\s*(?:\[|\(|\{)?:)/gi, 'http$1')
    .replace(/\bfxp(?=\s*(?:\[|\()?:)/gi, 'ftp')
    .replace(/\[:\]\[\/\/\]|\[:\/\/\]|\[:\]\/\/|\(:\)\/\/|\{:\}\/\/|:\[\/\/\]|\[:\/\]\//g, '://')
    .replace(/\[:\/\//g, '://')
    .replace(/\[:\]|\(:\)|\{:\}/g, ':')
    .replace(/\s?\[\.\]\s?|\(\.\)|\{\.\}|\s?\[dot\]\s?|\s?\(dot\)\s?|\{dot\}/gi, '.')
    .replace(/\[\/\]/g, '/')
    .replace(/\[@\]|\[at\]|\(at\)/gi, '@');
}

/** Canonical scheme of a possibly defanged one: hxxps -> https, fxp -> ftp. */
export function normaliseScheme(scheme: string): string {
  const s = scheme.toLowerCase();
  if (/^h.*ps$/.test(s)) return 'https';
  if (/^h.*p$/.test(s)) return 'http';
  if (s === 'fxp') return 'ftp';
  return s;
}
