import { selfTestGenerated } from '../generation/self-test-generated';
import { validateRuleDocument } from '../validate/validate-rule';
import { fidelityCheck } from '../vetting/fidelity';
import { detectionValues } from '../vetting/detection-values';
import { generateBuiltinRules } from './builtin-sigma-agent';
import { reportedRanges } from './cloud-indicators';
import { statedCloudBehaviours } from './cloud-rules';

// AWS intrusion notes written for these tests, in the words such write-ups use. Names, accounts and addresses are
// made up or documentation values.

const article = { title: 'Synthetic AWS intrusion note', url: 'https://notes.example.org/aws-more', date: '2026-11-28' };

const rulesOf = (content: string) =>
  generateBuiltinRules({ article, platform: 'cross-platform', content }).filter((draft) => draft.telemetryClass.startsWith('cloud_'));
const ruleTitled = (content: string, title: string) => rulesOf(content).find((draft) => draft.rule.title === title)?.rule;
const asRecord = (rule: unknown) => rule as Record<string, unknown>;
const behaviourIds = (content: string) => statedCloudBehaviours(content).map(({ behaviour }) => behaviour.id);

/** Every cloud rule of a note is valid, holds only what the note states and fires on the note's own records. */
function expectSound(content: string): void {
  for (const draft of rulesOf(content)) {
    const rule = asRecord(draft.rule);
    expect(validateRuleDocument(rule).findings).toEqual([]);
    expect(fidelityCheck(detectionValues(rule), [content])).toEqual({ ok: true, unsupported_values: [] });
    expect({ title: draft.rule.title, fires: selfTestGenerated(rule, [], content).fires }).toEqual({
      title: draft.rule.title,
      fires: true,
    });
  }
}

describe('the IAM users the intruder created', () => {
  const note = `In AWS CloudTrail the intruder called CreateUser twice, for users named after the pattern \`ops-sync[random digits]\`,
then signed in to the console as them.`;

  it('sweeps the calls made as those users, by the start of their names', () => {
    const acting = ruleTitled(note, 'AWS Activity Of IAM Users Created In Synthetic AWS intrusion note');
    expect(acting?.detection).toEqual({ selection: { 'userIdentity.userName|startswith': 'ops-sync' }, condition: 'selection' });
    expectSound(note);
    // Calls of another user are not theirs.
    expect(selfTestGenerated(asRecord(acting), [], 'In AWS CloudTrail an administrator called CreateUser.').fires).toBe(false);
  });

  it('writes no such rule when the article names no created user', () => {
    const rules = rulesOf('In AWS CloudTrail the intruder called CreateUser and CreateAccessKey.');
    expect(rules.some((draft) => draft.rule.title.startsWith('AWS Activity Of IAM Users'))).toBe(false);
  });
});

describe('request parameters of more AWS calls', () => {
  it('keys an ECS task definition on Fargate when the record says so', () => {
    const note = `In AWS CloudTrail the actor called RegisterTaskDefinition: "requiresCompatibilities": ["FARGATE"], then RunTask.`;
    const ecs = ruleTitled(note, 'AWS ECS Cluster, Task Definition Or Service Created');
    expect(ecs?.detection['selection_1']).toEqual({
      eventSource: 'ecs.amazonaws.com',
      eventName: 'RegisterTaskDefinition',
      'requestParameters.requiresCompatibilities': 'FARGATE',
    });
    expectSound(note);
  });

  it('keys a routine instance change on the user data it replaces', () => {
    const note = `In AWS CloudTrail the intruder called ModifyInstanceAttribute to replace the instance's user data with its loader.`;
    expect(ruleTitled(note, 'AWS Instance Commands Run Or Start-Up Data Changed')?.detection).toEqual({
      selection: { eventSource: 'ec2.amazonaws.com', eventName: 'ModifyInstanceAttribute', 'requestParameters.attribute': 'userData' },
      condition: 'selection',
    });
    expectSound(note);
    // Without the user data it is every administrator's call: no rule.
    expect(
      ruleTitled('In AWS CloudTrail the intruder called ModifyInstanceAttribute.', 'AWS Instance Commands Run Or Start-Up Data Changed'),
    ).toBeUndefined();
  });

  it('keys a launch on the error AWS answered it with, and discovery on EC2 refusing it', () => {
    const note = `In AWS CloudTrail every RunInstances call failed with Client.PendingVerification; DescribeInstances and
DescribeRegions returned Client.UnauthorizedOperation.`;
    expect(ruleTitled(note, 'AWS Compute Instances Or Functions Started')?.detection['selection']).toEqual({
      eventSource: 'ec2.amazonaws.com',
      eventName: 'RunInstances',
      // Every refusal the article states: a launch held back is refused either way.
      errorCode: ['Client.PendingVerification', 'Client.UnauthorizedOperation'],
    });
    expect(ruleTitled(note, 'AWS Identity And Storage Discovery')?.detection['selection']).toEqual({
      eventSource: 'ec2.amazonaws.com',
      eventName: ['DescribeRegions', 'DescribeInstances'],
      errorCode: 'Client.UnauthorizedOperation',
    });
    expectSound(note);
  });

  it('keys object writes only on a key the caller brings', () => {
    const note = `In AWS CloudTrail the actor rewrote every object with PutObject using SSE-C, a customer-provided key AWS never stores.`;
    expect(ruleTitled(note, 'AWS S3 Objects Encrypted With A Customer-Provided Key')?.detection).toEqual({
      selection: {
        eventSource: 's3.amazonaws.com',
        eventName: 'PutObject',
        'requestParameters.x-amz-server-side-encryption-customer-algorithm': 'AES256',
      },
      condition: 'selection',
    });
    expect(
      ruleTitled('In AWS CloudTrail the application called PutObject.', 'AWS S3 Objects Encrypted With A Customer-Provided Key'),
    ).toBeUndefined();
  });
});

