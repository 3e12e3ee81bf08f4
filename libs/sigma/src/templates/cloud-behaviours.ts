import type { SigmaLevel } from '@huntforge/contracts/sigma';

/** The cloud and identity audit logs a behaviour shows in, with the logsource SigmaHQ gives each. */
export type CloudLog = 'cloudtrail' | 'signinlogs' | 'auditlogs' | 'okta';

export const CLOUD_LOGSOURCES: Readonly<Record<CloudLog, { product: string; service: string }>> = {
  cloudtrail: { product: 'aws', service: 'cloudtrail' },
  signinlogs: { product: 'azure', service: 'signinlogs' },
  auditlogs: { product: 'azure', service: 'auditlogs' },
  okta: { product: 'okta', service: 'okta' },
};

/**
 * One selection of a behaviour: the fields and values of the audit record, SigmaHQ's names (CloudTrail's
 * eventSource and eventName, Okta's eventType, Entra's OperationName or properties.message). For CloudTrail
 * `events` is the eventName list of one eventSource.
 */
export interface CloudSelection {
  /** CloudTrail only: the service that writes the events. */
  eventSource?: string;
  /** The field the events are named in. */
  field: string;
  /** The event names that show the behaviour, as the log writes them. */
  events: string[];
  /** Fields every record of the behaviour carries besides its name (Entra's LoggedByService). */
  with?: Record<string, string>;
}

/**
 * A cloud or identity behaviour a CTI article describes: attackers creating access keys, stopping
 * CloudTrail, registering their own MFA method, resetting an Okta user's factors. The rule keys on what
 * the behaviour is in the audit log (the API or operation), never on what only this intrusion had (the user
 * name, the key id). Knowledge goes here, not into ifs.
 */
export interface CloudBehaviour {
  id: string;
  log: CloudLog;
  selections: CloudSelection[];
  /**
   * Prose that shows the behaviour when the article names no event (`registered a new MFA method`). Read
   * only where the article is about the provider (see CLOUD_CONTEXT).
   */
  prose?: RegExp;
  /**
   * Discovery and routine calls (ListBuckets, GetSecretValue, RunInstances) that every account makes all
   * day: a rule on them is only worth deploying scoped to the addresses the article reports for the actor,
   * and none is written when it reports none.
   */
  needsScope?: boolean;
  title: string;
  /** What the behaviour does, for the description. */
  does: string;
  tags: string[];
  level: SigmaLevel;
  falsepositives: string[];
}

/** Text that says an article is about a provider's audit log: event names alone (CreateUser) are too common a word. */
export const CLOUD_CONTEXT: Readonly<Record<'aws' | 'azure' | 'okta', RegExp>> = {
  aws: /\b(?:AWS|CloudTrail|amazonaws\.com|Amazon Web Services)\b|\baws\s+(?:iam|sts|s3|s3api|ec2|secretsmanager|ssm|cloudtrail|guardduty|ses|sesv2|sns|lambda|ecs|kms|organizations)\s+[a-z]/,
  azure: /\b(?:Entra(?: ID)?|Azure AD|Azure Active Directory|AAD|Microsoft 365|M365|Office 365|SigninLogs|AuditLogs)\b/,
  okta: /\bOkta\b/,
};

export const providerOf = (log: CloudLog): 'aws' | 'azure' | 'okta' => (log === 'cloudtrail' ? 'aws' : log === 'okta' ? 'okta' : 'azure');

const aws = (eventSource: string, events: string[]): CloudSelection => ({ eventSource, field: 'eventName', events });

