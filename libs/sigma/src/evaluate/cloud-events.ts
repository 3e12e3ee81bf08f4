import { CLOUD_LOGSOURCES, providerOf, type CloudLog, type CloudSelection } from '../templates/cloud-behaviours';
import { statedParameters, withParameters, type ParameterReading } from '../templates/cloud-parameters';
import { createsUsers, eventsOf, statedCloudBehaviours } from '../templates/cloud-rules';
import { ACTING_USER_FIELD, actingUserName, createdUserNames } from '../templates/cloud-created-users';
import { reportedRanges } from '../templates/cloud-indicators';
import { PARTICIPATING_TENANTS_FIELD, reportedTenantIndicators, TENANT_ACCOUNT_FIELD } from '../templates/cloud-tenant-accounts';
import { azureActivityRecord, gcpRecord, kubernetesRecord, m365Record } from './cloud-records';
import { rememberingLast } from '../templates/remembering-last';

/** A synthetic audit record and what the article stated that it stands for (`cloud: CreateAccessKey`). */
export interface CloudEvent {
  observable: string;
  logsource: { product: string; service: string };
  event: Record<string, unknown>;
}

// Documentation addresses and account: the records stand for the article's events, not for anyone's account.
const ACCOUNT = '111122223333';
const DEFAULT_ADDRESS = '203.0.113.10';

/** A CloudTrail record as AWS writes it (nested userIdentity, the call's service and name, where it came from). */
function cloudTrailRecord(eventSource: string, eventName: string, address: string): Record<string, unknown> {
  return {
    eventVersion: '1.09',
    eventTime: '2026-01-01T00:00:00Z',
    eventSource,
    eventName,
    awsRegion: 'us-east-1',
    sourceIPAddress: address,
    userAgent: 'aws-cli/2.15.0 Python/3.11.6',
    // Temporary credentials (ASIA): a long-term key (AKIA) is a parameter the article states.
    userIdentity: { type: 'IAMUser', arn: `arn:aws:iam::${ACCOUNT}:user/ci-deploy`, accountId: ACCOUNT, accessKeyId: 'ASIAEXAMPLE0000000' },
    requestParameters: null,
    recipientAccountId: ACCOUNT,
  };
}

/**
 * An Entra ID record in both shapes rules read: the diagnostic export (`properties.message`, `operationName`)
 * and the Log Analytics columns (`OperationName`, `LoggedByService`, `IPAddress`).
 */
function entraRecord(log: CloudLog, selection: CloudSelection | null, name: string | null, address: string): Record<string, unknown> {
  const base: Record<string, unknown> = {
    time: '2026-01-01T00:00:00Z',
    category: log === 'signinlogs' ? 'SignInLogs' : 'AuditLogs',
    IPAddress: address,
    InitiatedBy: { user: { userPrincipalName: 'user@example.org', ipAddress: address } },
    properties: { ipAddress: address, userPrincipalName: 'user@example.org' },
  };
  if (!selection || name === null) return { ...base, operationName: 'Sign-in activity', OperationName: 'Sign-in activity' };
  const fields = { ...(selection.with ?? {}) };
  // The field the selection names its events in (a sign-in's userAgent), besides the operation columns.
  const named = { [selection.field.split('|')[0] as string]: name };
  const record: Record<string, unknown> = {
    ...base,
    ...fields,
    operationName: name,
    OperationName: name,
    ActivityDisplayName: name,
    ...(selection.field.includes('.') ? {} : named),
  };
  record['properties'] = { ...(base['properties'] as object), message: name };
  return record;
}

function oktaRecord(eventType: string, address: string): Record<string, unknown> {
  return {
    published: '2026-01-01T00:00:00Z',
    eventType,
    displayMessage: eventType,
    actor: { alternateId: 'admin@example.org', type: 'User' },
    client: { ipAddress: address },
    outcome: { result: 'SUCCESS' },
  };
}

function record(log: CloudLog, selection: CloudSelection, name: string, address: string): Record<string, unknown> {
  if (log === 'cloudtrail') return cloudTrailRecord(selection.eventSource ?? '', name, address);
  if (log === 'okta') return oktaRecord(name, address);
  if (log === 'activitylogs') return azureActivityRecord(name, address);
  if (log === 'k8s_audit') return kubernetesRecord(selection, name, address);
  if (log === 'm365_audit') return m365Record(selection, name, address);
  if (log === 'gcp_audit') return gcpRecord(selection, name, address);
  return entraRecord(log, selection, name, address);
}

