import type { ParameterModifier, ParameterReading, ParameterValue, RequestParameter } from './cloud-parameter';
import { WORKLOAD_PARAMETERS } from './cloud-parameters-workloads';
import { CLOUD_BEHAVIOURS } from './cloud-behaviours';

export type { ParameterModifier, ParameterReading, ParameterValue, RequestParameter } from './cloud-parameter';

const unique = <T>(values: T[]): T[] => [...new Set(values)];
const groups = (content: string, pattern: RegExp): string[] => [...content.matchAll(pattern)].map((match) => match[1] as string);
const eq = (values: ParameterValue[]): ParameterReading | null => (values.length > 0 ? { values: unique(values) } : null);
const constant =
  (pattern: RegExp, value: ParameterValue, modifier?: ParameterModifier) =>
  (content: string): ParameterReading | null =>
    pattern.test(content) ? { ...(modifier ? { modifier } : {}), values: [value] } : null;

// EC2 instance sizes as AWS names them: a family (c5, r5a, g4dn, inf1, p4de) and a size.
const INSTANCE_TYPE = /(?<![\w.-])([a-z]{1,4}\d[a-z0-9-]*\.(?:nano|micro|small|medium|\d*xlarge|large|metal(?:-\d+xl)?))(?![\w.-])/g;
// A container image with its tag (`owner/name:tag`, a registry host before it), never a URL or a path.
const CONTAINER_IMAGE =
  /(?<![\w./:@-])((?=[a-z0-9.-]*[a-z])(?:[a-z0-9][a-z0-9.-]*\/){1,2}[a-z0-9][a-z0-9._-]*:[A-Za-z0-9][\w.-]{0,127})(?![\w./:@-])/g;
// AWS-managed policies that grant everything or a whole service, with the ARN prefix when the article writes it.
const MANAGED_POLICY =
  /(?<![\w/-])(arn:aws:iam::aws:policy\/)?((?:[A-Z][A-Za-z0-9]*)?(?:AdministratorAccess|FullAccess|PowerUserAccess))(?![\w-])/g;
// The task policies an STS AssumeRoot session is limited to (AWS's root-task managed policies).
const ROOT_TASK_POLICY =
  /\b(IAMAuditRootUserCredentials|IAMCreateRootUserPassword|IAMDeleteRootUserCredentials|S3UnlockBucketPolicy|SQSUnlockQueuePolicy)\b/g;
// Documentation and placeholder account numbers, never an intruder's.
const PLACEHOLDER_ACCOUNTS = new Set(['123456789012', '012345678901', '111122223333', '111111111111', '000000000000', '999999999999']);
// An account the article says is the intruder's: in a role's trust policy (Principal AWS) or named as theirs.
const INTRUDER_ACCOUNT = [
  /"AWS"\s*:\s*\[?\s*"(?:arn:aws:iam::)?(\d{12})\b/g,
  /\b(?:attacker|actor|adversary|malicious|rogue|external|their own)[^.]{0,60}?\baccount(?:\s+(?:id|number))?\b[^.\d]{0,30}?(\d{12})(?!\d)/gi,
];
// A placeholder where the article leaves part of a name out: `aws_dev[random digits]`, `aws-cli<random>`.
const NAME_PATTERN = /^([\w.@+=,-]+?)(?:\[[^\]]*\]|<[^>]*>)$/;
const PLACEHOLDER_NAME = /^<.*>$|^\[.*\]$|redacted|example|^x+$/i;

/**
 * Names the article gives what the intruder created: exact names, or the fixed start of a pattern
 * (`aws-cli[random string]` is any name starting `aws-cli`), compared as a prefix.
 */
function createdNames(raw: string[]): ParameterReading | null {
  const names = unique(raw.map((name) => name.trim()).filter((name) => name !== '' && !PLACEHOLDER_NAME.test(name)));
  const prefixes = names.flatMap((name) => NAME_PATTERN.exec(name)?.[1] ?? []);
  if (prefixes.length > 0 && prefixes.length === names.length) return { modifier: 'startswith', values: unique(prefixes) };
  return eq(names.filter((name) => !NAME_PATTERN.test(name)));
}

