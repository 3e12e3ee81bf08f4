import type { CloudSelection } from '../templates/cloud-behaviours';
import { parseRequest } from '../templates/cloud-kubernetes';

/**
 * Synthetic audit records of the Kubernetes API server, Microsoft 365's unified audit log and Google Cloud Audit
 * Logs, in the shape SigmaHQ's rules of those products read: what the self-test runs a cloud rule on when the
 * article states the request, operation or method (cloud-events.ts).
 */

const TIME = '2026-01-01T00:00:00Z';

/** A selection's fixed fields as a record carries them: the field without its modifier, the first value listed. */
function fixedFields(selection: CloudSelection): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(selection.with ?? {}).map(([key, value]) => [key.split('|')[0] as string, Array.isArray(value) ? value[0] : value]),
  );
}

/** Sets the dotted fields of a flat map as nested objects (objectRef.apiGroup under objectRef). */
function nest(into: Record<string, unknown>, fields: Record<string, unknown>): Record<string, unknown> {
  for (const [path, value] of Object.entries(fields)) {
    const parts = path.split('.');
    let node = into;
    parts.slice(0, -1).forEach((part) => {
      const next = node[part];
      node[part] = next && typeof next === 'object' ? { ...(next as object) } : {};
      node = node[part] as Record<string, unknown>;
    });
    node[parts[parts.length - 1] as string] = value;
  }
  return into;
}

/**
 * An audit.k8s.io Event of a request: its verb and objectRef, a person's user (a rule keyed on a service account
 * or an anonymous caller reads the parameter the article states), where it came from and with what client.
 */
export function kubernetesRecord(selection: CloudSelection, event: string, address: string): Record<string, unknown> {
  const { verb, resource, subresource } = parseRequest(event);
  const namespaced = !/^(?:namespaces|nodes|cluster\w+|\w+webhookconfigurations|selfsubject\w+)$/.test(resource);
  const record: Record<string, unknown> = {
    kind: 'Event',
    apiVersion: 'audit.k8s.io/v1',
    level: 'RequestResponse',
    stage: 'ResponseComplete',
    requestReceivedTimestamp: TIME,
    verb,
    requestURI: `/api/v1/${namespaced ? 'namespaces/default/' : ''}${resource}${subresource ? `/web-0/${subresource}` : ''}`,
    user: { username: 'jane@example.org', groups: ['system:authenticated'] },
    sourceIPs: [address],
    userAgent: 'kubectl/v1.30.0 (linux/amd64) kubernetes/7c48c2b',
    objectRef: { resource, ...(subresource ? { subresource, name: 'web-0' } : {}), ...(namespaced ? { namespace: 'default' } : {}) },
    responseStatus: { code: 200 },
  };
  return nest(record, fixedFields(selection));
}

/** A unified audit log record of an Exchange or Entra operation, as the Office 365 Management API returns it. */
export function m365Record(selection: CloudSelection, operation: string, address: string): Record<string, unknown> {
  return {
    CreationTime: TIME,
    Operation: operation,
    RecordType: 1,
    ResultStatus: 'True',
    Workload: 'Exchange',
    UserId: 'user@example.org',
    ClientIP: address,
    ObjectId: 'user@example.org',
    // The cmdlet's parameters as the log's text: rules read them with contains, as SigmaHQ's rules do.
    Parameters: '',
    ...fixedFields(selection),
  };
}

/** A Cloud Audit Logs entry of a method call, in the fields of the Elastic GCP integration that SigmaHQ reads. */
export function gcpRecord(selection: CloudSelection, method: string, address: string): Record<string, unknown> {
  return nest(
    {
      '@timestamp': TIME,
      gcp: {
        audit: {
          method_name: method,
          principal_email: 'user@example.org',
          request_metadata: { caller_ip: address },
          resource_name: 'projects/example-project',
        },
      },
      data: { protoPayload: { methodName: method, requestMetadata: { callerIp: address } } },
    },
    fixedFields(selection),
  );
}

/** An Azure activity log record of a Resource Manager operation (the columns of the AzureActivity table). */
export function azureActivityRecord(operation: string, address: string): Record<string, unknown> {
  return {
    time: TIME,
    operationName: operation,
    OperationNameValue: operation,
    CategoryValue: 'Administrative',
    ActivityStatusValue: 'Success',
    caller: 'user@example.org',
    callerIpAddress: address,
    resourceId: '/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/example',
  };
}
