import { selfTestGenerated } from '../generation/self-test-generated';
import { validateRuleDocument } from '../validate/validate-rule';
import { fidelityCheck } from '../vetting/fidelity';
import { detectionValues } from '../vetting/detection-values';
import { generateBuiltinRules } from './builtin-sigma-agent';
import { statedCloudBehaviours } from './cloud-rules';

// Kubernetes, Microsoft 365, Google Cloud and Azure control-plane intrusions written for these tests, in the words
// such write-ups use. None comes from a fixture article.

const article = { title: 'Synthetic cluster and tenant intrusion note', url: 'https://notes.example.org/k8s', date: '2026-11-28' };

const K8S_NOTE = `After exploiting a web application pod running in the Kubernetes cluster, the intruder used the pod's
service account token with kubectl. It ran \`kubectl get secrets -A\`, then \`kubectl exec -it api-7f9 -- /bin/sh\`,
and \`kubectl create clusterrolebinding ops-admin --clusterrole=cluster-admin --serviceaccount=default:default\`.`;

const PRIVILEGED_NOTE = `In the Kubernetes audit log the attacker created a privileged pod with hostPath: / mounted,
running the image minerco/xmr-worker:v2, and deleted the events afterwards with \`kubectl delete events --all\`.`;

const M365_NOTE = `In the Microsoft 365 unified audit log, the intruder ran New-InboxRule -ForwardTo ext@example.net on the
finance mailbox and Set-Mailbox -ForwardingSmtpAddress on the CEO's, then Add-MailboxPermission for a second account.`;

const GCP_NOTE = `With the stolen GCP credentials the actor ran \`gcloud iam service-accounts keys create key.json\`, then
called SetIamPolicy on the project and google.logging.v2.ConfigServiceV2.DeleteSink on the audit sink.`;

const AZURE_NOTE = `In the Azure Activity Log we saw the actor run \`az vm run-command invoke\` on two virtual machines and list
storage keys with Get-AzStorageAccountKey.`;

const ENTRA_SIGNIN_NOTE = `The Entra ID sign-in logs showed password spraying through the resource owner password credentials flow,
then AzureHound collecting the tenant from 203.0.113.80.`;

function cloudRules(content: string) {
  return generateBuiltinRules({ article, platform: 'cross-platform', content }).filter((draft) => draft.telemetryClass === 'cloud_audit');
}

const titlesOf = (content: string) => cloudRules(content).map((draft) => draft.rule.title);
const ruleTitled = (content: string, title: string) => cloudRules(content).find((draft) => draft.rule.title === title)?.rule;

