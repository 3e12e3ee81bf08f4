import type { CloudBehaviour, CloudLog, CloudProvider, CloudSelection } from './cloud-behaviour';
import { AWS_MORE_BEHAVIOURS } from './cloud-behaviours-aws';
import { AZURE_MORE_BEHAVIOURS } from './cloud-behaviours-azure';
import { GCP_BEHAVIOURS } from './cloud-behaviours-gcp';
import { M365_BEHAVIOURS } from './cloud-behaviours-m365';
import { MORE_CLOUD_BEHAVIOURS } from './cloud-behaviours-more';
import { KUBERNETES_BEHAVIOURS } from './cloud-kubernetes';

export type { CloudBehaviour, CloudLog, CloudProvider, CloudSelection } from './cloud-behaviour';

export const CLOUD_LOGSOURCES: Readonly<Record<CloudLog, { product: string; service: string }>> = {
  cloudtrail: { product: 'aws', service: 'cloudtrail' },
  signinlogs: { product: 'azure', service: 'signinlogs' },
  auditlogs: { product: 'azure', service: 'auditlogs' },
  activitylogs: { product: 'azure', service: 'activitylogs' },
  okta: { product: 'okta', service: 'okta' },
  k8s_audit: { product: 'kubernetes', service: 'audit' },
  m365_audit: { product: 'm365', service: 'audit' },
  gcp_audit: { product: 'gcp', service: 'gcp.audit' },
};

/** Text that says an article is about a provider's audit log: event names alone (CreateUser) are too common a word. */
export const CLOUD_CONTEXT: Readonly<Record<CloudProvider, RegExp>> = {
  aws: /\b(?:AWS|CloudTrail|amazonaws\.com|Amazon Web Services)\b|\baws\s+(?:iam|sts|s3|s3api|ec2|secretsmanager|ssm|cloudtrail|guardduty|ses|sesv2|sns|lambda|ecs|kms|organizations)\s+[a-z]/,
  azure:
    /\b(?:Entra(?: ID)?|Azure AD|Azure Active Directory|AAD|Microsoft 365|M365|Office 365|SigninLogs|AuditLogs|AzureActivity|Azure (?:Resource Manager|Activity Log|subscriptions?|portal|CLI|VMs?|virtual machines?))\b|\baz\s+(?:vm|role|storage|disk|snapshot|monitor)\s+[a-z]|\bMicrosoft\.(?:Compute|Authorization|Storage|Insights)\//,
  okta: /\bOkta\b/,
  kubernetes: /\b(?:Kubernetes|kubectl|k8s|kube-apiserver|kubelet)\b/i,
  m365: /\b(?:Microsoft 365|M365|Office 365|O365|Exchange Online|Unified Audit Log|UAL|Purview)\b/,
  gcp: /\b(?:GCP|Google Cloud(?: Platform)?|gcloud|googleapis\.com|Cloud Audit Logs)\b/,
};

const PROVIDERS: Readonly<Record<CloudLog, CloudProvider>> = {
  cloudtrail: 'aws',
  signinlogs: 'azure',
  auditlogs: 'azure',
  activitylogs: 'azure',
  okta: 'okta',
  k8s_audit: 'kubernetes',
  m365_audit: 'm365',
  gcp_audit: 'gcp',
};

export const providerOf = (log: CloudLog): CloudProvider => PROVIDERS[log];

const aws = (eventSource: string, events: string[]): CloudSelection => ({ eventSource, field: 'eventName', events });

