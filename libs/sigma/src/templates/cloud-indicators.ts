/**
 * Indicators an article reports that an audit log records beside the caller's address: the user agent of the
 * intruder's tooling. Swept with the addresses, in the one indicator rule of the log (cloud-rules.ts).
 */

// Products every client's user agent carries (browsers, the AWS SDKs and CLI, generic HTTP libraries): naming
// one says nothing about who called.
const COMMON_AGENT =
  /^(?:Mozilla|AppleWebKit|Chrome|Chromium|Safari|Firefox|Gecko|Edg|Edge|OPR|Version|Mobile|Boto3|Botocore|aws-cli|aws-sdk-[\w-]+|aws-internal|APN|exec-env|Python|python|Python-urllib|python-requests|urllib3|requests|curl|Wget|wget|Go-http-client|okhttp|Java|Apache-HttpClient|node|Node\.js|axios|Terraform|HashiCorp|S3Console|console|Windows|Linux|Darwin|HTTP|HTTPS|CPython|PowerShell|WindowsPowerShell|Microsoft)$/;
// `product/version` as user agents write them, the version a number or a placeholder (`auth-aws-sigv4/0.7`).
const AGENT_TOKEN = /(?<![\w/.#:-])([A-Za-z][\w.-]{2,}[A-Za-z0-9])\/(?:\d[\w.]*|<[^>\n]*version[^>\n]*>)/gi;

/**
 * The distinctive products of the user agents an article reports, when it speaks of user agents at all: what a
 * rule matches with `userAgent|contains`.
 */
export function reportedUserAgents(content: string | undefined): string[] {
  if (!content || !/\buser[- ]?agents?\b/i.test(content)) return [];
  const products = [...content.matchAll(AGENT_TOKEN)].map((match) => match[1] as string);
  // The product's name, as SigmaHQ's rules match a tool's agent (`userAgent|contains: TruffleHog`).
  return [...new Set(products.filter((product) => !COMMON_AGENT.test(product) && /[a-z]/.test(product)))];
}

// An AWS access key id: long-term (AKIA) or temporary (ASIA), never AWS's documentation example.
const ACCESS_KEY_ID = /(?<![A-Z0-9])((?:AKIA|ASIA)[A-Z0-9]{16})(?![A-Z0-9])/g;

/** The access key ids an article reports: the compromised or the intruder's keys, what the calls were signed with. */
export function reportedAccessKeys(content: string | undefined): string[] {
  if (!content) return [];
  return [...new Set([...content.matchAll(ACCESS_KEY_ID)].map((match) => match[1] as string))].filter((key) => !key.includes('EXAMPLE'));
}

// An IPv4 block as IOC lists write it, defanged or not (`203.0.113[.]0/24`).
const IPV4_RANGE = /(?<![\w.\]])(\d{1,3}(?:(?:\.|\[\.\]|\(\.\))\d{1,3}){3})\/(\d{1,2})(?![\w/.])/g;
// Blocks no intruder calls from: private, loopback, link-local, and the whole Internet a security group opens to.
const NOT_A_SOURCE = /^(?:10\.|127\.|169\.254\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|0\.)/;

/**
 * The IPv4 blocks an article reports (`140.213.52.0/24`): in a cloud intrusion, where the calls came from, which a
 * rule matches with `sourceIPAddress|cidr`. Blocks wider than a /8 or narrower than a /32 are no reported source.
 */
export function reportedRanges(content: string | undefined): string[] {
  if (!content) return [];
  const ranges = [...content.matchAll(IPV4_RANGE)].flatMap((match) => {
    const base = (match[1] as string).replace(/\[\.\]|\(\.\)/g, '.');
    const prefix = Number(match[2]);
    const octets = base.split('.').map(Number);
    if (prefix < 8 || prefix > 32 || octets.some((octet) => octet > 255) || NOT_A_SOURCE.test(base)) return [];
    return [`${base}/${prefix}`];
  });
  return [...new Set(ranges)];
}
