import type { SigmaEvent } from '@huntforge/sigma';
import { isRecord, isoTime, stringOf, type TelemetryEvent } from '../telemetry-event';

/** An AWS CloudTrail record: rules name its fields as written (eventSource, eventName, userIdentity.type...). */
export function cloudTrailEvent(record: Record<string, unknown>): TelemetryEvent | null {
  const eventSource = stringOf(record['eventSource']);
  if (!eventSource || typeof record['eventName'] !== 'string' || !('eventTime' in record || 'awsRegion' in record)) return null;
  return {
    fields: record,
    source: { product: 'aws', service: 'cloudtrail' },
    format: 'cloudtrail',
    time: isoTime(record['eventTime']),
    computer: stringOf(record['recipientAccountId']) ?? stringOf(record['awsRegion']),
  };
}

/** An Okta System Log event: rules name its fields as written (eventType, displayMessage, actor.alternateId...). */
export function oktaEvent(record: Record<string, unknown>): TelemetryEvent | null {
  if (typeof record['eventType'] !== 'string' || !('published' in record) || !('actor' in record || 'outcome' in record)) return null;
  const client = isRecord(record['client']) ? record['client'] : {};
  return {
    fields: record,
    source: { product: 'okta', service: 'okta' },
    format: 'okta',
    time: isoTime(record['published']),
    computer: stringOf(client['ipAddress']) ?? (isRecord(record['actor']) ? stringOf(record['actor']['alternateId']) : null),
  };
}

const ENTRA_CATEGORIES: Record<string, string> = {
  signinlogs: 'signinlogs',
  noninteractiveusersigninlogs: 'signinlogs',
  serviceprincipalsigninlogs: 'signinlogs',
  managedidentitysigninlogs: 'signinlogs',
  auditlogs: 'auditlogs',
  riskdetection: 'riskdetection',
  userriskevents: 'riskdetection',
  administrative: 'activitylogs',
  policy: 'activitylogs',
  security: 'activitylogs',
};

/**
 * Entra ID (Azure AD) sign-in, audit and risk logs and the Azure activity log, as diagnostic settings
 * export them (`{"category": "SignInLogs", "properties": {…}}`) or as Microsoft Graph returns them.
 * Rules name both shapes (`properties.message`, `ResultType`, `Status`, `riskEventType`): the record
 * stays as written and its top-level and `properties` fields are also offered with a capital first
 * letter, as the Log Analytics tables name them.
 */
export function entraEvent(record: Record<string, unknown>): TelemetryEvent | null {
  const service = entraService(record);
  if (!service) return null;
  const fields: SigmaEvent = { ...record };
  const capitalised = (source: Record<string, unknown>): void => {
    for (const [key, value] of Object.entries(source)) {
      const name = key.charAt(0).toUpperCase() + key.slice(1);
      if (!(name in fields)) fields[name] = value;
    }
  };
  capitalised(record);
  if (isRecord(record['properties'])) capitalised(record['properties']);
  const properties = isRecord(record['properties']) ? record['properties'] : record;
  const time = isoTime(
    record['time'] ?? record['createdDateTime'] ?? record['activityDateTime'] ?? record['detectedDateTime'] ?? record['eventTimestamp'],
  );
  const computer =
    stringOf(properties['userPrincipalName']) ??
    stringOf(record['tenantId']) ??
    stringOf(properties['ipAddress']) ??
    stringOf(record['callerIpAddress']);
  return { fields, source: { product: 'azure', service }, format: 'entra', time, computer };
}

function entraService(record: Record<string, unknown>): string | null {
  const category = stringOf(record['category']);
  if (category && typeof record['operationName'] === 'string') {
    const service = ENTRA_CATEGORIES[category.toLowerCase()];
    if (service) return service;
  }
  // Microsoft Graph shapes.
  if (typeof record['createdDateTime'] === 'string' && 'userPrincipalName' in record && ('appDisplayName' in record || 'status' in record))
    return 'signinlogs';
  if (typeof record['activityDateTime'] === 'string' && 'activityDisplayName' in record) return 'auditlogs';
  if (typeof record['riskEventType'] === 'string' && 'detectedDateTime' in record) return 'riskdetection';
  return null;
}
