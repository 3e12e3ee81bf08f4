import { selfTestGenerated } from '../generation/self-test-generated';
import { validateRuleDocument } from '../validate/validate-rule';
import { fidelityCheck } from '../vetting/fidelity';
import { detectionValues } from '../vetting/detection-values';
import { generateBuiltinRules } from './builtin-sigma-agent';
import { reportedTenantIndicators } from './cloud-tenant-accounts';

// Teams vishing notes written for these tests; the tenant, its account and its id are made up.

const article = { title: 'Synthetic Teams help desk lure', url: 'https://notes.example.org/teams-lure', date: '2026-11-28' };
const TENANT_ID = '5b0c9d2e-7f41-4a8e-9c3d-1e2f3a4b5c6d';
const NOTE = `The Microsoft Teams audit log shows a one-on-one chat started by itsupport@Northwind4411.onmicrosoft[.]com,
display name "IT Service Desk", from the attacker tenant ${TENANT_ID}. The victim then ran the remote support tool.`;

const tenantRule = (content: string) =>
  generateBuiltinRules({ article, platform: 'cross-platform', content }).find((draft) =>
    draft.rule.title.startsWith('Microsoft 365 Activity Of External Tenant Accounts'),
  );

describe("the attacker tenant's accounts", () => {
  it('reads the onmicrosoft.com account, refanged, and the tenant id beside it', () => {
    expect(reportedTenantIndicators(NOTE)).toEqual({ accounts: ['itsupport@Northwind4411.onmicrosoft.com'], tenantIds: [TENANT_ID] });
  });

  it('sweeps them in the unified audit log, and the rule fires on the chat the note describes', () => {
    const draft = tenantRule(NOTE);
    expect(draft?.rule.logsource).toEqual({ product: 'm365', service: 'audit' });
    expect(draft?.rule.detection).toEqual({
      selection_account: { UserId: ['itsupport@Northwind4411.onmicrosoft.com'] },
      selection_tenant: { 'ParticipantInfo.ParticipatingTenantIds|contains': [TENANT_ID] },
      condition: '1 of selection_*',
    });
    const rule = draft?.rule as unknown as Record<string, unknown>;
    expect(validateRuleDocument(rule).findings).toEqual([]);
    expect(fidelityCheck(detectionValues(rule), [NOTE]).ok).toBe(true);
    expect(selfTestGenerated(rule, [], NOTE).fired_on.sort()).toEqual([
      'cloud: ParticipantInfo.ParticipatingTenantIds 5b0c9d2e-7f41-4a8e-9c3d-1e2f3a4b5c6d',
      'cloud: UserId itsupport@Northwind4411.onmicrosoft.com',
    ]);
  });

  it('needs Teams or Microsoft 365 in the text, and a tenant id alone is no indicator', () => {
    expect(tenantRule('Security teams saw mail from itsupport@Northwind4411.onmicrosoft.com.')).toBeUndefined();
    expect(reportedTenantIndicators(`In Microsoft 365 the victim tenant ${TENANT_ID} was targeted.`)).toEqual({
      accounts: [],
      tenantIds: [],
    });
  });
});