export const CLOUD_BEHAVIOURS: readonly CloudBehaviour[] = [
  // AWS: impair defences.
  {
    id: 'aws-cloudtrail-stopped',
    log: 'cloudtrail',
    selections: [aws('cloudtrail.amazonaws.com', ['StopLogging', 'DeleteTrail', 'UpdateTrail', 'PutEventSelectors'])],
    title: 'AWS CloudTrail Logging Stopped Or Trail Modified',
    does: 'stops CloudTrail logging, deletes a trail or narrows what it records',
    tags: ['attack.defense-impairment', 'attack.t1685'],
    level: 'high',
    falsepositives: ['Administrators retiring or reconfiguring a trail'],
  },
  {
    id: 'aws-security-services-disabled',
    log: 'cloudtrail',
    selections: [
      aws('guardduty.amazonaws.com', ['DeleteDetector', 'UpdateDetector', 'CreateIPSet', 'DisassociateFromMasterAccount']),
      aws('securityhub.amazonaws.com', ['DisableSecurityHub', 'BatchDisableStandards']),
      aws('config.amazonaws.com', ['StopConfigurationRecorder', 'DeleteConfigurationRecorder', 'DeleteDeliveryChannel']),
      aws('ec2.amazonaws.com', ['DeleteFlowLogs']),
    ],
    title: 'AWS Security Monitoring Disabled Or Weakened',
    does: 'turns off GuardDuty, Security Hub, AWS Config recording or VPC flow logs, or trusts an address list in GuardDuty',
    tags: ['attack.defense-impairment', 'attack.t1685'],
    level: 'high',
    falsepositives: ['Administrators decommissioning an account or region'],
  },
  // AWS: persistence and privilege escalation through IAM.
  {
    id: 'aws-iam-credentials-created',
    log: 'cloudtrail',
    selections: [aws('iam.amazonaws.com', ['CreateAccessKey', 'CreateLoginProfile', 'UpdateLoginProfile'])],
    title: 'AWS IAM Access Key Or Console Password Created',
    does: 'creates an access key or a console password for an IAM user, a credential that outlives the intrusion',
    tags: ['attack.persistence', 'attack.t1098.001'],
    level: 'medium',
    falsepositives: ['Administrators issuing or rotating credentials of IAM users'],
  },
  {
    id: 'aws-iam-user-created',
    log: 'cloudtrail',
    selections: [aws('iam.amazonaws.com', ['CreateUser'])],
    title: 'AWS IAM User Created',
    does: 'creates an IAM user',
    tags: ['attack.persistence', 'attack.t1136.003'],
    level: 'low',
    falsepositives: ['Onboarding of people and services through the console or scripts'],
  },
  {
    id: 'aws-iam-policy-attached',
    log: 'cloudtrail',
    selections: [
      aws('iam.amazonaws.com', [
        'AttachUserPolicy',
        'AttachRolePolicy',
        'AttachGroupPolicy',
        'PutUserPolicy',
        'PutRolePolicy',
        'PutGroupPolicy',
        'CreatePolicyVersion',
        'AddUserToGroup',
      ]),
    ],
    title: 'AWS IAM Permissions Granted To A User, Role Or Group',
    does: 'attaches or writes a policy granting permissions (AdministratorAccess, for one) to an IAM identity',
    tags: ['attack.privilege-escalation', 'attack.persistence', 'attack.t1098.003'],
    level: 'medium',
    falsepositives: ['Infrastructure-as-code pipelines and administrators managing permissions'],
  },
  {
    id: 'aws-iam-role-trust',
    log: 'cloudtrail',
    selections: [aws('iam.amazonaws.com', ['CreateRole', 'UpdateAssumeRolePolicy'])],
    title: 'AWS IAM Role Created Or Its Trust Policy Changed',
    does: 'creates a role or changes who may assume it, a way back in from another account',
    tags: ['attack.persistence', 'attack.t1098.003'],
    level: 'low',
    falsepositives: ['Infrastructure-as-code pipelines creating roles'],
  },
  {
    id: 'aws-console-from-keys',
    log: 'cloudtrail',
    selections: [aws('sts.amazonaws.com', ['GetFederationToken']), aws('signin.amazonaws.com', ['GetSigninToken'])],
    title: 'AWS Console Session Made From Access Keys',
    does: 'turns long-term access keys into a console session (GetFederationToken, then GetSigninToken)',
    tags: ['attack.lateral-movement', 'attack.t1550.001'],
    level: 'medium',
    falsepositives: ['Single sign-on portals and tools that open the console for their users'],
  },
  {
    id: 'aws-root-session',
    log: 'cloudtrail',
    selections: [aws('sts.amazonaws.com', ['AssumeRoot'])],
    title: 'AWS Root Session Assumed Through STS',
    does: "takes a member account's root session through STS AssumeRoot",
    tags: ['attack.privilege-escalation', 'attack.t1078.004'],
    level: 'medium',
    falsepositives: ['Central administrators running the few tasks that need the root user'],
  },
  {
    id: 'aws-email-sms-recon',
    log: 'cloudtrail',
    selections: [
      aws('ses.amazonaws.com', ['GetSendQuota', 'ListIdentities', 'ListEmailIdentities', 'GetAccount', 'UpdateAccountSendingEnabled']),
      aws('sns.amazonaws.com', ['GetSMSAttributes', 'GetSMSSandboxAccountStatus', 'CreateSMSSandboxPhoneNumber']),
    ],
    title: 'AWS SES Or SNS Sending Capacity Checked',
    does: 'checks how much e-mail or SMS the account may send, what spammers and smishers do first with stolen keys',
    tags: ['attack.discovery', 'attack.t1580'],
    level: 'low',
    falsepositives: ['Applications and administrators that send mail or SMS through the account'],
  },
  {
    id: 'aws-key-pair-imported',
    log: 'cloudtrail',
    selections: [aws('ec2.amazonaws.com', ['ImportKeyPair']), aws('ec2-instance-connect.amazonaws.com', ['SendSSHPublicKey'])],
    title: 'AWS SSH Key Imported Or Pushed To An Instance',
    does: 'imports an SSH key pair or pushes a key to an instance through EC2 Instance Connect',
    tags: ['attack.persistence', 'attack.t1098.004'],
    level: 'medium',
    falsepositives: ['Administrators importing their own keys or connecting through EC2 Instance Connect'],
  },
  {
    id: 'aws-snapshot-shared',
    log: 'cloudtrail',
    selections: [aws('ec2.amazonaws.com', ['ModifySnapshotAttribute', 'ModifyImageAttribute', 'SharedSnapshotCopyInitiated'])],
    title: 'AWS EBS Snapshot Or Image Shared',
    does: 'shares a disk snapshot or machine image, which another account can then copy',
    tags: ['attack.exfiltration', 'attack.t1537'],
    level: 'medium',
    falsepositives: ['Backups shared with a recovery account'],
  },
  {
    id: 'aws-bucket-policy-changed',
    log: 'cloudtrail',
    selections: [aws('s3.amazonaws.com', ['PutBucketPolicy', 'PutBucketAcl', 'DeleteBucketPolicy', 'PutBucketVersioning'])],
    title: 'AWS S3 Bucket Policy Or Versioning Changed',
    does: 'changes who may read a bucket, or turns its versioning off before deleting data',
    tags: ['attack.exfiltration', 'attack.t1537'],
    level: 'low',
    falsepositives: ['Administrators publishing or locking down buckets'],
  },
  // AWS: routine calls, worth a rule only from the actor's addresses.
  {
    id: 'aws-secrets-read',
    log: 'cloudtrail',
    selections: [
      aws('secretsmanager.amazonaws.com', ['GetSecretValue', 'BatchGetSecretValue', 'ListSecrets']),
      aws('ssm.amazonaws.com', ['GetParameter', 'GetParameters', 'GetParametersByPath']),
    ],
    needsScope: true,
    title: 'AWS Secrets Listed Or Read',
    does: 'lists or reads Secrets Manager secrets or SSM parameters',
    tags: ['attack.credential-access', 'attack.t1555.006'],
    level: 'high',
    falsepositives: ['None expected from the reported addresses; they may have been reassigned since'],
  },
  {
    id: 'aws-storage-discovery',
    log: 'cloudtrail',
    selections: [
      aws('s3.amazonaws.com', ['ListBuckets', 'ListObjects', 'GetBucketAcl', 'GetBucketPolicy']),
      aws('glacier.amazonaws.com', ['ListVaults']),
      aws('sts.amazonaws.com', ['GetCallerIdentity']),
    ],
    needsScope: true,
    title: 'AWS Identity And Storage Discovery',
    does: 'checks whose keys it holds and lists buckets, objects or Glacier vaults',
    tags: ['attack.discovery', 'attack.t1619'],
    level: 'high',
    falsepositives: ['None expected from the reported addresses; they may have been reassigned since'],
  },
  {
    id: 'aws-compute-started',
    log: 'cloudtrail',
    selections: [
      aws('ec2.amazonaws.com', ['RunInstances', 'CreateSecurityGroup', 'AuthorizeSecurityGroupIngress']),
      aws('ecs.amazonaws.com', ['CreateCluster', 'RegisterTaskDefinition', 'RunTask', 'CreateService']),
      aws('lambda.amazonaws.com', ['CreateFunction20150331', 'CreateFunction']),
    ],
    needsScope: true,
    title: 'AWS Compute Started Or Opened',
    does: 'starts instances, containers or functions or opens a security group, as miners do with stolen keys',
    tags: ['attack.impact', 'attack.t1496.001'],
    level: 'high',
    falsepositives: ['None expected from the reported addresses; they may have been reassigned since'],
  },
  // Entra ID (Azure AD).
  {
    id: 'entra-mfa-method-registered',
    log: 'auditlogs',
    selections: [
      {
        field: 'OperationName',
        events: ['User registered security info', 'User registered all required security info', 'Admin registered security info'],
        with: { LoggedByService: 'Authentication Methods' },
      },
    ],
    prose:
      /\b(?:regist\w+|add\w*|enrol\w*)\s+(?:an?\s+|their\s+|its\s+|own\s+|new\s+|additional\s+|attacker[- ]controlled\s+|rogue\s+)*(?:MFA|multi-factor(?: authentication)?|authentication|authenticator)\s+(?:method|device|app|factor)s?\b/i,
    title: 'Entra ID Authentication Method Registered',
    does: 'registers an MFA or other authentication method for an account, which keeps the attacker in after a password reset',
    tags: ['attack.persistence', 'attack.t1098.005'],
    level: 'medium',
    falsepositives: ['Users enrolling a new phone; compare with the time and place of their usual sign-ins'],
  },
  {
    id: 'entra-consent-grant',
    log: 'auditlogs',
    selections: [
      {
        field: 'OperationName',
        events: ['Consent to application', 'Add delegated permission grant', 'Add app role assignment to service principal'],
      },
    ],
    prose:
      /\b(?:illicit|malicious|OAuth)\s+consent\b|\bconsent\s+(?:grant|phishing)\b|\bconsent(?:ed)?\s+to\s+(?:an?\s+|the\s+)?(?:malicious|rogue|attacker'?s?)\s+(?:OAuth\s+)?app/i,
    title: 'Entra ID Application Granted Consent Or Permissions',
    does: 'grants an application delegated permissions or an app role, the OAuth consent an attacker phishes for',
    tags: ['attack.credential-access', 'attack.t1528'],
    level: 'medium',
    falsepositives: ['Users and administrators consenting to sanctioned applications'],
  },
  {
    id: 'entra-app-credential-added',
    log: 'auditlogs',
    selections: [
      {
        field: 'properties.message',
        events: [
          'Update application – Certificates and secrets management',
          'Add service principal credentials',
          'Update Service principal/Update Application',
        ],
      },
    ],
    prose:
      /\b(?:add\w*|creat\w*)\s+(?:a\s+|new\s+)*(?:client\s+)?(?:secret|credential|certificate)s?\s+(?:to|for)\s+(?:an?\s+|the\s+)?(?:existing\s+)?(?:application|app registration|service principal)/i,
    title: 'Entra ID Application Or Service Principal Credential Added',
    does: 'adds a secret or certificate to an application or service principal, so the attacker can sign in as it',
    tags: ['attack.persistence', 'attack.t1098.001'],
    level: 'high',
    falsepositives: ['Application owners rotating secrets'],
  },
  {
    id: 'entra-role-assigned',
    log: 'auditlogs',
    selections: [
      { field: 'OperationName', events: ['Add member to role', 'Add eligible member to role', 'Add member to role outside of PIM'] },
    ],
    title: 'Entra ID Directory Role Assigned',
    does: 'adds an account to a directory role such as Global Administrator',
    tags: ['attack.persistence', 'attack.privilege-escalation', 'attack.t1098.003'],
    level: 'medium',
    falsepositives: ['Administrators assigning roles'],
  },
  {
    id: 'entra-federation-changed',
    log: 'auditlogs',
    selections: [{ field: 'OperationName', events: ['Set federation settings on domain', 'Set domain authentication'] }],
    prose: /\b(?:add\w*|modif\w*|chang\w*|configur\w*)\s+(?:a\s+)?(?:new\s+)?(?:federat\w+ (?:settings|trust|domain)|federated domain)/i,
    title: 'Entra ID Domain Federation Changed',
    does: "changes a domain's federation, which lets whoever holds the new signing certificate sign in as any user",
    tags: ['attack.persistence', 'attack.t1484.002'],
    level: 'high',
    falsepositives: ['Administrators moving a domain to or from federation'],
  },
  {
    id: 'entra-device-code-sign-in',
    log: 'signinlogs',
    selections: [{ field: 'properties.message', events: ['Device Code'] }],
    prose: /\bdevice[- ]code\s+(?:phishing|flow|authenticat\w+|sign-?ins?)\b/i,
    title: 'Entra ID Sign-In Through The Device Code Flow',
    does: 'signs in through the OAuth device code flow, which device code phishing abuses to take tokens',
    tags: ['attack.credential-access', 'attack.t1528'],
    level: 'medium',
    falsepositives: ['Input-constrained devices (TVs, conference room systems) that sign in with a device code'],
  },
  // Okta.
  {
    id: 'okta-mfa-reset',
    log: 'okta',
    selections: [{ field: 'eventType', events: ['user.mfa.factor.deactivate', 'user.mfa.factor.reset_all'] }],
    title: 'Okta MFA Factor Reset Or Deactivated',
    does: "resets or deactivates a user's MFA factors, so a new factor can be enrolled",
    tags: ['attack.persistence', 'attack.credential-access', 'attack.t1556.006'],
    level: 'medium',
    falsepositives: ['Help desk resetting the factors of a user who lost their phone'],
  },
  {
    id: 'okta-admin-granted',
    log: 'okta',
    selections: [{ field: 'eventType', events: ['user.account.privilege.grant', 'group.privilege.grant', 'iam.resourceset.bindings.add'] }],
    title: 'Okta Administrator Role Granted',
    does: 'grants an administrator role to a user or group',
    tags: ['attack.persistence', 'attack.privilege-escalation', 'attack.t1098.003'],
    level: 'medium',
    falsepositives: ['Administrators delegating administration'],
  },
  {
    id: 'okta-idp-or-policy-changed',
    log: 'okta',
    selections: [
      {
        field: 'eventType',
        events: [
          'system.idp.lifecycle.create',
          'system.idp.lifecycle.update',
          'policy.lifecycle.update',
          'policy.lifecycle.delete',
          'policy.rule.update',
          'policy.rule.delete',
          'zone.deactivate',
        ],
      },
    ],
    prose: /\b(?:add\w*|creat\w*|configur\w*)\s+(?:a\s+|an\s+)?(?:new\s+|malicious\s+|rogue\s+)*(?:identity provider|IdP)\b/i,
    title: 'Okta Identity Provider Or Sign-On Policy Changed',
    does: 'adds an identity provider or weakens a sign-on policy or network zone, so the attacker signs in as anyone',
    tags: ['attack.persistence', 'attack.defense-impairment', 'attack.t1556.007'],
    level: 'high',
    falsepositives: ['Administrators changing policies or federation'],
  },
  {
    id: 'okta-api-token-created',
    log: 'okta',
    selections: [{ field: 'eventType', events: ['system.api_token.create'] }],
    prose: /\b(?:creat\w*|generat\w*|mint\w*)\s+(?:an?\s+|new\s+)*(?:Okta\s+)?API\s+tokens?\b/i,
    title: 'Okta API Token Created',
    does: 'creates an API token, a credential that works without MFA',
    tags: ['attack.persistence', 'attack.t1098.001'],
    level: 'medium',
    falsepositives: ['Administrators creating tokens for integrations'],
  },
  {
    id: 'okta-impersonation',
    log: 'okta',
    selections: [{ field: 'eventType', events: ['user.session.impersonation.initiate', 'user.session.impersonation.grant'] }],
    prose: /\bimpersonat\w+\s+(?:a\s+|the\s+)?(?:user|session|administrator)s?\b/i,
    title: 'Okta User Session Impersonation',
    does: 'starts a session impersonating a user, as Okta support staff can',
    tags: ['attack.privilege-escalation', 'attack.t1078.004'],
    level: 'high',
    falsepositives: ['Sanctioned support sessions'],
  },
];