// Users the intruder created: the request of a call that made one, a table row typed as an IAM user name, or prose
// that names a created user (`one of the users created was called "x"`, `named after the pattern x[random]`).
const CREATED_USER = [
  /"requestParameters"\s*:\s*\{[^{}]*?"userName"\s*:\s*"([^"]+)"/g,
  /^\|\s*`?([\w.@+=,-]+(?:\[[^\]|]*\])?)`?\s*\|\s*IAM user(?:\s*name)?\s*\|/gim,
  /\busers?\b[^.\n]{0,40}?\b(?:called|named)\s+(?:after\s+the\s+pattern\s+)?[`"']([\w.@+=,-]+(?:\[[^\]]*\])?)[`"']/gi,
  /\bIAM\s?user,?\s+[`"']([\w.@+=,-]+)[`"']/g,
];
const CREATED_ROLE = [
  /"requestParameters"\s*:\s*\{[^{}]*?"roleName"\s*:\s*"([^"]+)"/g,
  /\brole\s+(?:named|called)\s+[`"']([\w.@+=,-]+)[`"']/gi,
];

// Discovery calls every account makes all day (the storage-discovery behaviour's, and S3's second listing call):
// worth keying only from a long-term key or where they were denied.
const DISCOVERY_CALLS = [
  ...(CLOUD_BEHAVIOURS.find((behaviour) => behaviour.id === 'aws-storage-discovery')?.selections ?? []).flatMap(
    (selection) => selection.events,
  ),
  'ListObjectsV2',
];

// The calls that start compute, which AWS refuses while an account is being verified or short of quota.
const LAUNCH_CALLS = ['RunInstances', 'CreateFunction20150331', 'CreateFunction'];

// The calls that change a user's credentials or MFA, or unlock a resource policy: a root session's tasks.
const ROOT_CREDENTIAL_CALLS = [
  'CreateAccessKey',
  'CreateLoginProfile',
  'UpdateLoginProfile',
  'DeleteLoginProfile',
  'DeactivateMFADevice',
  'DeleteVirtualMFADevice',
  'DeleteBucketPolicy',
];

// A task of 4 vCPU or more (1024 units a vCPU): what a miner asks for, not a web service's sidecar.
const LARGE_TASK_CPU = 4096;

// The sizes of the common families (m5, r5, c5a...) from 4xlarge up: a miner on stolen keys asks for the largest.
const LARGE_SIZES = ['4xlarge', '8xlarge', '12xlarge', '16xlarge', '24xlarge', 'metal'];

/**
 * The instance types the article states as the rule keys them: a large size (4xlarge and up, or bare metal) is the
 * behaviour whatever the family, so the rule keys on the end of the type, that size and every larger one; smaller
 * types (a GPU family's xlarge) are keyed whole, the family being what tells.
 */
function instanceSizes(types: string[]): ParameterReading | null {
  const ladder = types.map((type) => LARGE_SIZES.indexOf(type.split('.')[1]?.replace(/-\d+xl$/, '') ?? '')).filter((at) => at >= 0);
  if (ladder.length > 0) return { modifier: 'endswith', values: LARGE_SIZES.slice(Math.min(...ladder)).map((size) => `.${size}`) };
  return eq(types);
}

/** The order of magnitude under a count (500 instances in one call: 100 or more is the behaviour). */
const magnitude = (count: number): number => 10 ** Math.floor(Math.log10(count));

export const REQUEST_PARAMETERS: readonly RequestParameter[] = [
  {
    events: ['AttachUserPolicy', 'AttachRolePolicy', 'AttachGroupPolicy'],
    field: 'requestParameters.policyArn',
    // The end of the ARN CloudTrail records (`/AdministratorAccess`: the name whole, not AdministratorAccess-Amplify),
    // as SigmaHQ keys it, whether or not the article writes the ARN: the policy is its name, whatever path it has.
    read: (content) => {
      const names = unique([...content.matchAll(MANAGED_POLICY)].map((match) => `/${match[2] as string}`));
      return names.length > 0 ? { modifier: 'endswith', values: names } : null;
    },
    alone: true,
    recorded: (value) => `arn:aws:iam::aws:policy${String(value)}`,
  },
  {
    events: ['AssumeRoot'],
    field: 'requestParameters.taskPolicyArn',
    read: (content) => {
      const names = unique(groups(content, ROOT_TASK_POLICY));
      return names.length > 0 ? { modifier: 'contains', values: names } : null;
    },
    alone: true,
    recorded: (value) => `arn:aws:iam::aws:policy/root-task/${String(value)}`,
  },
  {
    events: ['RunInstances'],
    field: 'requestParameters.instanceType',
    read: (content) => instanceSizes(groups(content, INSTANCE_TYPE)),
    alone: true,
  },
  {
    events: ['RunInstances'],
    field: 'requestParameters.instancesSet.items.minCount',
    // Hundreds of instances asked for in one call, as the article's record shows.
    read: (content) => {
      const most = Math.max(0, ...groups(content, /"minCount"\s*:\s*(\d+)/g).map(Number));
      return most >= 10 ? { modifier: 'gte', values: [magnitude(most)] } : null;
    },
  },
  {
    events: ['AuthorizeSecurityGroupIngress'],
    field: 'requestParameters.ipPermissions.items.ipRanges.items.cidrIp',
    read: (content) => eq(groups(content, /(?<![\d.])(0\.0\.0\.0\/0)(?!\d)/g)),
  },
  {
    events: ['RegisterTaskDefinition'],
    field: 'requestParameters.containerDefinitions.image',
    read: (content) => eq(groups(content, CONTAINER_IMAGE)),
  },
  {
    events: ['RegisterTaskDefinition'],
    field: 'requestParameters.requiresCompatibilities',
    // Tasks for Fargate, the serverless compute a miner on stolen keys needs no instance for.
    read: constant(
      /"requiresCompatibilities"\s*:\s*\[?\s*"FARGATE"|--requires-compatibilities\s+FARGATE\b|\b(?:ECS\s+(?:on\s+)?)?Fargate\s+(?:clusters?|tasks?|containers?)\b/,
      'FARGATE',
    ),
  },
  {
    events: ['RegisterTaskDefinition'],
    field: 'requestParameters.cpu',
    // The most CPU a task may have (Fargate's 16 vCPU is 16384 units), as the record states it: a miner's size.
    // The rule compares a number (Sigma's way); CloudTrail writes it as a string, as the synthetic record does.
    read: (content) =>
      eq(
        groups(content, /"cpu"\s*:\s*"?(\d{4,5})\b/g)
          .map(Number)
          .filter((units) => units >= LARGE_TASK_CPU),
      ),
    recorded: (value) => String(value),
  },
  {
    events: ['PutObject', 'CopyObject'],
    field: 'requestParameters.x-amz-server-side-encryption-customer-algorithm',
    // Objects encrypted with a key the caller sends with each request (SSE-C): the header CloudTrail records.
    read: constant(
      /\bSSE-C\b|\bcustomer[- ]provided\s+(?:encryption\s+)?keys?\b|x-amz-server-side-encryption-customer-algorithm/i,
      'AES256',
    ),
    alone: true,
  },
  {
    events: ['ModifyInstanceAttribute'],
    field: 'requestParameters.attribute',
    // The start-up script an instance runs as root at its next boot: a backdoor or a miner's launcher.
    read: constant(/\buser[- ]?data\b|"attribute"\s*:\s*"userData"|--attribute\s+userData\b/i, 'userData'),
  },
  {
    events: ['CreateService', 'RunTask'],
    field: 'requestParameters.networkConfiguration.awsvpcConfiguration.assignPublicIp',
    read: constant(/"assignPublicIp"\s*:\s*"ENABLED"/, 'ENABLED'),
  },
  {
    events: ['CreateUser'],
    field: 'requestParameters.userName',
    read: (content) => createdNames(CREATED_USER.flatMap((p) => groups(content, p))),
  },
  {
    events: ['CreateRole'],
    field: 'requestParameters.roleName',
    read: (content) => createdNames(CREATED_ROLE.flatMap((p) => groups(content, p))),
  },
  {
    events: ['CreateRole', 'UpdateAssumeRolePolicy'],
    field: 'requestParameters.assumeRolePolicyDocument',
    read: (content) => intruderAccounts(content),
  },
  {
    events: ['SwitchRole'],
    field: 'additionalEventData.SwitchFrom',
    // The ARN of the identity switching from the account (`arn:aws:iam::<account>:user/x`): the account in it, as
    // the trust policy's account is compared.
    read: (content) => intruderAccounts(content),
    recorded: (value) => `arn:aws:iam::${String(value)}:user/ops`,
  },
  {
    events: ['ConsoleLogin'],
    field: 'additionalEventData.MFAUsed',
    read: (content) => {
      const written = /"MFAUsed"\s*:\s*"(No|NO)"/.exec(content)?.[1];
      if (written) return { values: [written] };
      // The intruder's sign-in, told (`logged in without MFA`), not a rule's name (`console login without MFA`).
      return /\b(?:logged|signed)\s+in(?:to)?\b[^.\n]{0,40}\bwithout\s+(?:using\s+)?MFA\b/i.test(content) ? { values: ['No'] } : null;
    },
  },
  { events: ['ConsoleLogin'], field: 'userIdentity.arn', read: constant(/:federated-user\//, ':federated-user/', 'contains') },
  {
    events: ROOT_CREDENTIAL_CALLS,
    field: 'userIdentity.type',
    // Credentials and MFA changed from a root session (STS AssumeRoot or the root user): what a root session is for.
    read: constant(/\bAssumeRoot\b|\broot\s+(?:user\s+)?sessions?\b|\buser_?identity\.type\W{1,6}Root\b/i, 'Root'),
  },
  { events: DISCOVERY_CALLS, field: 'userIdentity.accessKeyId', read: constant(/(?<![\w-])AKIA(?![A-Z0-9])/, 'AKIA', 'startswith') },
  {
    events: DISCOVERY_CALLS,
    field: 'errorCode',
    // Discovery denied: the stolen identity feeling out what it may do (EC2 says Client.UnauthorizedOperation).
    read: (content) => eq(groups(content, /(?<![\w.])(AccessDenied|Client\.UnauthorizedOperation)\b/g)),
  },
  {
    events: LAUNCH_CALLS,
    field: 'errorCode',
    // A launch AWS held back: an account under verification, a region not opted in, a quota or a permission short.
    read: (content) =>
      eq(
        groups(
          content,
          /(?<![\w.])(Client\.(?:PendingVerification|OptInRequired|VcpuLimitExceeded|InstanceLimitExceeded|UnauthorizedOperation))\b/g,
        ),
      ),
  },
  {
    events: ['Subscribe'],
    field: 'requestParameters.protocol',
    // A topic's messages sent on to an address outside the account: exfiltration through SNS.
    read: (content) => {
      const written = groups(content, /(?:"protocol"\s*:\s*"|--protocol\s+|protocol\s*=\s*)(email|email-json|sms|https?)\b/gi);
      if (written.length > 0) return eq(written.map((value) => value.toLowerCase()));
      return /\bemail\s+subscriptions?\b|\bsubscrib\w*\s+(?:an?\s+)?(?:external\s+|attacker[- ]controlled\s+)?e-?mail\b/i.test(content)
        ? { values: ['email'] }
        : null;
    },
  },
  {
    events: ['user.session.start', 'user.authentication.sso'],
    field: 'outcome.result',
    read: constant(/\bFAILURE\b|\bfailed\s+(?:sign-?ins?|log-?ins?|logins?|authentications?)\b/, 'FAILURE'),
  },
  {
    events: ['user.session.start', 'user.authentication.sso'],
    field: 'securityContext.isProxy',
    // Okta writes the flag as the string 'true', as SigmaHQ's rule compares it.
    read: constant(/\bis_?proxy\b|\banonymi[sz](?:ing|ed)\s+prox(?:y|ies)\b|\bTor\s+exit\b/i, 'true'),
  },
  {
    events: ['Publish'],
    field: 'requestParameters.phoneNumber',
    // A message published straight to a phone number, not to a topic: SMS sent from the account.
    read: constant(/\b(?:SMS|smishing|text messages?|phone numbers?)\b/i, true, 'exists'),
    recorded: () => '+15555550100',
  },
  ...WORKLOAD_PARAMETERS,
];

/** The accounts the article says are the intruder's, compared as a part of the policy or the ARN that holds them. */
function intruderAccounts(content: string): ParameterReading | null {
  const accounts = unique(INTRUDER_ACCOUNT.flatMap((pattern) => groups(content, pattern))).filter((id) => !PLACEHOLDER_ACCOUNTS.has(id));
  return accounts.length > 0 ? { modifier: 'contains', values: accounts } : null;
}

/** A parameter the article states for one of the calls it names, with the values it states. */
export interface StatedParameter {
  parameter: RequestParameter;
  /** The named calls that carry it. */
  events: string[];
  modifier?: ParameterModifier;
  values: ParameterValue[];
}

/**
 * The parameters an article states for the calls it names; when it names none (only its prose shows the
 * behaviour), those of the behaviour's calls whose values say what they are by themselves.
 */
export function statedParameters(
  content: string | undefined,
  named: readonly string[],
  behaviourEvents: readonly string[] = [],
): StatedParameter[] {
  if (!content) return [];
  const events = named.length > 0 ? named : behaviourEvents;
  return REQUEST_PARAMETERS.flatMap((parameter) => {
    if (named.length === 0 && !parameter.alone) return [];
    const carried = parameter.events.filter((event) => events.includes(event));
    if (carried.length === 0) return [];
    const reading = parameter.read(content);
    return reading ? [{ parameter, events: carried, ...reading }] : [];
  });
}

/** The Sigma field name of a stated parameter, with its modifier. */
export const parameterKey = (stated: Pick<StatedParameter, 'parameter' | 'modifier'>): string =>
  stated.modifier ? `${stated.parameter.field}|${stated.modifier}` : stated.parameter.field;

/** A value a record carries that the rule's value and modifier match. */
function recordedValue(stated: StatedParameter, value: ParameterValue): unknown {
  if (stated.parameter.recorded) return stated.parameter.recorded(value);
  if (stated.modifier === 'startswith') return `${String(value)}01`;
  if (stated.modifier === 'endswith') return `x${String(value)}`;
  if (stated.modifier === 'exists') return 'x';
  return value;
}

/** Sets a dotted path in a record; array levels (`items`) are written as lists of one element, as CloudTrail does. */
function setPath(record: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = record;
  path.forEach((part, index) => {
    if (index === path.length - 1) {
      node[part] = value;
      return;
    }
    if (part === 'items') {
      const list = Array.isArray(node[part]) ? (node[part] as Record<string, unknown>[]) : [{}];
      node[part] = list;
      node = list[0] as Record<string, unknown>;
      return;
    }
    const next = node[part];
    node[part] = next && typeof next === 'object' && !Array.isArray(next) ? { ...(next as object) } : {};
    node = node[part] as Record<string, unknown>;
  });
}

/**
 * A call's record with each stated parameter it carries set at its path, one value of each (the rule lists them
 * all; any one is the call).
 */
export function withParameters(
  record: Record<string, unknown>,
  stated: readonly StatedParameter[],
  event: string,
  pick = 0,
): Record<string, unknown> {
  const out = { ...record };
  for (const parameter of stated.filter(({ events }) => events.includes(event))) {
    const value = parameter.values[Math.min(pick, parameter.values.length - 1)] as ParameterValue;
    setPath(out, parameter.parameter.field.split('.'), recordedValue(parameter, value));
  }
  return out;
}
