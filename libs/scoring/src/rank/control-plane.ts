/**
 * Cloud and identity control-plane activity an article names: CloudTrail and GCP audit event names
 * (`GetSecretValue`, `ListBuckets`, `sts:AssumeRole`), IAM actions, Entra ID audit operations ("Consent to
 * application") and Okta system-log event types (`user.session.start`). An intrusion in a cloud account
 * leaves no command line or registry key; these names are what a hunter searches its logs for, so they
 * are concrete material for the rank like a command line is. Pure text matching, no I/O.
 */

// `service:Action` as IAM policies and Datadog/Sysdig write-ups name API calls: `ec2:RunInstances`, `iam:CreateUser`.
const IAM_ACTION =
  /\b(?:sts|iam|s3|ec2|ses|sns|sqs|kms|lambda|secretsmanager|ssm|organizations|cloudtrail|guardduty|glacier|ecs|eks|ecr|rds|logs|bedrock|sso|identitystore|dynamodb|route53|cloudformation|config|account)\s*:\s*([A-Z][a-z]+[A-Z][A-Za-z]+)\b/g;

// A CloudTrail / GCP audit event name: an API verb and a noun in one CamelCase word (`GetSecretValue`).
const API_VERBS =
  'Get|List|Describe|Create|Delete|Put|Update|Attach|Detach|Assume|Run|Start|Stop|Modify|Authorize|Revoke|Disable|Enable|Generate|Send|Set|Add|Remove|Decrypt|Invoke|Reset|Register|Deregister|Import|Export|Upload|Download|Copy|Restore|Console|Switch|Associate|Disassociate|Terminate|Leave|Retrieve|Batch';
const EVENT_NAME = new RegExp(`\\b(?:${API_VERBS})(?:[A-Z][a-z0-9]+){1,5}\\b`, 'g');
// Event names only count in a text about a cloud provider's logs; elsewhere `GetProcAddress` is an API call of a program.
const CLOUD_CONTEXT =
  /\b(?:CloudTrail|eventName|eventSource|AWS|Amazon Web Services|GuardDuty|Azure|Entra|Microsoft 365|M365|Okta|GCP|Google Cloud|IAM)\b/;
// Windows and POSIX API names that look like event names but are calls inside a program.
const PROGRAM_APIS =
  /^(?:GetProcAddress|GetModuleHandle\w*|CreateRemoteThread\w*|CreateProcess\w*|CreateFile\w*|CreateThread|CreateMutex\w*|CreateService\w*|StartService\w*|OpenProcess|GetTickCount\w*|GetSystemInfo|GetComputerName\w*|GetUserName\w*|DeleteFile\w*|CopyFile\w*|SetWindowsHook\w*|SetFileAttributes\w*|GetLastError|GetCurrentProcess\w*|ListView\w*|StartUp\w*|SetUp\w*|RunTime\w*)$/;

// Entra ID (Azure AD) audit operations and Okta event types, as the logs spell them.
const ENTRA_OPERATIONS =
  /\b(?:Consent to application|Add app role assignment (?:grant )?to (?:user|service principal)|Add service principal(?: credentials)?|Add delegated permission grant|Add OAuth2PermissionGrant|Update application(?: . Certificates and secrets management)?|Add member to role|Add owner to (?:application|service principal)|Set domain authentication|Set federation settings on domain|Add unverified domain|Register device|User registered security info|Reset user password|Update StsRefreshTokenValidFrom Timestamp|New-InboxRule|Set-InboxRule|UpdateInboxRules|MailItemsAccessed|Add-MailboxPermission)\b/g;
const OKTA_EVENT =
  /\b(?:user|app|system|policy|group|application|security)\.(?:session|authentication|mfa|account|lifecycle|oauth2|api_token|factor|import|idp|generic|user_membership|threat|rule|push|credential|auth)(?:\.[a-z_]+){1,3}\b/g;

/** The distinct control-plane activity names of a text, in order of first appearance. */
export function controlPlaneActivity(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(IAM_ACTION)) found.add(m[1] as string);
  if (CLOUD_CONTEXT.test(text)) {
    for (const m of text.matchAll(EVENT_NAME)) if (!PROGRAM_APIS.test(m[0])) found.add(m[0]);
    for (const m of text.matchAll(OKTA_EVENT)) if (/okta/i.test(text)) found.add(m[0]);
  }
  for (const m of text.matchAll(ENTRA_OPERATIONS)) found.add(m[0]);
  return [...found];
}