/**
 * The audit records an article's cloud and identity activity would leave: one per event it names (a behaviour
 * only its prose shows stands for each of its events), from each address it reports (or a documentation
 * address when none), and one sign-in or call per reported address. The self-test runs cloud rules on these,
 * as it runs process rules on a command line's process event.
 */
export const cloudEvents: (content: string | undefined, addresses?: readonly string[]) => readonly CloudEvent[] = rememberingLast(
  readCloudEvents,
  // Every cloud rule of an article asks with the same text and the same addresses (a new array each time).
  (a, b) => a[0] === b[0] && (a[1] ?? []).join('\n') === (b[1] ?? []).join('\n'),
);

function readCloudEvents(content: string | undefined, addresses: readonly string[] = []): CloudEvent[] {
  const from = addresses.length > 0 ? addresses : [DEFAULT_ADDRESS];
  const out: CloudEvent[] = [];
  const stated = statedCloudBehaviours(content);
  for (const { behaviour, events } of stated) {
    // The request parameters the article states for its calls (the policy attached, the instance type): one
    // record per stated value, so a rule keyed on any of them reads it in a call.
    const parameters = statedParameters(content, events, eventsOf(behaviour));
    for (const selection of behaviour.selections) {
      const named = events.length > 0 ? selection.events.filter((event) => events.includes(event)) : selection.events;
      for (const name of named) {
        const picks = Math.max(1, ...parameters.filter((p) => p.events.includes(name)).map((p) => p.values.length));
        for (let pick = 0; pick < picks; pick++)
          for (const address of from)
            out.push({
              observable: `cloud: ${name}`,
              logsource: CLOUD_LOGSOURCES[behaviour.log],
              event: withParameters(record(behaviour.log, selection, name, address), parameters, name, pick),
            });
      }
    }
  }
  // The calls made as the IAM users the intruder created: one as each name the article states.
  const created = createdUserNames(content, createsUsers(content));
  for (const name of created?.values ?? []) {
    const event = cloudTrailRecord('sts.amazonaws.com', 'GetCallerIdentity', from[0] as string);
    event['userIdentity'] = { ...(event['userIdentity'] as object), userName: actingUserName(created as ParameterReading, name) };
    out.push({ observable: `cloud: ${ACTING_USER_FIELD} ${String(name)}`, logsource: CLOUD_LOGSOURCES.cloudtrail, event });
  }
  // A Teams chat the attacker tenant's accounts started: one operation by each, in a chat with each of its tenants.
  const tenant = reportedTenantIndicators(content);
  for (const account of tenant.accounts) {
    const event = m365Record({ field: 'Operation', events: [] }, 'ChatCreated', from[0] as string);
    event[TENANT_ACCOUNT_FIELD] = account;
    event['Workload'] = 'MicrosoftTeams';
    out.push({ observable: `cloud: ${TENANT_ACCOUNT_FIELD} ${account}`, logsource: CLOUD_LOGSOURCES.m365_audit, event });
  }
  for (const tenantId of tenant.tenantIds) {
    const event = m365Record({ field: 'Operation', events: [] }, 'MessageSent', from[0] as string);
    event['Workload'] = 'MicrosoftTeams';
    event['ParticipantInfo'] = { HasForeignTenantUsers: true, ParticipatingTenantIds: [tenantId] };
    out.push({ observable: `cloud: ${PARTICIPATING_TENANTS_FIELD} ${tenantId}`, logsource: CLOUD_LOGSOURCES.m365_audit, event });
  }
  // A call from the first address of each block the article reports.
  const swept = [...addresses, ...reportedRanges(content).map((range) => range.split('/')[0] as string)];
  for (const provider of new Set(stated.map(({ behaviour }) => providerOf(behaviour.log)))) {
    for (const address of new Set(swept)) {
      const observable = `${address.includes(':') ? 'ipv6' : 'ipv4'}: ${address}`;
      if (provider === 'aws')
        out.push({
          observable,
          logsource: CLOUD_LOGSOURCES.cloudtrail,
          event: cloudTrailRecord('sts.amazonaws.com', 'GetCallerIdentity', address),
        });
      if (provider === 'azure')
        out.push({ observable, logsource: CLOUD_LOGSOURCES.signinlogs, event: entraRecord('signinlogs', null, null, address) });
      if (provider === 'okta') out.push({ observable, logsource: CLOUD_LOGSOURCES.okta, event: oktaRecord('user.session.start', address) });
    }
  }
  return out;
}
