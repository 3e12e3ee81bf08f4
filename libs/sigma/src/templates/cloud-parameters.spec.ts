import { selfTestGenerated } from '../generation/self-test-generated';
import { validateRuleDocument } from '../validate/validate-rule';
import { fidelityCheck } from '../vetting/fidelity';
import { detectionValues } from '../vetting/detection-values';
import { generateBuiltinRules } from './builtin-sigma-agent';
import { reportedUserAgents } from './cloud-indicators';
import { statedCloudBehaviours } from './cloud-rules';

// Cloud intrusion notes written for these tests, in the words and record excerpts such write-ups use. None comes
// from a fixture article; account numbers, names and addresses are made up or documentation ranges.

const article = { title: 'Synthetic cloud parameters note', url: 'https://notes.example.org/cloud-parameters', date: '2026-11-28' };
const evidence = { start: 0, end: 1, text: 'x' };
const ip = (value: string) => ({ value, kind: 'ipv4' as const, evidence, confidence: 0.9 });

const rulesOf = (content: string, ips: string[] = []) =>
  generateBuiltinRules({ article, platform: 'cross-platform', content, network: ips.map(ip) }).filter((draft) =>
    draft.telemetryClass.startsWith('cloud_'),
  );
const ruleTitled = (content: string, title: string) => rulesOf(content).find((draft) => draft.rule.title === title)?.rule;
const asRecord = (rule: unknown) => rule as Record<string, unknown>;

const BACKDOOR_NOTE = `In AWS CloudTrail the intruder's session created a role named \`ops-audit\` that the attacker-controlled
account 444455556666 may assume, then switched to it from there:

"eventName": "CreateRole", "requestParameters": {"roleName": "ops-audit", "assumeRolePolicyDocument": "{...}"}
"eventName": "SwitchRole", "additionalEventData": {"SwitchFrom": "arn:aws:iam::444455556666:user/ops"}

It then called CreateUser; the request read "requestParameters": {"userName": "svc-backup2"}. The example account
123456789012 in the AWS documentation is not theirs.`;

const DISCOVERY_NOTE = `With a long-term AWS access key (AKIA) the actor called ListBuckets and ListVaults in every region, most of
them failing with AccessDenied; then the Initiate Job API for the one vault it could read. We did not observe any
GetSecretValue call, though it called ListSecrets.`;

