import type { CloudBehaviour, CloudSelection } from './cloud-behaviour';

// Cloud Audit Logs' protoPayload.methodName, as SigmaHQ's gcp.audit rules read it (gcp.audit.method_name).
const method = (events: string[]): CloudSelection => ({ field: 'gcp.audit.method_name', events });

/**
 * What intruders do in a Google Cloud project, as Cloud Audit Logs record it (product gcp, service gcp.audit):
 * service account keys and tokens minted, IAM policies changed, log sinks deleted, firewall rules opened, secrets
 * read. An article names a method as the log writes it (google.iam.admin.v1.CreateServiceAccountKey), by its last
 * part (CreateServiceAccountKey) or as the gcloud command that makes it (eventProse).
 */
export const GCP_BEHAVIOURS: readonly CloudBehaviour[] = [
  {
    id: 'gcp-service-account-key',
    log: 'gcp_audit',
    selections: [method(['google.iam.admin.v1.CreateServiceAccountKey', 'google.iam.admin.v1.UploadServiceAccountKey'])],
    eventProse: {
      'google.iam.admin.v1.CreateServiceAccountKey':
        /\bgcloud\s+iam\s+service-accounts\s+keys\s+create\b|\b(?:creat\w*|generat\w*|mint\w*)\s+(?:an?\s+|new\s+)*(?:service\s+account\s+)keys?\b/i,
    },
    title: 'GCP Service Account Key Created',
    does: 'creates or uploads a key for a service account, a credential that works from anywhere until deleted',
    tags: ['attack.persistence', 'attack.t1098.001'],
    level: 'medium',
    falsepositives: ['Administrators issuing keys to workloads outside Google Cloud'],
  },
  {
    id: 'gcp-service-account-created',
    log: 'gcp_audit',
    selections: [method(['google.iam.admin.v1.CreateServiceAccount'])],
    eventProse: { 'google.iam.admin.v1.CreateServiceAccount': /\bgcloud\s+iam\s+service-accounts\s+create\b/i },
    title: 'GCP Service Account Created',
    does: 'creates a service account',
    tags: ['attack.persistence', 'attack.t1136.003'],
    level: 'low',
    falsepositives: ['Infrastructure-as-code pipelines and administrators creating service accounts'],
  },
  {
    id: 'gcp-token-minted',
    log: 'gcp_audit',
    selections: [method(['GenerateAccessToken', 'GenerateIdToken', 'SignBlob', 'SignJwt'])],
    eventProse: { GenerateAccessToken: /--impersonate-service-account\b|\bimpersonat\w+\s+(?:an?\s+|the\s+)?service\s+accounts?\b/i },
    title: 'GCP Service Account Impersonated',
    does: "mints a service account's access or ID token, or signs with its key, acting as the service account",
    tags: ['attack.privilege-escalation', 'attack.t1078.004', 'attack.credential-access', 'attack.t1528'],
    level: 'medium',
    falsepositives: ['Workloads and administrators that impersonate service accounts by design'],
  },
  {
    id: 'gcp-iam-policy-changed',
    log: 'gcp_audit',
    selections: [method(['SetIamPolicy', 'google.iam.admin.v1.SetIAMPolicy', 'storage.setIamPermissions'])],
    eventProse: {
      SetIamPolicy: /\bgcloud\s+(?:projects|organizations|resource-manager\s+folders)\s+add-iam-policy-binding\b/i,
      'google.iam.admin.v1.SetIAMPolicy': /\bgcloud\s+iam\s+service-accounts\s+add-iam-policy-binding\b/i,
    },
    title: 'GCP IAM Policy Changed',
    does: 'changes the IAM policy of a project, folder, organization, service account or bucket, granting an identity a role',
    tags: ['attack.privilege-escalation', 'attack.persistence', 'attack.t1098.003'],
    level: 'medium',
    falsepositives: ['Infrastructure-as-code pipelines and administrators managing access'],
  },
  {
    id: 'gcp-logging-sink-removed',
    log: 'gcp_audit',
    selections: [method(['google.logging.v2.ConfigServiceV2.DeleteSink', 'google.logging.v2.ConfigServiceV2.UpdateSink'])],
    eventProse: { 'google.logging.v2.ConfigServiceV2.DeleteSink': /\bgcloud\s+logging\s+sinks\s+(?:delete|update)\b/i },
    title: 'GCP Logging Sink Deleted Or Modified',
    does: 'deletes or changes a log sink, so audit logs stop reaching where defenders read them',
    tags: ['attack.defense-impairment', 'attack.t1685'],
    level: 'high',
    falsepositives: ['Administrators retiring log exports'],
  },
  {
    id: 'gcp-firewall-opened',
    log: 'gcp_audit',
    selections: [method(['v1.compute.firewalls.insert', 'v1.compute.firewalls.patch', 'v1.compute.firewalls.update'])],
    eventProse: { 'v1.compute.firewalls.insert': /\bgcloud\s+compute\s+firewall-rules\s+(?:create|update)\b/i },
    title: 'GCP Firewall Rule Created Or Modified',
    does: 'creates or changes a VPC firewall rule, opening the network to the intruder',
    tags: ['attack.defense-impairment', 'attack.t1685'],
    level: 'medium',
    falsepositives: ['Network administrators and pipelines maintaining firewall rules'],
  },
  {
    id: 'gcp-secrets-read',
    log: 'gcp_audit',
    selections: [method(['google.cloud.secretmanager.v1.SecretManagerService.AccessSecretVersion'])],
    eventProse: {
      'google.cloud.secretmanager.v1.SecretManagerService.AccessSecretVersion': /\bgcloud\s+secrets\s+versions\s+access\b/i,
    },
    title: 'GCP Secret Manager Secret Read',
    does: "reads a secret's value from Secret Manager",
    tags: ['attack.credential-access', 'attack.t1555.006'],
    level: 'medium',
    falsepositives: ['Applications reading their own secrets: compare the identity and the secrets with what the application uses'],
  },
];
