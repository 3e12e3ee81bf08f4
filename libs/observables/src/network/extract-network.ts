import ipaddr from 'ipaddr.js';
import type { NetworkIndicatorItem, NetworkObservableType } from '@huntforge/contracts/extraction';
import { isDefanged, normaliseScheme, refang } from '../refang';
import { classifyCode } from '../text/code-kind';
import type { ArticleDocument } from '../text/document';
import {
  FILE_EXTENSION_TLDS,
  isCitationUrl,
  isIanaTld,
  isPackageRegistryHost,
  isReferenceHost,
  isReferencePath,
  isReservedName,
  isWellKnownSite,
  looksLikeFieldName,
  looksLikeReverseDns,
} from './domain-rules';
import { publisherScope, type PublisherScope } from './publisher';
import { BARE_DOMAIN, BARE_IPV4, IPV6_CANDIDATE, SCHEMELESS_TAIL, URL_WITH_SCHEME, trimUrlEnd } from './patterns';

export interface NetworkExtractionOptions {
  /** The article's own URL: links to the publisher are not indicators. */
  articleUrl?: string;
}

interface Candidate {
  kind: NetworkObservableType;
  value: string;
  start: number;
  end: number;
  /** The publisher wrote it defanged: a deliberate indicator. */
  defanged: boolean;
  /** Host of a URL (domain and IP candidates derived from URLs carry their URL's host). */
  host: string;
  path: string;
  fromUrlWithScheme: boolean;
  derived: boolean;
  /** Where the URL a derived host was read from starts (its host is a citation when the URL is). */
  urlStart?: number;
  /** The URL is the visible text of a markdown link (`[https://x](https://x)`): a link the page drew. */
  linkText?: boolean;
}

/**
 * Network indicators (IPv4, IPv6, domains, URLs) in plain and defanged forms, refanged. Excludes
 * the publisher's own links, citation links, reserved and documentation names, file names that
 * look like domains, version strings that look like addresses and e-mail domains.
 */