describe('cloud rules keyed on what the article states about the call', () => {
  it("keys a created user or role on its name and a trust or a role switch on the intruder's account", () => {
    const role = ruleTitled(BACKDOOR_NOTE, 'AWS IAM Role Created Or Its Trust Policy Changed');
    expect(role?.detection).toEqual({
      selection_1: { eventSource: 'iam.amazonaws.com', eventName: 'CreateRole', 'requestParameters.roleName': 'ops-audit' },
      selection_2: {
        eventSource: 'iam.amazonaws.com',
        eventName: ['UpdateAssumeRolePolicy', 'CreateRole'],
        'requestParameters.assumeRolePolicyDocument|contains': '444455556666',
      },
      condition: '1 of selection_*',
    });
    expect(ruleTitled(BACKDOOR_NOTE, 'AWS Console Role Switch')?.detection['selection']).toEqual({
      eventSource: 'signin.amazonaws.com',
      eventName: 'SwitchRole',
      'additionalEventData.SwitchFrom|contains': '444455556666',
    });
    expect(ruleTitled(BACKDOOR_NOTE, 'AWS IAM User Created')?.detection['selection']).toEqual({
      eventSource: 'iam.amazonaws.com',
      eventName: 'CreateUser',
      'requestParameters.userName': 'svc-backup2',
    });
    for (const draft of rulesOf(BACKDOOR_NOTE)) {
      const rule = asRecord(draft.rule);
      expect(validateRuleDocument(rule).findings).toEqual([]);
      expect(fidelityCheck(detectionValues(rule), [BACKDOOR_NOTE])).toEqual({ ok: true, unsupported_values: [] });
      expect(selfTestGenerated(rule, [], BACKDOOR_NOTE).fires).toBe(true);
    }
    // Another account's switch is not the intruder's.
    const switched = asRecord(ruleTitled(BACKDOOR_NOTE, 'AWS Console Role Switch'));
    expect(selfTestGenerated(switched, [], 'In AWS CloudTrail an administrator called SwitchRole.').fires).toBe(false);
  });

  it('reads a pattern of names as the start they share', () => {
    const note = `In AWS CloudTrail the intruder called CreateUser three times.

| Indicator | Type |
| --- | --- |
| \`ops_tmp[random digits]\` | IAM user name |`;
    const rule = ruleTitled(note, 'AWS IAM User Created');
    expect(rule?.detection['selection']).toEqual({
      eventSource: 'iam.amazonaws.com',
      eventName: 'CreateUser',
      'requestParameters.userName|startswith': 'ops_tmp',
    });
    expect(selfTestGenerated(asRecord(rule), [], note).fires).toBe(true);
  });

  it('keys routine discovery on a long-term key or a denial, and leaves out the calls the article says did not happen', () => {
    const stated = statedCloudBehaviours(DISCOVERY_NOTE).map(({ behaviour, events }) => [behaviour.id, events]);
    expect(stated).toEqual(
      expect.arrayContaining([
        ['aws-secrets-listed', ['ListSecrets']],
        ['aws-storage-discovery', ['ListBuckets', 'ListVaults', 'InitiateJob']],
      ]),
    );
    expect(stated.map(([id]) => id)).not.toContain('aws-secrets-read');
    const discovery = ruleTitled(DISCOVERY_NOTE, 'AWS Identity And Storage Discovery');
    expect(discovery?.detection).toEqual({
      selection_1: { eventSource: 's3.amazonaws.com', eventName: 'ListBuckets', 'userIdentity.accessKeyId|startswith': 'AKIA' },
      selection_2: { eventSource: 's3.amazonaws.com', eventName: 'ListBuckets', errorCode: 'AccessDenied' },
      selection_3: {
        eventSource: 'glacier.amazonaws.com',
        eventName: ['ListVaults', 'InitiateJob'],
        'userIdentity.accessKeyId|startswith': 'AKIA',
      },
      selection_4: { eventSource: 'glacier.amazonaws.com', eventName: ['ListVaults', 'InitiateJob'], errorCode: 'AccessDenied' },
      condition: '1 of selection_*',
    });
    expect(selfTestGenerated(asRecord(discovery), [], DISCOVERY_NOTE).fires).toBe(true);
    // The same calls from temporary credentials that succeed are every account's.
    expect(selfTestGenerated(asRecord(discovery), [], 'In AWS CloudTrail a pipeline called ListBuckets and ListVaults.').fires).toBe(false);
  });

  it('reads one call from prose that shows it, not every call of the behaviour', () => {
    const note = 'With the AWS keys of the node role the actor went on stealing secrets from Secrets Manager.';
    expect(ruleTitled(note, 'AWS Secrets Manager Secrets Or SSM Parameters Read')?.detection['selection']).toEqual({
      eventSource: 'secretsmanager.amazonaws.com',
      // The call and its batch form (one action under two names), not ListSecrets nor SSM's parameters.
      eventName: ['GetSecretValue', 'BatchGetSecretValue'],
    });
    const profile = 'In AWS, watch for creation or modification of a login profile: the intruder called CreateLoginProfile.';
    expect(ruleTitled(profile, 'AWS IAM Console Password Created, Changed Or Deleted')?.detection['selection']).toEqual({
      eventSource: 'iam.amazonaws.com',
      eventName: ['CreateLoginProfile', 'UpdateLoginProfile'],
    });
  });

  it('reads an event name that is an ordinary word only as the call', () => {
    expect(rulesOf('AWS customers publish their findings. Publish them in CloudTrail Lake.').length).toBe(0);
    const note = 'With the stolen AWS keys the smisher called sns:Publish to send SMS to thousands of phone numbers.';
    const sns = ruleTitled(note, 'AWS SNS Messages Published Or SMS Settings Changed');
    expect(sns?.detection['selection']).toEqual({
      eventSource: 'sns.amazonaws.com',
      eventName: 'Publish',
      'requestParameters.phoneNumber|exists': true,
    });
    expect(validateRuleDocument(asRecord(sns)).findings).toEqual([]);
    expect(selfTestGenerated(asRecord(sns), [], note).fires).toBe(true);
  });

  it('keys a launch on hundreds of instances at once, and a console sign-in on a missing MFA the record shows', () => {
    const launch = 'In AWS CloudTrail: "eventName": "RunInstances", "requestParameters": {"instancesSet": {"items": [{"minCount": 250}]}}';
    const compute = ruleTitled(launch, 'AWS Compute Instances Or Functions Started');
    expect(compute?.detection['selection']).toEqual({
      eventSource: 'ec2.amazonaws.com',
      eventName: 'RunInstances',
      'requestParameters.instancesSet.items.minCount|gte': 100,
    });
    expect(selfTestGenerated(asRecord(compute), [], launch).fires).toBe(true);
    expect(ruleTitled(launch.replace('250', '2'), 'AWS Compute Instances Or Functions Started')).toBeUndefined();

    const signin = 'In AWS CloudTrail: "eventName":"ConsoleLogin", "additionalEventData":{"MFAUsed":"No"}';
    const console = ruleTitled(signin, 'AWS Console Sign-In Without MFA Or As A Federated User');
    expect(console?.detection['selection']).toEqual({
      eventSource: 'signin.amazonaws.com',
      eventName: 'ConsoleLogin',
      'additionalEventData.MFAUsed': 'No',
    });
    expect(selfTestGenerated(asRecord(console), [], signin).fires).toBe(true);
    // A vendor rule's name is no sign-in the intruder made.
    expect(
      ruleTitled('AWS detections: AWS console login without MFA. The user then called ConsoleLogin.', console?.title ?? ''),
    ).toBeUndefined();
  });

  it('keys an attached managed policy on the end of its ARN, and a task definition on the large CPU its record asks', () => {
    const note = `In AWS CloudTrail the intruder called AttachUserPolicy with "policyArn": "arn:aws:iam::aws:policy/AdministratorAccess",
then RegisterTaskDefinition with "cpu": "8192" for its workers and "cpu": "256" for a log shipper.`;
    expect(ruleTitled(note, 'AWS IAM Permissions Granted To A User, Role Or Group')?.detection['selection']).toEqual({
      eventSource: 'iam.amazonaws.com',
      eventName: 'AttachUserPolicy',
      'requestParameters.policyArn|endswith': '/AdministratorAccess',
    });
    const ecs = ruleTitled(note, 'AWS ECS Cluster, Task Definition Or Service Created');
    expect(ecs?.detection['selection_1']).toEqual({
      eventSource: 'ecs.amazonaws.com',
      eventName: 'RegisterTaskDefinition',
      'requestParameters.cpu': 8192,
    });
    expect(selfTestGenerated(asRecord(ecs), [], note).fires).toBe(true);
    // A small task is every service's.
    expect(
      selfTestGenerated(asRecord(ecs), [], 'In AWS CloudTrail a pipeline called RegisterTaskDefinition with "cpu": "256".').fires,
    ).toBe(false);
  });

  it('keys a call named in one API version in the other too, and no other call of the behaviour', () => {
    const note = 'In AWS CloudTrail the stolen key called GetSendQuota, then sent mail for an hour.';
    const recon = ruleTitled(note, 'AWS SES Or SNS Sending Capacity Checked');
    expect(recon?.detection['selection']).toEqual({ eventSource: 'ses.amazonaws.com', eventName: ['GetSendQuota', 'GetAccount'] });
    expect(selfTestGenerated(asRecord(recon), [], note).fired_on).toEqual(['cloud: GetSendQuota']);
    // An SES v2 client checking its quota is the same step.
    expect(selfTestGenerated(asRecord(recon), [], 'In AWS CloudTrail the key called GetAccount on SES.').fires).toBe(true);
  });

  it("reads Lambda's calls without their API version, and a root session's credential changes", () => {
    const lambda = 'In AWS CloudTrail the intruder called UpdateFunctionCode on the billing function.';
    expect(ruleTitled(lambda, 'AWS Lambda Function Code, Permission Or Public URL Changed')?.detection['selection']).toEqual({
      eventSource: 'lambda.amazonaws.com',
      eventName: ['AddPermission20150331v2', 'UpdateFunctionCode20150331v2'],
    });
    const root = 'Through AWS STS AssumeRoot the intruder took a root session and called CreateLoginProfile for the root user.';
    const profile = ruleTitled(root, 'AWS IAM Console Password Created, Changed Or Deleted');
    expect(profile?.detection['selection']).toEqual({
      eventSource: 'iam.amazonaws.com',
      // UpdateLoginProfile sets the same console password when the profile already existed.
      eventName: ['CreateLoginProfile', 'UpdateLoginProfile'],
      'userIdentity.type': 'Root',
    });
    expect(selfTestGenerated(asRecord(profile), [], root).fires).toBe(true);
  });

  it('keys an Okta sign-in only on a failure or a proxy the article states', () => {
    expect(
      ruleTitled('In the Okta System Log we saw user.session.start for the admin.', 'Okta Sign-In Failed Or Through An Anonymising Proxy'),
    ).toBe(undefined);
    const note = 'The Okta System Log held hundreds of user.session.start events with outcome FAILURE from anonymizing proxies.';
    const session = ruleTitled(note, 'Okta Sign-In Failed Or Through An Anonymising Proxy');
    expect(session?.detection).toEqual({
      selection_1: { eventType: 'user.session.start', 'outcome.result': 'FAILURE' },
      selection_2: { eventType: 'user.session.start', 'securityContext.isProxy': 'true' },
      condition: '1 of selection_*',
    });
    expect(selfTestGenerated(asRecord(session), [], note).fires).toBe(true);
  });
});

