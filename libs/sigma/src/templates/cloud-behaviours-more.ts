import type { CloudBehaviour, CloudSelection } from './cloud-behaviour';

const aws = (eventSource: string, events: string[]): CloudSelection => ({ eventSource, field: 'eventName', events });

/**
 * More of what intruders do in cloud and identity audit logs (ATT&CK cloud matrix, public incident write-ups):
 * destroying keys and backups, turning logging and MFA off, backdooring functions and instances, hijacking AI
 * models, trusting their own domains and devices. The shape and the rules of cloud-behaviours.ts: keyed on the
 * API or operation, never on this intrusion's names.
 */
export const MORE_CLOUD_BEHAVIOURS: readonly CloudBehaviour[] = [
  {
    id: 'aws-logs-deleted',
    log: 'cloudtrail',
    selections: [
      aws('logs.amazonaws.com', ['DeleteLogGroup', 'DeleteLogStream', 'DeleteSubscriptionFilter']),
      aws('bedrock.amazonaws.com', ['DeleteModelInvocationLoggingConfiguration']),
    ],
    title: 'AWS CloudWatch Logs Or Model Invocation Logging Deleted',
    does: 'deletes CloudWatch log groups or streams, or turns off the logging of Bedrock model invocations',
    tags: ['attack.defense-impairment', 'attack.t1685.005'],
    level: 'medium',
    falsepositives: ['Administrators cleaning up log groups of retired workloads'],
  },
  {
    id: 'aws-mfa-removed',
    log: 'cloudtrail',
    selections: [
      aws('iam.amazonaws.com', [
        'DeactivateMFADevice',
        'DeleteVirtualMFADevice',
        'DeleteAccountPasswordPolicy',
        'UpdateAccountPasswordPolicy',
      ]),
    ],
    title: 'AWS IAM MFA Device Or Password Policy Removed',
    does: "removes a user's MFA device or weakens the account's password policy",
    tags: ['attack.defense-impairment', 'attack.persistence', 'attack.t1556.006'],
    level: 'medium',
    falsepositives: ['Help desk replacing a lost MFA device'],
  },
  {
    id: 'aws-keys-and-backups-destroyed',
    log: 'cloudtrail',
    selections: [
      aws('kms.amazonaws.com', ['ScheduleKeyDeletion', 'DisableKey']),
      aws('backup.amazonaws.com', ['DeleteBackupVault', 'DeleteRecoveryPoint', 'DeleteBackupPlan']),
      aws('rds.amazonaws.com', ['DeleteDBSnapshot', 'DeleteDBClusterSnapshot']),
      aws('ec2.amazonaws.com', ['DeleteSnapshot']),
    ],
    title: 'AWS Encryption Keys Or Backups Destroyed',
    does: 'schedules KMS keys for deletion or deletes backup vaults, recovery points and snapshots, the way cloud ransomware removes the way back',
    tags: ['attack.impact', 'attack.t1485', 'attack.t1490'],
    level: 'high',
    falsepositives: ['Retention jobs deleting expired snapshots'],
  },
  {
    id: 'aws-s3-ransom-encryption',
    log: 'cloudtrail',
    selections: [
      aws('s3.amazonaws.com', ['PutBucketLifecycle', 'PutBucketLifecycleConfiguration', 'PutBucketEncryption', 'DeleteBucketEncryption']),
    ],
    title: 'AWS S3 Bucket Lifecycle Or Encryption Changed',
    does: "changes a bucket's lifecycle (expiring objects) or its default encryption, as S3 ransomware does before re-encrypting data with its own key",
    tags: ['attack.impact', 'attack.t1486', 'attack.t1485'],
    level: 'medium',
    falsepositives: ['Administrators setting retention or encryption on buckets'],
  },
  {
    id: 'aws-organization-left',
    log: 'cloudtrail',
    selections: [aws('organizations.amazonaws.com', ['LeaveOrganization', 'RemoveAccountFromOrganization'])],
    title: 'AWS Account Left Or Removed From Its Organization',
    does: "takes an account out of its organization, out of reach of the organization's guardrails and central logging",
    tags: ['attack.defense-impairment', 'attack.t1685'],
    level: 'high',
    falsepositives: ['Planned account migrations between organizations'],
  },
  {
    id: 'aws-function-backdoor',
    log: 'cloudtrail',
    selections: [
      aws('lambda.amazonaws.com', [
        'AddPermission20150331v2',
        'CreateFunctionUrlConfig20211031',
        'UpdateFunctionCode20150331v2',
        'UpdateFunctionConfiguration20150331v2',
        'PublishLayerVersion20181031',
      ]),
    ],
    title: 'AWS Lambda Function Code, Permission Or Public URL Changed',
    does: 'changes what a Lambda function runs, who may invoke it or gives it a public URL, a backdoor that runs on every call',
    tags: ['attack.persistence', 'attack.t1546', 'attack.execution', 'attack.t1648'],
    level: 'medium',
    falsepositives: ['Deployment pipelines publishing functions'],
  },
  {
    id: 'aws-instance-command',
    log: 'cloudtrail',
    selections: [
      aws('ssm.amazonaws.com', ['SendCommand', 'StartSession', 'CreateAssociation']),
      aws('ec2.amazonaws.com', ['ModifyInstanceAttribute', 'GetPasswordData']),
    ],
    needsScope: true,
    title: 'AWS Instance Commands Run Or Start-Up Data Changed',
    does: "runs commands on instances through Systems Manager, changes an instance's user data or reads its administrator password",
    tags: ['attack.execution', 'attack.t1651', 'attack.credential-access'],
    level: 'medium',
    falsepositives: ['Administrators and patching tools running Systems Manager commands'],
  },
  {
    id: 'aws-llm-hijack',
    log: 'cloudtrail',
    selections: [
      aws('bedrock.amazonaws.com', [
        'PutUseCaseForModelAccess',
        'CreateFoundationModelAgreement',
        'PutFoundationModelEntitlement',
        'GetModelInvocationLoggingConfiguration',
        'ListFoundationModelAgreementOffers',
      ]),
    ],
    title: 'AWS Bedrock Model Access Requested Or Logging Checked',
    does: 'requests access to foundation models or checks whether their invocations are logged, the first steps of hijacking AI models with stolen keys',
    tags: ['attack.impact', 'attack.t1496'],
    level: 'medium',
    falsepositives: ['Teams enabling Bedrock models for a new project'],
  },
  {
    id: 'entra-conditional-access-changed',
    log: 'auditlogs',
    selections: [
      {
        field: 'OperationName',
        events: ['Update conditional access policy', 'Delete conditional access policy', 'Update named location', 'Delete named location'],
      },
    ],
    title: 'Entra ID Conditional Access Policy Or Named Location Changed',
    does: 'changes or deletes a Conditional Access policy or a trusted named location, weakening what sign-ins must pass',
    tags: ['attack.defense-impairment', 'attack.persistence', 'attack.t1556.009'],
    level: 'medium',
    falsepositives: ['Identity administrators maintaining policies'],
  },
  {
    id: 'entra-mfa-disabled',
    log: 'auditlogs',
    selections: [{ field: 'OperationName', events: ['Disable Strong Authentication'] }],
    title: 'Entra ID Per-User MFA Disabled',
    does: 'turns per-user multi-factor authentication off for an account',
    tags: ['attack.defense-impairment', 'attack.persistence', 'attack.t1556.006'],
    level: 'high',
    falsepositives: ['Help desk resetting a user who lost their device'],
  },
  {
    id: 'entra-external-access',
    log: 'auditlogs',
    selections: [
      {
        field: 'OperationName',
        events: ['Invite external user', 'Add owner to application', 'Add owner to service principal', 'Add partner to company'],
      },
    ],
    title: 'Entra ID Guest Invited Or Application Owner Added',
    does: 'invites an external user, adds an owner to an application or service principal, or adds a delegated partner: ways back into the tenant',
    tags: ['attack.persistence', 'attack.t1098'],
    level: 'low',
    falsepositives: ['Collaboration with partners and application onboarding'],
  },
  {
    id: 'entra-domain-added',
    log: 'auditlogs',
    selections: [{ field: 'OperationName', events: ['Add unverified domain', 'Add verified domain', 'Verify domain'] }],
    title: 'Entra ID Domain Added Or Verified',
    does: 'adds or verifies a domain in the tenant, the step before federating it to an identity provider the intruder runs',
    tags: ['attack.persistence', 'attack.t1484.002'],
    level: 'medium',
    falsepositives: ['Administrators adding a company domain'],
  },
  {
    id: 'entra-device-registered',
    log: 'auditlogs',
    selections: [
      { field: 'OperationName', events: ['Register device', 'Add registered owner to device', 'Add registered users to device'] },
    ],
    title: 'Entra ID Device Registered Or Given An Owner',
    does: 'registers a device in the tenant or makes a user its owner, which gives stolen sessions a device that passes device-based policies',
    tags: ['attack.persistence', 'attack.t1098.005'],
    level: 'low',
    falsepositives: ['Users enrolling new devices'],
  },
  {
    id: 'okta-policy-deactivated',
    log: 'okta',
    selections: [
      {
        field: 'eventType',
        events: [
          'policy.lifecycle.deactivate',
          'policy.rule.deactivate',
          'application.policy.sign_on.deactivate',
          'system.log_stream.lifecycle.delete',
        ],
      },
    ],
    title: 'Okta Policy Or Log Stream Deactivated',
    does: 'deactivates a sign-on policy or rule, or deletes a log stream that ships the System Log elsewhere',
    tags: ['attack.defense-impairment', 'attack.t1685'],
    level: 'high',
    falsepositives: ['Administrators retiring policies or log destinations'],
  },
];