export const CLOUD_BEHAVIOURS: readonly CloudBehaviour[] = [
  // AWS: impair defences.
  {
    id: 'aws-cloudtrail-stopped',
    log: 'cloudtrail',
    selections: [
      aws('cloudtrail.amazonaws.com', [
        'StopLogging',
        'DeleteTrail',
        'UpdateTrail',
        'PutEventSelectors',
        'DeleteEventDataStore',
        'StopEventDataStoreIngestion',
      ]),
    ],
    eventProse: {
      StopLogging:
        /\b(?:stopp\w*|disabl\w*|turn\w*\s+off|suspend\w*)\s+(?:the\s+|all\s+)?(?:organi[sz]ation(?:'s)?\s+)?CloudTrail(?:\s+(?:logging|trails?))?\b|\bCloudTrail\s+logging\s+(?:was\s+)?(?:stopped|disabled)\b/i,
      DeleteTrail: /\bdelet\w*\s+(?:the\s+|a\s+|all\s+)?(?:CloudTrail\s+trails?|trails?\s+in\s+CloudTrail)\b/i,
    },
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
      aws('config.amazonaws.com', [
        'StopConfigurationRecorder',
        'DeleteConfigurationRecorder',
        'DeleteDeliveryChannel',
        'DeleteConfigRule',
      ]),
      aws('ec2.amazonaws.com', ['DeleteFlowLogs']),
    ],
    eventProse: {
      DeleteDetector:
        /\b(?:disabl\w*|delet\w*|turn\w*\s+off|suspend\w*)\s+(?:the\s+|all\s+)?(?:Amazon\s+|AWS\s+)?GuardDuty(?:\s+detectors?)?\b/i,
    },
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
    selections: [aws('iam.amazonaws.com', ['CreateAccessKey', 'CreateServiceSpecificCredential', 'UploadSSHPublicKey'])],
    eventProse: {
      CreateAccessKey:
        /\b(?:creat\w*|generat\w*|issu\w*|mint\w*)\s+(?:an?\s+|new\s+|additional\s+|(?:a\s+)?(?:new\s+)?set\s+of\s+|their\s+own\s+)*(?:IAM\s+)?access\s+keys?\b|\bcreat\w*\b[^.\n]{0,80}\b(?:an?|new|additional)\s+(?:IAM\s+)?access\s+keys?\b/i,
    },
    title: 'AWS IAM Access Key Created',
    does: 'creates an access key for an IAM user, a credential that outlives the intrusion',
    tags: ['attack.persistence', 'attack.t1098.001'],
    level: 'medium',
    falsepositives: ['Administrators issuing or rotating access keys of IAM users'],
  },
  {
    id: 'aws-iam-login-profile',
    log: 'cloudtrail',
    selections: [aws('iam.amazonaws.com', ['CreateLoginProfile', 'UpdateLoginProfile', 'DeleteLoginProfile', 'ChangePassword'])],
    eventProse: {
      // Changing the password of a user's console profile (a way into another user's console).
      CreateLoginProfile:
        /\bcreat\w*\s+(?:an?\s+|new\s+)*(?:console\s+)?login\s+profiles?\b|\b(?:with|along\s+with|and)\s+(?:an?\s+)?login\s+profiles?\b/i,
      UpdateLoginProfile:
        /\b(?:modif\w*|updat\w*|chang\w*|reset\w*)\b[^.\n]{0,30}\blogin\s+profiles?\b|\blogin\s+profiles?\b[^.\n]{0,20}\b(?:modified|updated|changed|reset)\b/i,
    },
    title: 'AWS IAM Console Password Created, Changed Or Deleted',
    does: 'creates, changes or deletes the console password of an IAM user or the root user, a way into the console as that user',
    tags: ['attack.persistence', 'attack.privilege-escalation', 'attack.t1098.001'],
    level: 'medium',
    falsepositives: ['Administrators giving users console access or resetting their passwords'],
  },
  {
    id: 'aws-iam-user-created',
    log: 'cloudtrail',
    selections: [aws('iam.amazonaws.com', ['CreateUser'])],
    eventProse: {
      CreateUser:
        /\bcreat(?:ed|es|ing)\s+(?:an?\s+|new\s+|several\s+|multiple\s+|\d+\s+|additional\s+|backdoor\s+|rogue\s+)+(?:IAM\s+)?users?\b/i,
    },
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
        'SetDefaultPolicyVersion',
        'DeleteUserPermissionsBoundary',
        'DeleteRolePermissionsBoundary',
      ]),
    ],
    eventProse: {
      AttachUserPolicy:
        /\battach\w*\s+(?:the\s+)?(?:AWS[- ]managed\s+)?`?AdministratorAccess`?\s+(?:managed\s+)?polic(?:y|ies)\s+to\s+(?:the\s+|a\s+|their\s+|this\s+)?(?:new\s+)?(?:IAM\s+)?users?\b/i,
      AttachRolePolicy:
        /\battach\w*\s+(?:the\s+)?(?:AWS[- ]managed\s+)?`?AdministratorAccess`?\s+(?:managed\s+)?polic(?:y|ies)\s+to\s+(?:the\s+|a\s+|their\s+|this\s+)?(?:new\s+)?(?:IAM\s+)?roles?\b/i,
    },
    title: 'AWS IAM Permissions Granted To A User, Role Or Group',
    does: 'attaches or writes a policy granting permissions (AdministratorAccess, for one) to an IAM identity',
    tags: ['attack.privilege-escalation', 'attack.persistence', 'attack.t1098.003'],
    level: 'medium',
    falsepositives: ['Infrastructure-as-code pipelines and administrators managing permissions'],
  },
  {
    id: 'aws-iam-role-trust',
    log: 'cloudtrail',
    // Changing a role's trust is the behaviour; creating the role is its first form.
    selections: [aws('iam.amazonaws.com', ['UpdateAssumeRolePolicy', 'CreateRole'])],
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
      aws('ses.amazonaws.com', [
        'GetSendQuota',
        'ListIdentities',
        'ListEmailIdentities',
        'GetAccount',
        'GetSendStatistics',
        'GetAccountSendingEnabled',
        'ListVerifiedEmailAddresses',
      ]),
      aws('sns.amazonaws.com', [
        'GetSMSAttributes',
        'GetSMSSandboxAccountStatus',
        'CreateSMSSandboxPhoneNumber',
        'VerifySMSSandboxPhoneNumber',
        'ListOriginationNumbers',
      ]),
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
    selections: [
      aws('ec2.amazonaws.com', ['ImportKeyPair', 'CreateKeyPair']),
      aws('ec2-instance-connect.amazonaws.com', ['SendSSHPublicKey', 'SendSerialConsoleSSHPublicKey']),
    ],
    title: 'AWS SSH Key Imported Or Pushed To An Instance',
    does: 'imports an SSH key pair or pushes a key to an instance through EC2 Instance Connect',
    tags: ['attack.persistence', 'attack.t1098.004'],
    level: 'medium',
    falsepositives: ['Administrators importing their own keys or connecting through EC2 Instance Connect'],
  },
  {
    id: 'aws-snapshot-shared',
    log: 'cloudtrail',
    selections: [
      aws('ec2.amazonaws.com', [
        'ModifySnapshotAttribute',
        'ModifyImageAttribute',
        'SharedSnapshotCopyInitiated',
        'SharedSnapshotVolumeCreated',
      ]),
    ],
    eventProse: {
      ModifySnapshotAttribute:
        /\bshar\w*\s+(?:the\s+|an?\s+|its\s+|their\s+)?(?:EBS\s+|disk\s+|volume\s+)?snapshots?\s+with\s+(?:an?\s+|the\s+|their\s+)?(?:external|other|another|attacker|actor|foreign|third-party)/i,
    },
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
      aws('secretsmanager.amazonaws.com', ['GetSecretValue', 'BatchGetSecretValue']),
      aws('ssm.amazonaws.com', ['GetParameter', 'GetParameters', 'GetParametersByPath']),
    ],
    eventProse: {
      GetSecretValue:
        /\b(?:steal\w*|retriev\w*|read\w*|dump\w*|exfiltrat\w*|harvest\w*)\s+(?:\w+\s+){0,3}?secrets?\s+(?:from|in|stored\s+in)\s+(?:the\s+)?(?:AWS\s+)?Secrets?\s?Manager\b/i,
    },
    title: 'AWS Secrets Manager Secrets Or SSM Parameters Read',
    does: 'reads the values of Secrets Manager secrets or SSM parameters, the credentials an intruder collects next',
    tags: ['attack.credential-access', 'attack.t1555.006'],
    level: 'medium',
    falsepositives: ['Applications reading their own secrets: compare the identity and the secrets with what the application uses'],
  },
  {
    id: 'aws-secrets-listed',
    log: 'cloudtrail',
    selections: [aws('secretsmanager.amazonaws.com', ['ListSecrets']), aws('ssm.amazonaws.com', ['DescribeParameters'])],
    title: 'AWS Secrets Manager Secrets Or SSM Parameters Listed',
    does: 'lists the secrets or parameters of the account, to find which to read',
    tags: ['attack.discovery', 'attack.credential-access', 'attack.t1555.006'],
    level: 'low',
    falsepositives: ['Consoles and inventory tools listing secrets'],
  },
  {
    id: 'aws-storage-discovery',
    log: 'cloudtrail',
    selections: [
      aws('s3.amazonaws.com', ['ListBuckets', 'ListObjects', 'GetBucketAcl', 'GetBucketPolicy', 'GetObject']),
      // Listing vaults, then the jobs that list and fetch an archive.
      aws('glacier.amazonaws.com', ['ListVaults', 'InitiateJob', 'GetJobOutput']),
      aws('sts.amazonaws.com', ['GetCallerIdentity']),
      aws('iam.amazonaws.com', [
        'ListUsers',
        'ListRoles',
        'GetAccountAuthorizationDetails',
        'ListAccessKeys',
        'ListAttachedUserPolicies',
        'ListUserPolicies',
        'ListGroups',
        'ListGroupsForUser',
        'GetUser',
        'GetAccountSummary',
        'ListAccountAliases',
        'GetAccountPasswordPolicy',
        'ListInstanceProfiles',
      ]),
      // What the account runs and where: regions, instances, the organisation, quotas and spending.
      aws('ec2.amazonaws.com', [
        'DescribeRegions',
        'DescribeInstances',
        'DescribeAccountAttributes',
        'DescribeKeyPairs',
        'DescribeSecurityGroups',
        'DescribeSnapshots',
        'DescribeVolumes',
        'DescribeVpcs',
      ]),
      aws('rds.amazonaws.com', ['DescribeDBInstances']),
      aws('organizations.amazonaws.com', ['DescribeOrganization', 'ListAccounts']),
      aws('servicequotas.amazonaws.com', ['GetServiceQuota', 'ListServiceQuotas']),
      aws('ce.amazonaws.com', ['GetCostAndUsage']),
    ],
    needsScope: true,
    title: 'AWS Identity And Storage Discovery',
    does: 'checks whose keys it holds, lists users, their keys and policies, buckets, objects, Glacier vaults, regions, instances or the organisation, or downloads objects or a vault archive',
    tags: ['attack.discovery', 'attack.t1619'],
    level: 'high',
    falsepositives: ['None expected from the reported addresses; they may have been reassigned since'],
  },
  {
    id: 'aws-compute-started',
    log: 'cloudtrail',
    selections: [
      aws('ec2.amazonaws.com', ['RunInstances', 'StartInstances']),
      aws('lambda.amazonaws.com', ['CreateFunction20150331', 'CreateFunction']),
    ],
    eventProse: {
      RunInstances:
        /\b(?:creat\w*|launch\w*|spun\s+up|spin\w*\s+up|start\w*)\s+(?:\d+\s+|an?\s+|new\s+|several\s+|multiple\s+|(?:dozens|hundreds)\s+of\s+)*(?:(?:EC2|GPU|large|powerful)\s+)*instances\b/i,
    },
    needsScope: true,
    title: 'AWS Compute Instances Or Functions Started',
    does: 'starts instances or functions, as miners do with stolen keys',
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
    selections: [{ field: 'eventType', events: ['system.idp.lifecycle.create', 'system.idp.lifecycle.update'] }],
    prose: /\b(?:add\w*|creat\w*|configur\w*)\s+(?:a\s+|an\s+)?(?:new\s+|malicious\s+|rogue\s+)*(?:identity provider|IdP)\b/i,
    title: 'Okta Identity Provider Created Or Modified',
    does: 'adds or changes an identity provider, so whoever runs it signs in as any user',
    tags: ['attack.persistence', 'attack.t1556.007'],
    level: 'high',
    falsepositives: ['Administrators changing federation'],
  },
  {
    id: 'okta-policy-changed',
    log: 'okta',
    selections: [
      { field: 'eventType', events: ['policy.lifecycle.update', 'policy.lifecycle.delete', 'policy.rule.update', 'policy.rule.delete'] },
    ],
    title: 'Okta Sign-On Policy Or Rule Modified Or Deleted',
    does: 'changes or deletes a sign-on or MFA policy or one of its rules, weakening what a sign-in must pass',
    tags: ['attack.persistence', 'attack.defense-impairment', 'attack.t1556'],
    level: 'medium',
    falsepositives: ['Administrators maintaining policies'],
  },
  {
    id: 'okta-network-zone-changed',
    log: 'okta',
    selections: [{ field: 'eventType', events: ['zone.update', 'zone.deactivate', 'zone.delete'] }],
    title: 'Okta Network Zone Modified, Deactivated Or Deleted',
    does: "changes, deactivates or deletes a network zone, trusting the attacker's addresses or lifting a block list",
    tags: ['attack.defense-impairment', 'attack.t1685'],
    level: 'medium',
    falsepositives: ['Administrators maintaining network zones'],
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
    selections: [
      {
        field: 'eventType',
        events: ['user.session.impersonation.initiate', 'user.session.impersonation.grant', 'user.session.impersonation.extend'],
      },
    ],
    prose: /\bimpersonat\w+\s+(?:a\s+|the\s+)?(?:user|session|administrator)s?\b/i,
    title: 'Okta User Session Impersonation',
    does: 'starts a session impersonating a user, as Okta support staff can',
    tags: ['attack.privilege-escalation', 'attack.t1078.004'],
    level: 'high',
    falsepositives: ['Sanctioned support sessions'],
  },
  ...MORE_CLOUD_BEHAVIOURS,
  ...AWS_MORE_BEHAVIOURS,
  ...AZURE_MORE_BEHAVIOURS,
  ...KUBERNETES_BEHAVIOURS,
  ...M365_BEHAVIOURS,
  ...GCP_BEHAVIOURS,
];
