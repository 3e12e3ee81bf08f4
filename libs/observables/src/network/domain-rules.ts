import { IANA_TLDS } from './tld-list';

const TLDS = new Set(IANA_TLDS.split(/\s+/).filter(Boolean));

export function isIanaTld(label: string): boolean {
  const ascii = toAsciiLabel(label.toLowerCase());
  // .onion is special-use (RFC 7686), not in the root zone, but Tor hidden services are indicators.
  return TLDS.has(ascii) || ascii === 'onion';
}

/** The ASCII (punycode) form of a label written in another script (`みんな` is `xn--q9jyb4c`); '' when it has none. */
export function toAsciiLabel(label: string): string {
  if (!/[^a-z0-9-]/i.test(label)) return label;
  try {
    return new URL(`http://${label}.invalid/`).hostname.split('.')[0] ?? '';
  } catch {
    return '';
  }
}

/**
 * TLDs that are also common file extensions or code member names: `main.zip`, `auto.sh`,
 * `system.so`, `setup.py`, `NNApp.app`, `README.md`, `Thread.new`. A bare two-label name ending in
 * one of these is read as a file name unless the publisher defanged it or it sits in a URL.
 */
export const FILE_EXTENSION_TLDS = new Set([
  'zip',
  'mov',
  'sh',
  'so',
  'py',
  'pl',
  'pm',
  'rs',
  'md',
  'app',
  'run',
  'new',
  'cab',
  'ps',
  'bz',
  'ms',
  'im',
  'ml',
  'cat',
  'au',
  'pub',
  'one',
  'cc',
  'gs',
  'as',
  'tf',
  'ai',
  'mk',
  'cl',
  'txt',
  'java',
  'sc',
  'do',
  'it',
  'in',
  'is',
  'to',
  'me',
  'us',
  'at',
  'be',
  'no',
  'ink',
  'docs',
  'zone',
  'data',
  'page',
  'lol',
  'download',
  'target',
  'service',
  'socket',
  'timer',
  'mount',
  'config',
  'log',
  'bin',
  'pid',
]);

/** Reverse-DNS identifiers (bundle ids, Java packages) start with one of these. */
const REVERSE_DNS_ROOTS = new Set(['com', 'org', 'net', 'io', 'de', 'uk', 'fr', 'edu', 'gov', 'co']);

/** Names that never are indicators: documentation domains and reserved names. */
const RESERVED = /(?:^|\.)(?:example\.(?:com|net|org)|localhost|local|invalid|test|onion\.example)$/;

/** Reference and social hosts whose plain (not defanged) links are citations, not indicators. */
const REFERENCE_HOSTS = [
  'linkedin.com',
  'twitter.com',
  'x.com',
  't.co',
  'facebook.com',
  'instagram.com',
  'youtube.com',
  'youtu.be',
  'reddit.com',
  'mastodon.social',
  'infosec.exchange',
  'bsky.app',
  'attack.mitre.org',
  'cve.mitre.org',
  'cve.org',
  'nvd.nist.gov',
  'learn.microsoft.com',
  'docs.microsoft.com',
  'support.microsoft.com',
  'msrc.microsoft.com',
  // XML namespace hosts (task XML, SOAP, Office documents): identifiers, never contacted.
  'schemas.microsoft.com',
  'schemas.xmlsoap.org',
  'schemas.openxmlformats.org',
  'schema.org',
  'w3.org',
  'creativecommons.org',
  'wikipedia.org',
  'virustotal.com',
  'bazaar.abuse.ch',
  'urlhaus.abuse.ch',
  // Blog platforms and threat-intelligence portals: a plain link there is someone's write-up or a lookup.
  'medium.com',
  'substack.com',
  'threatfox.abuse.ch',
  'otx.alienvault.com',
  'exchange.xforce.ibmcloud.com',
  'any.run',
  'app.any.run',
  'tria.ge',
  'hybrid-analysis.com',
  'shodan.io',
  'censys.io',
  'urlscan.io',
  'mitre.org',
  'first.org',
  'github.blog',
  'cisa.gov',
];

/**
 * Sites everyone knows, named bare ("searched google.com", "a github.com account"): a company or platform,
 * not an indicator. Their URLs with a path are judged by the path like any other.
 */
