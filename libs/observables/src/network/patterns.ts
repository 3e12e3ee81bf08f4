import { COLON_SLASHES, DOT, PORT_COLON, SCHEME } from '../refang';

// Regex building blocks for network indicators, all matching defanged text in place (`i` flag).
// Quantifiers are bounded (at most 10 labels, 63-char labels) so no input can make them backtrack
// more than linearly.

// Internationalised names are matched as written (`bücher.de`, `пример.рф`, `テスト.example.com`). Letters of
// scripts written with spaces between words (Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic) may mix with
// ASCII in one label (`pаypal` with a Cyrillic а is a homograph); letters of scripts written without spaces
// (CJK, kana, Hangul, Thai) make labels of their own, so a name glued to Japanese prose starts at its ASCII.
const SPACED_SCRIPT = String.raw`\u00df-\u00f6\u00f8-\u024f\u1e00-\u1eff\u00c0-\u00d6\u00d8-\u00de\u0370-\u03ff\u0400-\u052f\u0531-\u0587\u05d0-\u05ea\u0620-\u064a\u066e-\u06d3`;
const UNSPACED_SCRIPT = String.raw`\u0e01-\u0e3a\u0e40-\u0e4e\u3041-\u3096\u30a1-\u30fa\u30fc\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3`;
// Underscores are matched in any label (`_dmarc`, `o_o`); the caller keeps them only below the registrable name.
const ASCII_LABEL = String.raw`[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?`;
const MIXED_LABEL = String.raw`[a-z0-9-]{0,30}[${SPACED_SCRIPT}][a-z0-9${SPACED_SCRIPT}-]{0,40}`;
const UNSPACED_LABEL = String.raw`[0-9${UNSPACED_SCRIPT}][0-9${UNSPACED_SCRIPT}-]{0,40}`;
const LABEL = String.raw`(?:${ASCII_LABEL}|${MIXED_LABEL}|${UNSPACED_LABEL})`;
const TLD = String.raw`(?:xn--[a-z0-9-]{1,59}|[a-z]{2,63}|[${SPACED_SCRIPT}]{2,24}|[${UNSPACED_SCRIPT}]{2,12})(?![a-z0-9${SPACED_SCRIPT}-])`;
/** A letter that continues a host label: a name that follows one starts inside another word. */
const LABEL_CHAR = String.raw`a-z0-9${SPACED_SCRIPT}`;
export const DOMAIN = String.raw`(?:${LABEL}${DOT}){1,10}${TLD}`;
const OCTET = String.raw`(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)`;
export const IPV4 = String.raw`${OCTET}(?:${DOT}${OCTET}){3}`;
const IPV6_BRACKETED = String.raw`\[[0-9a-f:.]{2,45}\]`;
// `user@` or `user:password@` before the host of a URL.
const USERINFO = String.raw`[a-z0-9._~%!$&'*+,;=-]{1,64}(?::[^\s/@]{0,64})?@`;
const PATH = String.raw`(?:(?:\/|\[\/\]?|\(\/\)|\?|#)[^\s"'<>\x60]*)?`;

/**
 * A URL with a scheme (and maybe user info); groups: 1 scheme, 2 host, 3 port, 4 path. Use with the `d` flag for
 * offsets. A space after `://` is matched so a defanged URL written with one (`hxxps:// 192.0.2[.]7/x`) is read;
 * the caller drops plain URLs that have one.
 */
export const URL_WITH_SCHEME = new RegExp(
  String.raw`(?<![a-z0-9])(${SCHEME})${COLON_SLASHES}(?: )?(?:${USERINFO})?(${IPV4}(?![0-9a-z-]|${DOT}[a-z0-9])|${DOMAIN}|${IPV6_BRACKETED})(?:${PORT_COLON}(\d{1,5}))?(${PATH})`,
  'gid',
);

/** A bare host name (no scheme). Not preceded by a label character, a dot or '@'. */
// A label of an unspaced script does not start inside a run of that script (`test@テスト.example.com`).
export const BARE_DOMAIN = new RegExp(
  String.raw`(?<![${LABEL_CHAR}_.@\\/$]|[a-z0-9]-|\[@\]|\[\.\]|\(\.\))(?![${UNSPACED_SCRIPT}](?<=[${UNSPACED_SCRIPT}].))${DOMAIN}`,
  'gi',
);

export const BARE_IPV4 = new RegExp(String.raw`(?<![0-9a-z_.\-\\/]|\[\.\])${IPV4}(?![0-9a-z_]|\.[0-9a-z]|\[\.\]\d)`, 'gi');

// Defanged groups (`2a09[:]bac5:…`) are read too; the caller refangs.
// Not cut before an embedded IPv4 (`::ffff:192.0.2.1` is a mapped IPv4 address, read by the IPv4 pass). An e-mail
// address literal (`user@[IPv6:2001:db8::1]`) holds one.
export const IPV6_CANDIDATE = /(?:(?<=\[IPv6:)|(?<![0-9a-z:.\]]))(?:[0-9a-f]{0,4}(?::|\[:\])){2,7}[0-9a-f]{0,4}(?![0-9a-z:]|\.\d)/gi;

/** After a bare host: an optional port and a path, making it a scheme-less URL. */
export const SCHEMELESS_TAIL = new RegExp(String.raw`(?:${PORT_COLON}\d{1,5})?(?:\/|\[\/\]?|\(\/\))[^\s"'<>\x60]{1,2000}`, 'iy');

export const PORT_TAIL = new RegExp(String.raw`^${PORT_COLON}(\d{1,5})(?![0-9])`);

/** Characters that end a URL when they trail it (sentence punctuation, closing brackets). */
export function trimUrlEnd(url: string): string {
  let end = url.length;
  for (;;) {
    const ch = url[end - 1];
    if (ch === undefined) break;
    // An opening bracket never ends a URL (`http://host/[.` is a URL before a broken defang).
    if ('.,;:!?\'"*[({'.includes(ch)) {
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
