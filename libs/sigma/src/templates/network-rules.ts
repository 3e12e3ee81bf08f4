// The indicator rule of an article: its addresses and host names in one sweep.
import { articleSubject } from './article-subject';
import type { SigmaDetection } from '@huntforge/contracts/sigma';
import { mergeTags } from './attack-inference';
import { isBenignInfrastructure } from './benign-infrastructure';
import { reportedIndicators } from './indicator-context';
import { asExecuted } from './command-values';
import { citation, type ArticleRef, type RuleDraft } from './rule-draft';
import { cloudAddressRule, sweptLogs } from './cloud-rules';
import { productOf, draft } from './builtin-draft';
import type { BuiltinSigmaInput } from './builtin-input';

/** The host name of a URL, or null when it is not one. */
export function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

/** "QakBot-style intrusion", not the whole headline: IOC rule titles say whose indicators they carry, in whole words. */
const shortTitle = (article: ArticleRef): string => articleSubject(article.title);

/**
 * At most one indicator rule per article: its addresses and host names together, what a reviewer deploys
 * as one sweep. Addresses and names are matched on the connection (DestinationIp, DestinationHostname);
 * an article with names only is matched on the DNS lookup, where every name shows. The indicators also
 * leave the system in the STIX export, where they belong.
 */
export function networkRules(input: BuiltinSigmaInput): RuleDraft[] {
  const commandLines = (input.cmdlines ?? []).map((item) => asExecuted(item.value));
  const items = reportedIndicators(input.network ?? [], { content: input.content, commandLines }).filter(
    (item) => !isBenignInfrastructure(item.kind === 'url' ? (hostOf(item.value) ?? item.value) : item.value),
  );
  const ips = [...new Set(items.filter((item) => item.kind === 'ipv4' || item.kind === 'ipv6').map((item) => item.value))];
  const domains = [
    ...new Set(
      items
        .flatMap((item) => (item.kind === 'domain' ? [item.value] : item.kind === 'url' ? [hostOf(item.value)] : []))
        .filter((host): host is string => host !== null && !/^[\d.]+$/.test(host) && !host.includes(':') && !isBenignInfrastructure(host)),
    ),
  ];
  // An article about cloud or identity activity that quotes no command: its addresses are where the API calls
  // and sign-ins came from, so they are swept in those audit logs, and no endpoint rule carries them.
  const providers = (input.cmdlines ?? []).length === 0 ? sweptLogs(input.content) : [];
  const swept =
    ips.length > 0
      ? providers.map((provider) => cloudAddressRule(input.article, shortTitle(input.article), provider, ips, input.content))
      : [];
  if (swept.length > 0)
    return [
      ...swept,
      ...networkRules({ ...input, network: (input.network ?? []).filter((item) => item.kind !== 'ipv4' && item.kind !== 'ipv6') }),
    ];
  if (ips.length === 0 && domains.length === 0) return [];
  const product = productOf(input.platform);
  if (ips.length === 0) {
    return [
      draft(
        'dns_query',
        {
          title: `DNS Query For Domains Reported In ${shortTitle(input.article)}`,
          description: `Detects DNS lookups of the domains ${citation(input.article)}.`,
          logsource: { category: 'dns_query', product },
          detection: { selection: { QueryName: domains }, condition: 'selection' },
          tags: mergeTags(['attack.command-and-control', 'attack.t1071.004']),
          level: 'high',
          falsepositives: ['Security tools and analysts resolving the domains while investigating them'],
        },
        domains,
        input,
        0,
      ),
    ];
  }
  const detection: SigmaDetection =
    domains.length === 0
      ? { selection: { DestinationIp: ips }, condition: 'selection' }
      : { selection_ip: { DestinationIp: ips }, selection_domain: { DestinationHostname: domains }, condition: '1 of selection_*' };
  return [
    draft(
      'network_connection',
      {
        title: `Network Connection To ${domains.length === 0 ? 'IP Addresses' : 'Infrastructure'} Reported In ${shortTitle(input.article)}`,
        description: `Detects connections to the ${domains.length === 0 ? 'IP addresses' : 'IP addresses and host names'} ${citation(input.article)}.`,
        logsource: { category: 'network_connection', product },
        detection,
        tags: mergeTags(['attack.command-and-control', 'attack.t1071']),
        level: 'medium',
        falsepositives: ['Shared hosting and reassigned addresses: check the address still belongs to the actor before acting'],
      },
      [...ips, ...domains],
      input,
      0,
    ),
  ];
}