describe('user agents of the intruder tooling', () => {
  it('keeps the distinctive products and leaves browsers, SDKs and generic HTTP libraries out', () => {
    const note = `The calls came with the user agent \`python-requests/2.31.0 cloudgrab/1.4\`, later
Boto3/1.34.0 md/Botocore#1.34.0 ua/2.0 and Mozilla/5.0 (Windows NT 10.0) Chrome/131.0.0.0; see arn:aws:iam::<ACCOUNT>:user/<IAM USER>.`;
    expect(reportedUserAgents(note)).toEqual(['cloudgrab']);
    expect(reportedUserAgents('Versions: cloudgrab/1.4 without a word on agents.')).toEqual([]);
  });

  it('sweeps them in CloudTrail beside the addresses', () => {
    const note = `In AWS CloudTrail the actor called ListBuckets from 198.51.100.30 with the user agent cloudgrab/1.4.`;
    const sweep = rulesOf(note, ['198.51.100.30']).find((draft) => draft.telemetryClass === 'cloud_indicator');
    expect(sweep?.rule.detection).toEqual({
      selection_address: { sourceIPAddress: ['198.51.100.30'] },
      selection_agent: { 'userAgent|contains': ['cloudgrab'] },
      condition: '1 of selection_*',
    });
    expect(fidelityCheck(detectionValues(asRecord(sweep?.rule)), [note, '198.51.100.30']).ok).toBe(true);
  });

  it('sweeps the access key ids the article reports, never the documentation example', () => {
    const note = `In AWS CloudTrail the ListBuckets calls from 198.51.100.31 were signed with AKIA2QWERTYUIOPASDF7, not AKIAIOSFODNN7EXAMPLE.`;
    const sweep = rulesOf(note, ['198.51.100.31']).find((draft) => draft.telemetryClass === 'cloud_indicator');
    expect(sweep?.rule.detection).toEqual({
      selection_address: { sourceIPAddress: ['198.51.100.31'] },
      selection_key: { 'userIdentity.accessKeyId': ['AKIA2QWERTYUIOPASDF7'] },
      condition: '1 of selection_*',
    });
  });
});