export function extractNetworkIndicators(doc: ArticleDocument, options: NetworkExtractionOptions = {}): NetworkIndicatorItem[] {
  const { content } = doc;
  const masked: Array<[number, number]> = [];
  const candidates: Candidate[] = [];

  for (const m of content.matchAll(URL_WITH_SCHEME)) {
    const start = m.index;
    // `[https://x](https://x)`: the link text ends where its target begins.
    const linkText = content[start - 1] === '[' && m[0].includes('](');
    const trimmed = trimUrlEnd(linkText ? m[0].slice(0, m[0].indexOf('](')) : m[0]);
    // `/counter/&lt;IP_address>`: a placeholder a page escaped only at its opening bracket ends at its closing one.
    const raw = /&lt;[\w.-]+$/.test(trimmed) && content[start + trimmed.length] === '>' ? `${trimmed}>` : trimmed;
    const end = start + raw.length;
    const scheme = normaliseScheme(m[1]);
    const host = refang(m[2])
      .toLowerCase()
      .replace(/^\[|\]$/g, '');
    if (!validHost(host)) continue;
    const hostStart = m.indices?.[2]?.[0] ?? start;
    if (/\s/.test(content.slice(start, hostStart)) && !isDefanged(m[0])) continue; // `http:// and https://` in prose
    // file://miner.sh is a local file; file://host.example.org/share a remote one.
    if (scheme === 'file' && !isPublicIpv4(host) && host.split('.').length < 3) continue;
    const hostEnd = m.indices?.[2]?.[1] ?? start;
    // `test\.html`: a markdown escape in the path is not part of the URL.
    // Refanged with the host's last character before it: a slash defang (`(/)`, `[/`) is read after a name.
    const rest = refangAfterHost(content, hostEnd, end).replace(/(?<=[a-z0-9])\\\.(?=[a-z0-9])/gi, '.');
    const userinfo = /@$/.test(content.slice(start, m.indices?.[2]?.[0] ?? start))
      ? (/([^/\\_\]]*@)$/.exec(content.slice(start, m.indices?.[2]?.[0] ?? start))?.[1] ?? '')
      : '';
    const shownHost = host.includes(':') ? `[${ipaddr.parse(host).toString()}]` : host;
    const value = `${scheme}://${userinfo}${shownHost}${rest}`;
    masked.push([start, end]);
    const defanged = isDefanged(raw);
    const path = rest.replace(/^:\d+/, '');
    candidates.push({ kind: 'url', value, start, end, defanged, host, path, fromUrlWithScheme: true, derived: false, linkText });
    candidates.push({
      kind: hostKind(host),
      value: host,
      start: hostStart,
      end: hostEnd,
      defanged,
      host,
      path,
      fromUrlWithScheme: true,
      derived: true,
      urlStart: start,
      linkText,
    });
  }

  const isMasked = (offset: number) => masked.some(([s, e]) => offset >= s && offset < e);

  for (const m of content.matchAll(BARE_DOMAIN)) {
    if (isMasked(m.index)) continue;
    // `%2Fhost.example.org`: a percent-encoded character (here '/') before the name is not part of it.
    const encoded = content[m.index - 1] === '%' && /^[0-9a-f]{2}[a-z]/i.test(m[0]) ? 2 : 0;
    collectBareHost(content, m.index + encoded, m[0].slice(encoded), 'domain', candidates, masked);
  }
  for (const m of content.matchAll(BARE_IPV4)) {
    if (isMasked(m.index)) continue;
    if (!isDefanged(m[0]) && (looksLikeVersion(content, m.index) || looksLikeDottedVersion(m[0], content, m.index, m.index + m[0].length)))
      continue; // 5.0.2.1 is a version
    collectBareHost(content, m.index, m[0], 'ipv4', candidates, masked);
  }
  for (const m of content.matchAll(IPV6_CANDIDATE)) {
    if (isMasked(m.index)) continue;
    const value = m[0].replace(/\[:\]/g, ':').toLowerCase();
    if (!isPublicIpv6(value)) continue;
    candidates.push({
      kind: 'ipv6',
      value: ipaddr.parse(value).toString(),
      start: m.index,
      end: m.index + m[0].length,
      defanged: m[0] !== m[0].replace(/\[:\]/g, ':'),
      host: value,
      path: '',
      fromUrlWithScheme: false,
      derived: false,
    });
  }

  return select(doc, candidates, publisherScope(options.articleUrl));
}

