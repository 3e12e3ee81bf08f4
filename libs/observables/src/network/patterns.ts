import { COLON_SLASHES, DOT, PORT_COLON, SCHEME } from '../refang';

// Regex building blocks for network indicators, all matching defanged text in place (`i` flag).
// Quantifiers are bounded (at most 10 labels, 63-char labels) so no input can make them backtrack
// more than linearly.

const LABEL = String.raw`[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?`;
const TLD = String.raw`(?:xn--[a-z0-9-]{1,59}|[a-z]{2,63})(?![a-z0-9-])`;
export const DOMAIN = String.raw`(?:${LABEL}${DOT}){1,10}${TLD}`;
const OCTET = String.raw`(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)`;
export const IPV4 = String.raw`${OCTET}(?:${DOT}${OCTET}){3}`;
const IPV6_BRACKETED = String.raw`\[[0-9a-f:.]{2,45}\]`;
// `user@` or `user:password@` before the host of a URL.
const USERINFO = String.raw`[a-z0-9._~%!$&'*+,;=-]{1,64}(?::[^\s/@]{0,64})?@`;
const PATH = String.raw`(?:(?:\/|\[\/\]|\?|#)[^\s"'<>\x60]*)?`;

/** A URL with a scheme (and maybe user info); groups: 1 scheme, 2 host, 3 port, 4 path. Use with the `d` flag for offsets. */
export const URL_WITH_SCHEME = new RegExp(
  String.raw`(?<![a-z0-9])(${SCHEME})${COLON_SLASHES}(?:${USERINFO})?(${IPV4}(?![0-9a-z-]|${DOT}[a-z0-9])|${DOMAIN}|${IPV6_BRACKETED})(?:${PORT_COLON}(\d{1,5}))?(${PATH})`,
  'gid',
);

/** A bare host name (no scheme). Not preceded by a label character, a dot or '@'. */
export const BARE_DOMAIN = new RegExp(String.raw`(?<![a-z0-9_.@\\/$]|[a-z0-9]-|\[@\]|\[\.\]|\(\.\))${DOMAIN}`, 'gi');

export const BARE_IPV4 = new RegExp(String.raw`(?<![0-9a-z_.\-\\/]|\[\.\])${IPV4}(?![0-9a-z_]|\.[0-9a-z]|\[\.\]\d)`, 'gi');

// Defanged groups (`2a09[:]bac5:…`) are read too; the caller refangs.
export const IPV6_CANDIDATE = /(?<![0-9a-z:.\]])(?:[0-9a-f]{0,4}(?::|\[:\])){2,7}[0-9a-f]{0,4}(?![0-9a-z:])/gi;

/** After a bare host: an optional port and a path, making it a scheme-less URL. */
export const SCHEMELESS_TAIL = new RegExp(String.raw`(?:${PORT_COLON}\d{1,5})?(?:\/|\[\/\])[^\s"'<>\x60]{1,2000}`, 'iy');

export const PORT_TAIL = new RegExp(String.raw`^${PORT_COLON}(\d{1,5})(?![0-9])`);

/** Characters that end a URL when they trail it (sentence punctuation, closing brackets). */
export function trimUrlEnd(url: string): string {
  let end = url.length;
  for (;;) {
    const ch = url[end - 1];
    if (ch === undefined) break;
    if ('.,;:!?\'"*'.includes(ch)) {
      end--;
      continue;
    }
    if (ch === ')' || ch === ']' || ch === '}') {
      const open = ch === ')' ? '(' : ch === ']' ? '[' : '{';
      const body = url.slice(0, end);
      if (count(body, open) < count(body, ch)) {
        end--;
        continue;
      }
    }
    break;
  }
  return url.slice(0, end);
}

function count(text: string, ch: string): number {
  let n = 0;
  for (const c of text) if (c === ch) n++;
  return n;
}
