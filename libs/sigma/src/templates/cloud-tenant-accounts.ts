import type { SigmaDetection } from '@huntforge/contracts/sigma';
import { mergeTags } from './attack-inference';
import { CLOUD_LOGSOURCES } from './cloud-behaviours';
import { buildRule, citation, type ArticleRef, type RuleDraft } from './rule-draft';

/**
 * The accounts of an attacker's own Microsoft 365 tenant: Teams "help desk" vishing and phishing chats come from a
 * throwaway tenant's `*.onmicrosoft.com` account, which the unified audit log records as the UserId of the chat's
 * and message's operations, and its tenant id among the chat's participating tenants. An article that reports
 * them gives an indicator every tenant can sweep.
 */

// Where the article speaks of Teams or Microsoft 365 activity at all.
const TENANT_CONTEXT =
  /\bMicrosoft\s+Teams\b|\bTeams\s+(?:chats?|calls?|messages?|meetings?|audit)\b|\bMicrosoft 365\b|\bM365\b|\bOffice 365\b|\bEntra\b|\b[Uu]nified [Aa]udit [Ll]og\b/;
// A tenant's default domain, written plain or defanged (`onmicrosoft[.]com`, `onmicrosoft[.c]om`).
const TENANT_ACCOUNT = /(?<![\w.+-])([\w.+-]+@[A-Za-z0-9-]+)(?:\.|\[\.\]|\(\.\))onmicrosoft(?:\.|\[\.\]|\(\.\)|\[\.c\]c?)(?:com|om)\b/gi;
// A GUID the sentence says is a tenant's.
const TENANT_ID =
  /\btenant(?:\s+id)?\b[^.\n]{0,40}?\b([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b|\b([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b[^.\n]{0,30}?\btenant\b/gi;
// Microsoft's documentation tenant placeholders.
const PLACEHOLDER_TENANT = /^0{8}-|^([0-9a-f])\1{7}-|contoso|fabrikam|example/i;

export interface TenantIndicators {
  accounts: string[];
  tenantIds: string[];
}

/** The attacker tenant's accounts and ids an article reports, when it speaks of Teams or Microsoft 365. */
export function reportedTenantIndicators(content: string | undefined): TenantIndicators {
  if (!content || !TENANT_CONTEXT.test(content)) return { accounts: [], tenantIds: [] };
  const accounts = [...content.matchAll(TENANT_ACCOUNT)]
    .map((match) => `${match[1] as string}.onmicrosoft.com`)
    .filter((account) => !PLACEHOLDER_TENANT.test(account));
  const unique = (values: string[]) => [...new Map(values.map((value) => [value.toLowerCase(), value])).values()];
  if (accounts.length === 0) return { accounts: [], tenantIds: [] };
  // A tenant id counts only beside the tenant's accounts: alone it is as often the victim's.
  const tenantIds = [...content.matchAll(TENANT_ID)]
    .map((match) => (match[1] ?? match[2]) as string)
    .filter((id) => !PLACEHOLDER_TENANT.test(id));
  return { accounts: unique(accounts), tenantIds: unique(tenantIds) };
}

/** Where the unified audit log writes the acting account and a Teams chat's other tenants. */
export const TENANT_ACCOUNT_FIELD = 'UserId';
export const PARTICIPATING_TENANTS_FIELD = 'ParticipantInfo.ParticipatingTenantIds';

/** One indicator rule: the unified audit log's operations by the attacker tenant's accounts, or in chats with its tenant. */
export function tenantAccountRules(article: ArticleRef, subject: string, content: string | undefined): RuleDraft[] {
  const { accounts, tenantIds } = reportedTenantIndicators(content);
  if (accounts.length === 0) return [];
  const detection: SigmaDetection =
    tenantIds.length > 0
      ? {
          selection_account: { [TENANT_ACCOUNT_FIELD]: accounts },
          selection_tenant: { [`${PARTICIPATING_TENANTS_FIELD}|contains`]: tenantIds },
          condition: '1 of selection_*',
        }
      : { selection: { [TENANT_ACCOUNT_FIELD]: accounts }, condition: 'selection' };
  const withTenant = tenantIds.length > 0 ? ', or chats with its tenant' : '';
  return [
    {
      telemetryClass: 'cloud_indicator',
      rule: buildRule(
        {
          title: `Microsoft 365 Activity Of External Tenant Accounts Reported In ${subject}`,
          description: `Detects Teams chats, messages and other operations of the attacker tenant's accounts${withTenant} ${citation(article)}.`,
          logsource: { ...CLOUD_LOGSOURCES.m365_audit },
          detection,
          tags: mergeTags(['attack.initial-access', 'attack.t1566.003', 'attack.resource-development', 'attack.t1585.003']),
          level: 'high',
          falsepositives: ['None expected: a tenant made for the campaign'],
        },
        article,
        `${article.url}|cloud_indicator|m365-tenant|${[...accounts, ...tenantIds].join('\u0000')}`,
      ),
      detectionValues: [...accounts, ...tenantIds],
    },
  ];
}