function collectBareHost(
  content: string,
  start: number,
  raw: string,
  kind: 'domain' | 'ipv4',
  out: Candidate[],
  masked: Array<[number, number]>,
): void {
  const host = refang(raw).toLowerCase();
  if (kind === 'domain' && /^[\d.]+$/.test(host)) return; // an IPv4 address is handled by its own pass
  if (kind === 'domain' && !underscoresBelowRegistrableName(host.split('.'))) return;
  // `my_pkg.utils.py`, `os_info.release.name`: a snake_case identifier in a member chain, unless defanged or
  // under a TLD that is no code member (a country code, com, net, org).
  if (kind === 'domain' && host.includes('_') && !isDefanged(raw) && !UNDERSCORE_HOST_TLD.test(host)) return;
  if (kind === 'ipv4' && !isPublicIpv4(host)) return;
  if (precededByEmailUser(content, start)) return;
  const end = start + raw.length;
  const defanged = isDefanged(raw);
  if (kind === 'domain' && !defanged && CLOUD_INSTANCE_TYPE.test(host)) return;
  SCHEMELESS_TAIL.lastIndex = end;
  const tail = SCHEMELESS_TAIL.exec(content);
  // A schemeless URL's host still ends in a real TLD (`WakeWordEngine.dll/conhost.dll` is two file names),
  // and a macOS bundle path (`Code.app/Contents/MacOS/Electron`) is a file path.
  const tldOk = kind === 'ipv4' || isIanaTld(host.split('.').pop() ?? '');
  if (tail && (!tldOk || (!defanged && /^\/Contents\//.test(tail[0]) && host.endsWith('.app')))) return;
  if (tail) {
    const pathRaw = trimUrlEnd(tail[0]);
    const path = refangAfterHost(content, end, end + pathRaw.length).replace(/^:\d+/, '');
    const isCidr = kind === 'ipv4' && /^\/\d{1,2}$/.test(path);
    if (!isCidr && path.length > 1) {
      const urlEnd = end + pathRaw.length;
      masked.push([start, urlEnd]);
      const urlDefanged = defanged || isDefanged(pathRaw);
      out.push({
        kind: 'url',
        value: `${host}${refangAfterHost(content, end, end + pathRaw.length)}`,
        start,
        end: urlEnd,
        defanged: urlDefanged,
        host,
        path,
        fromUrlWithScheme: false,
        derived: false,
      });
      out.push({ kind, value: host, start, end, defanged: urlDefanged, host, path, fromUrlWithScheme: false, derived: true });
      return;
    }
  }
  if (kind === 'domain' && !plausibleBareDomain(content, start, raw, defanged)) return;
  out.push({ kind, value: host, start, end, defanged, host, path: '', fromUrlWithScheme: false, derived: false });
}

/** Filters candidates by provenance (publisher, citations, defanging style) and deduplicates them. */
function select(doc: ArticleDocument, candidates: Candidate[], publisher: PublisherScope): NetworkIndicatorItem[] {
  // When the publisher defangs (nearly) all of its indicators, the plain names left in its prose
  // are citations, navigation or products ("remove.bg"), not indicators. Mixed styles keep both.
  const hostsOf = (list: Candidate[]) => new Set(list.map((c) => c.host)).size;
  const defangedHosts = hostsOf(candidates.filter((c) => c.defanged));
  const plainHosts = hostsOf(
    candidates.filter((c) => !c.defanged && !isReferenceHost(c.host) && !doc.inReferences[doc.lineAt(c.start).index]),
  );
  const defangedStyle = defangedHosts >= 3 && defangedHosts >= 2 * plainHosts;
  // In hunt queries, dotted names are field paths and table aliases (process.name, p.pid) unless quoted.
  const queryBlocks = doc.codeBlocks.filter((b) => classifyCode(b.text, b.lang).kind === 'query');
  const inQueryUnquoted = (c: Candidate) =>
    c.kind === 'domain' &&
    !c.derived &&
    queryBlocks.some((b) => c.start >= b.start && c.start < b.end) &&
    !/["']/.test(doc.content[c.start - 1] ?? '');
  // In hunt queries, an address after a negation in its clause (NOT src IN ("52.14.0.0/16"), dst != ...)
  // is the reader's own allow-listed range, not an indicator.
  const excludedInQuery = (c: Candidate) => {
    if (c.kind === 'domain' || c.kind === 'url' || !queryBlocks.some((b) => c.start >= b.start && c.start < b.end)) return false;
    const line = doc.lineAt(c.start);
    const clause = doc.content.slice(line.start, c.start).split('|').pop() ?? '';
    return /\bnot\b|!=|!~|!in~?\b/i.test(clause);
  };
  const seen = new Set<string>();
  const items: NetworkIndicatorItem[] = [];
  for (const c of candidates) {
    if (!c.defanged && (inQueryUnquoted(c) || excludedInQuery(c))) continue;
    if (isReservedName(c.host)) continue;
    if (publisher.isPublisherHost(c.host) || publisher.isPublisherUrl(c.host, c.path)) continue;
    if (!c.defanged) {
      const line = doc.lineAt(c.start);
      const inCode = doc.isInCode(c.start);
      const linkStart = c.urlStart ?? c.start;
      if (doc.inReferences[line.index] || c.linkText || isMarkdownLinkTarget(doc.content, linkStart) || isReferenceHost(c.host)) continue;
      if (c.kind !== 'url' && isHexDumpLine(doc.content.slice(line.start, line.end))) continue;
      if (!inCode && pointsReaderTo(doc.content, linkStart)) continue;
      if (inInlineReferenceList(doc.content, line.start, linkStart)) continue;
      if (isPackageRegistryHost(c.host) || isReferencePath(c.path) || isCitationUrl(c.host, c.path)) continue;
      if (c.kind === 'domain' && !c.derived && isWellKnownSite(c.host)) continue;
      // An address is never a citation or a product name: a plain one in a defanging article is one it missed.
      if (defangedStyle && !inCode && c.kind !== 'ipv4' && c.kind !== 'ipv6') continue;
      if (!inCode && vouchedFor(doc.content, c.start)) continue;
    }
    const key = `${c.kind}:${c.value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({
      kind: c.kind,
      value: c.value,
      evidence: { start: c.start, end: c.end, text: doc.content.slice(c.start, c.end) },
      confidence: confidenceOf(c),
    });
  }
  return items.sort((a, b) => a.evidence.start - b.evidence.start);
}

/** The refanged text from `start` to `end` that follows a host name (its path), read in the host's context. */
function refangAfterHost(content: string, start: number, end: number): string {
  return refang(content.slice(start - 1, end)).slice(1);
}

function confidenceOf(c: Candidate): number {
  if (c.defanged) return 0.95;
  if (c.fromUrlWithScheme) return 0.9;
  if (c.kind === 'ipv4' || c.kind === 'ipv6') return 0.85;
  const tld = c.host.split('.').pop() ?? '';
  return FILE_EXTENSION_TLDS.has(tld) ? 0.6 : 0.75;
}

function validHost(host: string): boolean {
  if (isPublicIpv4(host)) return true;
  if (host.includes(':')) return isPublicIpv6(host);
  if (/^[\d.]+$/.test(host)) return false;
  const labels = host.split('.');
  return (
    labels.length >= 2 &&
    labels.every((l) => l.length > 0 && l.length <= 63) &&
    isIanaTld(labels[labels.length - 1]) &&
    underscoresBelowRegistrableName(labels)
  );
}

const UNDERSCORE_HOST_TLD = new RegExp(
  String.raw`\.(?:com|net|org|biz|xyz|top|online|site|(?!(?:${[...FILE_EXTENSION_TLDS].join('|')})$)[a-z]{2})$`,
);

/**
 * A host name may carry underscores in the labels below its registrable name (`_dmarc.corp.org`, `o_o.cdn.net`, SRV
 * names such as `_ldap._tcp.corp.org`); a registrable name or TLD never does (`my_module.py`, `self._x.name`).
 */
function underscoresBelowRegistrableName(labels: string[]): boolean {
  return !labels.slice(-2).some((l) => l.includes('_'));
}

function hostKind(host: string): NetworkObservableType {
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return 'ipv4';
  if (host.includes(':')) return 'ipv6';
  return 'domain';
}

function isPublicIpv4(host: string): boolean {
  if (!ipaddr.IPv4.isValidFourPartDecimal(host)) return false;
  if (host.split('.').some((o) => o.length > 1 && o.startsWith('0'))) return false;
  return ipaddr.IPv4.parse(host).range() === 'unicast';
}

function isPublicIpv6(value: string): boolean {
  if (!(value.includes('::') || value.split(':').length === 8)) return false;
  if ((value.match(/[0-9a-f]+/gi) ?? []).length < 2) return false;
  if (!ipaddr.IPv6.isValid(value)) return false;
  const range = ipaddr.IPv6.parse(value).range();
  return range === 'unicast' && !value.startsWith('2001:db8');
}

/**
 * A bare name that is not defanged must look like a host and not like a file name, a code member
 * (Thread.new{...}, System.Net), a reverse-DNS identifier or a path component.
 */
function plausibleBareDomain(content: string, start: number, raw: string, defanged: boolean): boolean {
  const labels = refang(raw).split('.');
  const tld = labels[labels.length - 1];
  if (!isIanaTld(tld)) return false;
  if (defanged) return true;
  // A capital in the TLD is a code member (System.Net, Thread.New) unless the whole name is written in capitals (EVIL.COM).
  // ASP.NET, VB.NET, ADO.NET are the .NET family, not hosts.
  if (/[A-Z]/.test(tld) && (/[a-z]/.test(raw) || (tld === 'NET' && labels.length === 2))) return false;
  const next = content[start + raw.length] ?? '';
  const prev = content[start - 1] ?? '';
  if (next === '(' || next === '{' || next === '=' || next === '_' || prev === '%') return false;
  if (/[A-Za-z0-9]/.test(next)) return false;
  if (FILE_EXTENSION_TLDS.has(tld.toLowerCase()) && labels.length < 3) return false;
  // A versioned file name (decode-stunnix-5.17.1.pl, tool-2.0.zip): a bare number label before a file extension.
  if (FILE_EXTENSION_TLDS.has(tld.toLowerCase()) && labels.slice(1, -1).some((l) => /^\d+$/.test(l))) return false;
  if (looksLikeReverseDns(labels) || looksLikeFieldName(labels)) return false;
  // `sections.map(sec => sec.id)`: a member of an arrow function's parameter.
  if (
    labels.length === 2 &&
    new RegExp(String.raw`\b${labels[0]}\s*=>\s*[^;\n]{0,40}$`).test(content.slice(Math.max(0, start - 60), start))
  )
    return false;
  return true;
}

function precededByEmailUser(content: string, start: number): boolean {
  const before = content.slice(Math.max(0, start - 6), start);
  return /(?:@|\[@\]|\[at\]|\(at\))\s?$/i.test(before);
}

/**
 * One-digit groups (5.0.2.1) are usually a version; still an address when written as one: a
 * resolver (1.1.1.1, 8.8.8.8), a network in CIDR notation (1.2.3.0/24), one of a run of addresses
 * ("1.2.3.4 192.0.2.7"), or after address words in the same clause ("IP", "host", "connects to").
 */
function looksLikeDottedVersion(text: string, content: string, start: number, end: number): boolean {
  if (!/^\d\.\d\.\d\.\d$/.test(text)) return false;
  if (/^(\d)\.\1\.\1\.\1$/.test(text)) return false;
  if (/^\/\d{1,2}(?!\d)/.test(content.slice(end, end + 4))) return false;
  if (
    ADDRESS_NEIGHBOUR_AFTER.test(content.slice(end, end + 24)) ||
    ADDRESS_NEIGHBOUR_BEFORE.test(content.slice(Math.max(0, start - 24), start))
  )
    return false;
  const before = content.slice(Math.max(0, start - 30), start);
  return !/\b(?:ip|ips|ipv4|address(?:es)?|host|server|resolver|dns|connect(?:s|ed|ion)?|c2|beacon|dst|src|destination)\b[^.;\n]*$|:\/\/$/i.test(
    before,
  );
}

// Another address next to it, separated only by a space, comma or semicolon.
const ADDRESS_NEIGHBOUR_AFTER = /^[ \t]*[,;]?[ \t]*\d{1,3}(?:\.\d{1,3}){3}(?![\d.])/;
const ADDRESS_NEIGHBOUR_BEFORE = /(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}[ \t]*[,;]?[ \t]*$/;

// "v1.2.3.4", "version 10.0.19041.1", "build 6.1.7601.2", "reports its build as 2.3.0.17": dotted
// numbers introduced as versions.
function looksLikeVersion(content: string, start: number): boolean {
  const before = content.slice(Math.max(0, start - 32), start);
  return /(?:\bv|\bver\.?|version|build|release|firmware|\bupdate|\bkb|agent|chrome|firefox|edge|rev\.?)(?:\s+(?:as|is|of|number|no\.?))?\s*[:=]?\s*$/i.test(
    before,
  );
}

/**
 * A plain name in a sentence that vouches for it ("the official download page", "hardening guidance:",
 * "the issue tracker of the legitimate plugin", "should not be blocked") is a reference the author
 * points readers to, not an indicator. Defanged names are never vouched for: defanging marks intent.
 */
const VOUCHING =
  /\b(?:official(?:ly)?|documentation|guidance|issue tracker|should not be blocked|do not block|is legitimate|are legitimate|legitimate(?:;|,| and)? not an? indicator|not (?:as )?(?:an? )?indicators?|legitimate (?:software|service|site|vendor|plugin|package|project|tool|registry|domain|website))\b/i;

function vouchedFor(content: string, start: number): boolean {
  const before = content.slice(Math.max(0, start - 200), start);
  const after = content.slice(start, start + 200);
  const sentenceStart = Math.max(before.search(/[^.!?\n]*$/), 0);
  const sentenceEnd = after.search(/[.!?](?:\s|$)|\n\n/);
  const sentence = before.slice(sentenceStart) + (sentenceEnd === -1 ? after : after.slice(0, sentenceEnd));
  return VOUCHING.test(sentence);
}

// A cloud instance or node size ("c5.metal", "r5a.4xlarge", "t3.micro"): a machine type, not a host.
const CLOUD_INSTANCE_TYPE = /^[a-z]{1,3}\d[a-z0-9-]*\.(?:metal|nano|micro|small|medium|large|\d*xlarge)$/;

// "References: https://… https://…" where a page ran its reference list into the running text.
const INLINE_REFERENCE_LABEL = /\b(?:references?|sources?|further reading|read more|see also|citations?)\s*:\s*/gi;
const REFERENCE_LIST_REST = /^(?:(?:\[\d{1,3}\]|\d{1,3}[.)]|[-*•])?\s*(?:https?:\/\/\S+|[^\s:]+\.[a-z]{2,}\/\S*)\s*[,;]?\s*)*$/i;

/** True when the link at `start` belongs to a reference list a page wrote inline after "References:". */
function inInlineReferenceList(content: string, lineStart: number, start: number): boolean {
  const before = content.slice(Math.max(lineStart, start - 4000), start);
  let labelEnd = -1;
  for (const m of before.matchAll(INLINE_REFERENCE_LABEL)) labelEnd = m.index + m[0].length;
  return labelEnd >= 0 && REFERENCE_LIST_REST.test(before.slice(labelEnd));
}

/**
 * The target of a link the page drew: a markdown link `[text](url)`, an autolink `<url>` or a reference-style
 * definition `[3]: url` at the start of a line. Not an HTML `href`: ingestion stores pages as markdown, so
 * markup left in the text is markup the article shows (a phishing page, a lure), whose links are indicators.
 */
function isMarkdownLinkTarget(content: string, start: number): boolean {
  if (content.slice(Math.max(0, start - 2), start) === '](' || content[start - 1] === '<') return true;
  const before = content.slice(Math.max(0, start - 80), start);
  return /(?:^|\n)[ \t]{0,3}\[[^\]\n]{1,40}\]:[ \t]*<?$/.test(before);
}

// `7ffe9ae3a2d0  6c 2e 6f 70 …  l.opsecurity1.ar`: the ASCII column of a hex dump cuts names at its line
// ends, so the names it shows are fragments; the full name is reported where the article writes it.
const HEX_DUMP_LINE = /^\s*(?:0x)?[0-9a-f]{4,16}:?\s+(?:[0-9a-f]{2}\s+){8,}/i;

function isHexDumpLine(line: string): boolean {
  return HEX_DUMP_LINE.test(line);
}

// "Search rules on detection.fyi or sigmasearchengine.com", "Visit example.org for …": a site the
// author sends readers to, named after an imperative at the start of its sentence.
// Capitalised, so it also reads where a page ran the sentence into the previous one (no full stop between).
const READER_DIRECTION =
  /(?:^|\s)(?:Search|Browse|Visit|Explore|Look\s+up|Find\s+(?:more|rules|details))\b[^.!?\n]{0,60}?\b(?:on|at|via)\s+(?:[\w.-]+\s+(?:or|and)\s+)?$/;

function pointsReaderTo(content: string, start: number): boolean {
  return READER_DIRECTION.test(content.slice(Math.max(0, start - 120), start));
}