describe('Kubernetes, Microsoft 365, GCP and Azure activity rules', () => {
  it('keys Kubernetes requests on the verb and objectRef fields of the audit log, read from kubectl commands', () => {
    expect(titlesOf(K8S_NOTE).sort()).toEqual([
      'Kubernetes Command Run In A Pod Through The API',
      'Kubernetes Role Binding Created Or Modified',
      'Kubernetes Secrets Listed Or Read',
    ]);
    const exec = ruleTitled(K8S_NOTE, 'Kubernetes Command Run In A Pod Through The API');
    expect(exec?.logsource).toEqual({ product: 'kubernetes', service: 'audit' });
    expect(exec?.detection['selection']).toEqual({ verb: 'create', 'objectRef.resource': 'pods', 'objectRef.subresource': 'exec' });
    expect(ruleTitled(K8S_NOTE, 'Kubernetes Role Binding Created Or Modified')?.detection['selection']).toEqual({
      'objectRef.apiGroup': 'rbac.authorization.k8s.io',
      verb: 'create',
      'objectRef.resource': 'clusterrolebindings',
    });
  });

  it("keys secrets read from inside a pod on the pod's service account", () => {
    expect(ruleTitled(K8S_NOTE, 'Kubernetes Secrets Listed Or Read')?.detection['selection']).toEqual({
      verb: ['list', 'get'],
      'objectRef.resource': 'secrets',
      'user.username|startswith': 'system:serviceaccount:',
    });
    // Read by an administrator's kubectl, the same request is keyed on the request alone.
    const admin = 'During the Kubernetes incident response we saw the intruder run `kubectl get secrets` with a stolen kubeconfig.';
    expect(ruleTitled(admin, 'Kubernetes Secrets Listed Or Read')?.detection['selection']).toEqual({
      verb: ['list', 'get'],
      'objectRef.resource': 'secrets',
    });
  });

  it('writes a pod rule only keyed on what tells the pod apart: its privileges, the node mounted, the image', () => {
    const pod = ruleTitled(PRIVILEGED_NOTE, 'Kubernetes Privileged Or Reported Pod Created');
    expect(pod?.detection).toEqual({
      selection_1: { verb: 'create', 'objectRef.resource': 'pods', 'requestObject.spec.containers.securityContext.privileged': true },
      selection_2: { verb: 'create', 'objectRef.resource': 'pods', 'requestObject.spec.volumes.hostPath.path|exists': true },
      selection_3: { verb: 'create', 'objectRef.resource': 'pods', 'requestObject.spec.containers.image': 'minerco/xmr-worker:v2' },
      condition: '1 of selection_*',
    });
    expect(titlesOf('In the Kubernetes cluster the developer ran `kubectl run web --image=nginx`.')).toEqual([]);
  });

  it('keys M365 operations on Operation and the mail rule on what it does with the mail', () => {
    expect(ruleTitled(M365_NOTE, 'Microsoft 365 Inbox Rule Created Or Modified')?.detection['selection']).toEqual({
      Operation: 'New-InboxRule',
      'Parameters|contains': 'ForwardTo',
    });
    expect(ruleTitled(M365_NOTE, 'Microsoft 365 Mailbox Forwarding Set')?.detection['selection']).toEqual({
      Operation: 'Set-Mailbox',
      'Parameters|contains': ['ForwardingSmtpAddress', 'ForwardingAddress'],
    });
    expect(ruleTitled(M365_NOTE, 'Microsoft 365 Mailbox Or Folder Permission Granted')?.logsource).toEqual({
      product: 'm365',
      service: 'audit',
    });
  });

  it('keys GCP methods on gcp.audit.method_name, read from the gcloud command or the method named', () => {
    expect(titlesOf(GCP_NOTE).sort()).toEqual([
      'GCP IAM Policy Changed',
      'GCP Logging Sink Deleted Or Modified',
      'GCP Service Account Key Created',
    ]);
    expect(ruleTitled(GCP_NOTE, 'GCP Service Account Key Created')?.detection['selection']).toEqual({
      'gcp.audit.method_name': 'google.iam.admin.v1.CreateServiceAccountKey',
    });
    expect(ruleTitled(GCP_NOTE, 'GCP Service Account Key Created')?.logsource).toEqual({ product: 'gcp', service: 'gcp.audit' });
  });

  it('keys Azure control-plane operations on the activity log operationName', () => {
    expect(ruleTitled(AZURE_NOTE, 'Azure Virtual Machine Run Command Or Extension Used')?.detection['selection']).toEqual({
      operationName: 'MICROSOFT.COMPUTE/VIRTUALMACHINES/RUNCOMMAND/ACTION',
    });
    expect(ruleTitled(AZURE_NOTE, 'Azure Storage Or AI Service Account Keys Listed')?.logsource).toEqual({
      product: 'azure',
      service: 'activitylogs',
    });
  });

  it('keys Entra ID sign-ins on the ROPC flow and on the user agent of the tooling the article names', () => {
    expect(ruleTitled(ENTRA_SIGNIN_NOTE, 'Entra ID Sign-In Through The ROPC Flow')?.detection['selection']).toEqual({
      'properties.message': 'ROPC',
    });
    expect(ruleTitled(ENTRA_SIGNIN_NOTE, 'Entra ID Sign-In By Attack Tooling')?.detection['selection']).toEqual({
      'userAgent|contains': 'azurehound',
    });
  });

  it.each([
    ['Entra ID sign-in', ENTRA_SIGNIN_NOTE],
    ['Kubernetes', K8S_NOTE],
    ['privileged pod', PRIVILEGED_NOTE],
    ['M365', M365_NOTE],
    ['GCP', GCP_NOTE],
    ['Azure activity', AZURE_NOTE],
  ])('every %s rule is valid, backed by the text, and fires on the audit records the article describes', (_, content) => {
    const drafts = cloudRules(content);
    expect(drafts.length).toBeGreaterThan(1);
    for (const draft of drafts) {
      const rule = draft.rule as unknown as Record<string, unknown>;
      expect(validateRuleDocument(rule).findings).toEqual([]);
      expect(fidelityCheck(detectionValues(rule), [content])).toEqual({ ok: true, unsupported_values: [] });
      expect(selfTestGenerated(rule, [], content).fires).toBe(true);
    }
  });

  it("does not fire on another request's or another product's records", () => {
    const exec = ruleTitled(K8S_NOTE, 'Kubernetes Command Run In A Pod Through The API') as unknown as Record<string, unknown>;
    expect(selfTestGenerated(exec, [], 'In the Kubernetes cluster the intruder ran `kubectl port-forward svc/db 5432`.').fires).toBe(false);
    const inbox = ruleTitled(M365_NOTE, 'Microsoft 365 Inbox Rule Created Or Modified') as unknown as Record<string, unknown>;
    expect(selfTestGenerated(inbox, [], 'In Office 365 the user ran New-InboxRule -MarkAsRead for newsletters.').fires).toBe(false);
    expect(selfTestGenerated(inbox, [], GCP_NOTE).fires).toBe(false);
  });

  it('reads requests, operations and methods only in an article about the product, and not where the text says they did not happen', () => {
    expect(statedCloudBehaviours('The script runs `get secrets` on its vault and then New-InboxRule in its own mail tool.')).toEqual([]);
    expect(statedCloudBehaviours('In the Kubernetes cluster we found no sign of kubectl exec.')).toEqual([]);
    expect(
      statedCloudBehaviours('The AWS keys were used to call CreateServiceAccountKey-like APIs.').map(({ behaviour }) => behaviour.id),
    ).toEqual([]);
  });
});