const WELL_KNOWN_SITES = new Set([
  'google.com',
  'microsoft.com',
  'apple.com',
  'amazon.com',
  'github.com',
  'gitlab.com',
  'bitbucket.org',
  'cloudflare.com',
  'office.com',
  'live.com',
  'outlook.com',
  'windows.com',
  'azure.com',
  'bing.com',
  'yahoo.com',
  'gmail.com',
  'dropbox.com',
  'mozilla.org',
  'python.org',
  'nodejs.org',
  'npmjs.com',
  'docker.com',
  'kubernetes.io',
  'amazonaws.com',
  'elastic.co',
  'okta.com',
  'slack.com',
  'zoom.us',
  'paypal.com',
  'netflix.com',
  'adobe.com',
  'oracle.com',
  'ibm.com',
  'cisco.com',
]);

export function isWellKnownSite(host: string): boolean {
  const h = host.toLowerCase().replace(/^www\./, '');
  return WELL_KNOWN_SITES.has(h);
}

/**
 * Package registries and their download hosts: a plain link there names a package or its tarball (a
 * lockfile entry, an advisory's "affected versions"), and blocking the host would break every build.
 */
const PACKAGE_REGISTRY_HOSTS = [
  'registry.npmjs.org',
  'npmjs.com',
  'registry.yarnpkg.com',
  'pypi.org',
  'pypi.python.org',
  'files.pythonhosted.org',
  'rubygems.org',
  'crates.io',
  'static.crates.io',
  'proxy.golang.org',
  'pkg.go.dev',
  'nuget.org',
  'repo1.maven.org',
  'repo.maven.apache.org',
  'packagist.org',
  'hub.docker.com',
  'registry-1.docker.io',
];

export function isPackageRegistryHost(host: string): boolean {
  const h = host.toLowerCase();
  return PACKAGE_REGISTRY_HOSTS.some((registry) => h === registry || h.endsWith(`.${registry}`));
}

/**
 * Paths that are citations whatever the host: issue and pull-request threads of code hosts and vendor
 * security advisories (https://www.jenkins.io/security/advisories/, .../issues/412).
 */