describe('more AWS behaviours the article names', () => {
  it('writes a rule for each class it names, with the calls it names', () => {
    const note = `In AWS CloudTrail the intruder called EnableRegion and RequestServiceQuotaIncrease, created a SAML provider with
CreateSAMLProvider, archived the GuardDuty findings with CreateFilter, reset the database password with ModifyDBInstance,
exported an instance with CreateInstanceExportTask and finally called DeleteBucket.`;
    expect(ruleTitled(note, 'AWS Service Quota Increase Requested Or Region Enabled')?.detection).toEqual({
      selection_1: { eventSource: 'servicequotas.amazonaws.com', eventName: 'RequestServiceQuotaIncrease' },
      selection_2: { eventSource: 'account.amazonaws.com', eventName: 'EnableRegion' },
      condition: '1 of selection_*',
    });
    expect(behaviourIds(note)).toEqual(
      expect.arrayContaining([
        'aws-identity-provider-changed',
        'aws-findings-suppressed',
        'aws-database-reset',
        'aws-instance-exported',
        'aws-s3-data-deleted',
      ]),
    );
    expectSound(note);
  });

  it('reads defences turned off, keys scheduled for deletion and snapshots shared from prose', () => {
    const note = `Once inside the AWS account the actor stopped CloudTrail logging, disabled GuardDuty, shared the EBS snapshots
with an external account and scheduled the KMS keys for deletion.`;
    const named = Object.fromEntries(statedCloudBehaviours(note).map(({ behaviour, events }) => [behaviour.id, events]));
    expect(named).toEqual(
      expect.objectContaining({
        'aws-cloudtrail-stopped': ['StopLogging'],
        'aws-security-services-disabled': ['DeleteDetector'],
        'aws-snapshot-shared': ['ModifySnapshotAttribute'],
        'aws-keys-and-backups-destroyed': ['ScheduleKeyDeletion'],
      }),
    );
    expectSound(note);
    // Advice to the reader is no intrusion.
    expect(behaviourIds('Make sure CloudTrail logging and GuardDuty are enabled in every AWS region.')).toEqual([]);
  });
});

describe('address blocks a cloud intrusion reports', () => {
  const note = `In AWS CloudTrail the actor called CreateAccessKey. IOCs: 198.51.100[.]0/24 (address block of the actor), the
security group it opened to 0.0.0.0/0 and the VPC range 10.20.0.0/16.`;

  it('reads public blocks, refanged, never a private range or the whole Internet', () => {
    expect(reportedRanges(note)).toEqual(['198.51.100.0/24']);
  });

  it('sweeps them with cidr in CloudTrail when the article quotes commands, and the rule fires on a call from the block', () => {
    const cmdlines = [
      { value: 'aws sts get-caller-identity', executable: 'aws', evidence: { start: 0, end: 1, text: 'x' }, confidence: 0.9 },
    ];
    const drafts = generateBuiltinRules({ article, platform: 'cross-platform', content: note, cmdlines });
    const sweep = drafts.find((draft) => draft.telemetryClass === 'cloud_indicator');
    expect(sweep?.rule.detection).toEqual({ selection: { 'sourceIPAddress|cidr': ['198.51.100.0/24'] }, condition: 'selection' });
    const rule = asRecord(sweep?.rule);
    expect(validateRuleDocument(rule).findings).toEqual([]);
    expect(fidelityCheck(detectionValues(rule), [note]).ok).toBe(true);
    expect(selfTestGenerated(rule, [], note).fires).toBe(true);
  });
});