export function isReferencePath(path: string): boolean {
  return /^\/(?:[^/?#]+\/[^/?#]+\/(?:issues|pull|discussions)\/\d+|(?:[^?#]*\/)?[\w-]*advisor(?:y|ies)(?:[/?#-]|$))/i.test(path);
}

// What a page a reader is sent to looks like: a code host's repository page (not a file it serves for
// download), or an article path of a blog, research or news site ("/blog/…", "/research/…", "/2021/10/18/…").
const CODE_HOSTS = /^(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|gist\.github\.com)$/;
const REPOSITORY_PAGE =
  /^\/[^/?#]+(?:\/[^/?#]+)?\/?(?:$|[?#]|\/(?:blob|tree|wiki|commit|commits|blame|releases\/tag|security)(?:[/?#]|$))/i;
const ARTICLE_PATH =
  /^\/(?:[^?#]*\/)?(?:blog|blogs|research|news|labs|security-labs|threat-research|threat-intel(?:ligence)?|insights|resources|posts?|articles?|whitepapers?|publications?|reports?)\/[^?#]*[a-z]|^\/(?:[^?#]*\/)?20\d\d\/\d{1,2}\/(?:\d{1,2}\/)?[a-z0-9-]{8,}/i;
// Documentation, guides and a vendor's product and company pages: "/docs/…", "/en-us/guide/…", "/products/edr".
const DOCUMENTATION_PATH =
  /^\/(?:[a-z]{2}(?:[-_][a-z]{2})?\/)?(?:[^?#]*\/)?(?:docs?|documentation|guides?|manuals?|handbook|tutorials?|knowledge-?base|kb|reference|products?|solutions?|platform|pricing|company|about(?:-us)?|careers|contact(?:-us)?|legal|privacy(?:-policy)?|terms|events?|webinars?|podcasts?|newsroom|press|what-is|glossary|cyberpedia|topics|security-bulletins?|bulletins?|errata|vulnerabilit(?:y|ies)|cves?)(?:[/?#.]|$)|\/cve-\d{4}-\d{4,}|(?:^|\/)security(?:\.html?|\/?)$/i;
// A blog permalink: a last segment of four or more hyphenated words ("/analysis-of-the-shadow-loader/").
const PERMALINK = /\/[a-z]{2,}(?:-[a-z0-9]{1,}){3,}\/?(?:[?#].*)?$/i;
// A published report or paper: a plain link to a PDF sends the reader to read it.
const DOCUMENT_FILE = /\.pdf(?:[?#]|$)/i;
// A publisher's research or blog site (blog.vendor.com, research.vendor.com, labs.vendor.com): its pages are articles.
const RESEARCH_SUBDOMAIN =
  /^(?:blogs?|research|labs|securitylabs|security-labs|threatresearch|threat-research|threatintel|intel|news|newsroom|community|techcommunity|engineering|unit42|securelist|decoded)\.[^.]+\.[^.]+/i;
const DOWNLOAD_FILE =
  /\.(?:exe|dll|zip|rar|7z|gz|tgz|ps1|sh|bat|cmd|vbs|js|jar|msi|iso|img|lnk|hta|bin|elf|apk|dmg|pkg|php|py|txt|dat|so)(?:[?#]|$)/i;

/** A plain link that sends the reader to a tool's repository or to another publisher's article: a citation. */
export function isCitationUrl(host: string, path: string): boolean {
  if (DOWNLOAD_FILE.test(path) || /\/wp-(?:content|includes|admin)\//i.test(path)) return false;
  if (CODE_HOSTS.test(host.toLowerCase())) return REPOSITORY_PAGE.test(path);
  if (RESEARCH_SUBDOMAIN.test(host) && path.length > 1) return true;
  return ARTICLE_PATH.test(path) || DOCUMENTATION_PATH.test(path) || DOCUMENT_FILE.test(path) || PERMALINK.test(path);
}

export function isReservedName(host: string): boolean {
  return RESERVED.test(host.toLowerCase());
}

export function isReferenceHost(host: string): boolean {
  const h = host.toLowerCase();
  // Vendor documentation and help centres (docs.aws.amazon.com, learn.microsoft.com, ...).
  if (/^(?:docs|learn|support|developer|developers|help|kb|knowledge|wiki)\.[^.]+\.[^.]+/.test(h)) return true;
  // Project and documentation pages hosted for open-source projects (lolbas-project.github.io, x.gitbook.io).
  if (/\.(?:github\.io|gitbook\.io|readthedocs\.io|readthedocs\.org)$/.test(h)) return true;
  return REFERENCE_HOSTS.some((ref) => h === ref || h.endsWith(`.${ref}`));
}

/** First labels of schema field names (ECS, OCSF, Sysmon-style): process.name, host.id, user.name. */
const FIELD_OBJECTS = new Set([
  'process',
  'host',
  'user',
  'file',
  'event',
  'source',
  'destination',
  'network',
  'dns',
  'winlog',
  'registry',
  'agent',
  'cloud',
  'container',
  'service',
  'url',
  'http',
  'tls',
  'observer',
  'threat',
  'rule',
  'log',
  'device',
  'actor',
  'src',
  'dst',
  'parent',
  'target',
  'initiating',
  'client',
  'server',
  'session',
  'group',
  'os',
  'data',
  'args',
  'this',
  'self',
  'window',
  'document',
]);

export function looksLikeFieldName(labels: string[]): boolean {
  return labels.length === 2 && FIELD_OBJECTS.has(labels[0].toLowerCase());
}

export function looksLikeReverseDns(labels: string[]): boolean {
  return labels.length >= 3 && REVERSE_DNS_ROOTS.has(labels[0].toLowerCase());
}

// Second-level public suffixes common in CTI reporting; enough to find a publisher's registrable domain.
const SECOND_LEVEL_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'ac.uk',
  'gov.uk',
  'co.za',
  'org.za',
  'com.au',
  'net.au',
  'org.au',
  'co.jp',
  'ne.jp',
  'or.jp',
  'co.kr',
  'or.kr',
  'com.br',
  'com.cn',
  'com.tw',
  'com.hk',
  'co.in',
  'co.il',
  'co.nz',
  'com.sg',
  'com.tr',
  'com.mx',
  'com.ar',
  'co.id',
]);

/** eTLD+1 of a host name (heuristic public-suffix handling, see SECOND_LEVEL_SUFFIXES). */
export function registrableDomain(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  if (labels.length <= 2) return labels.join('.');
  const lastTwo = labels.slice(-2).join('.');
  return SECOND_LEVEL_SUFFIXES.has(lastTwo) ? labels.slice(-3).join('.') : lastTwo;
}
