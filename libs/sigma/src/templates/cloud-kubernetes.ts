import type { SigmaFieldMap } from '@huntforge/contracts/sigma';
import type { CloudBehaviour, CloudSelection } from './cloud-behaviour';

/**
 * Kubernetes API requests as the audit log records them (audit.k8s.io Event: verb, objectRef.resource,
 * objectRef.subresource, objectRef.apiGroup, user.username), named here `verb resource[/subresource]`
 * (`create pods/exec`), and how an article states them: the kubectl command that makes the request, the request
 * written as the API does (`"get secrets"`, `pods/exec`), or the GKE method name (`io.k8s.core.v1.secrets.list`).
 */
export interface KubernetesRequest {
  verb: string;
  resource: string;
  subresource?: string;
}

export function parseRequest(event: string): KubernetesRequest {
  const [verb = '', path = ''] = event.split(' ');
  const [resource = '', subresource] = path.split('/');
  return { verb, resource, ...(subresource ? { subresource } : {}) };
}

// What kubectl and articles call each resource besides its plural (kubectl's short names and singulars).
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  pods: ['pod', 'po'],
  secrets: ['secret'],
  configmaps: ['configmap', 'cm'],
  namespaces: ['namespace', 'ns'],
  nodes: ['node', 'no'],
  serviceaccounts: ['serviceaccount', 'sa'],
  daemonsets: ['daemonset', 'ds'],
  deployments: ['deployment', 'deploy'],
  cronjobs: ['cronjob', 'cj'],
  jobs: ['job'],
  clusterrolebindings: ['clusterrolebinding'],
  rolebindings: ['rolebinding'],
  clusterroles: ['clusterrole'],
  events: ['event', 'ev'],
  mutatingwebhookconfigurations: ['mutatingwebhookconfiguration'],
  validatingwebhookconfigurations: ['validatingwebhookconfiguration'],
};

// kubectl commands and the request they make, when it is not `kubectl <verb> <resource>`.
const KUBECTL_SUBCOMMANDS: Readonly<Record<string, string>> = {
  'create pods/exec': '(?:exec|cp)',
  'create pods/attach': 'attach',
  'create pods/portforward': 'port-forward',
  'create serviceaccounts/token': 'create\\s+token',
  'create selfsubjectrulesreviews': 'auth\\s+can-i\\b[^\\n|;&]{0,60}?--list',
  'create selfsubjectaccessreviews': 'auth\\s+can-i(?![^\\n|;&]{0,60}?--list)',
};

// kubectl verbs that make a request of another verb (`kubectl get secrets` lists them; `edit` and `label` patch).
const KUBECTL_VERBS: Readonly<Record<string, readonly string[]>> = {
  get: ['get', 'describe'],
  list: ['get', 'describe'],
  create: ['create', 'run'],
  patch: ['patch', 'edit', 'label', 'annotate', 'set\\s+\\w+'],
  delete: ['delete'],
};

const resourceWords = (resource: string): string => [resource, ...(ALIASES[resource] ?? [])].join('|');
// Global flags between kubectl and its command (`kubectl --token=x -n kube-system get secrets`).
const KUBECTL = '\\bkubectl(?:\\s+-{1,2}[\\w-]+(?:[= ](?!-)[^\\s]+)?)*\\s+';
// Flags between a command and its resource (`get -n default secrets`), a flag's value optional.
const FLAGS = '(?:\\s+-{1,2}[\\w-]+(?:[= ][\\w.:-]+)??)*?\\s+';

/** The patterns that find an article stating a request: its kubectl command, the API's words, the GKE method. */
export function requestMentions(event: string): RegExp {
  const { verb, resource, subresource } = parseRequest(event);
  const path = subresource ? `${resource}/${subresource}` : resource;
  const command = KUBECTL_SUBCOMMANDS[event];
  const forms = [
    // The request as the audit log or the API documentation writes it: `pods/exec`, `create pods/exec`.
    ...(subresource ? [`(?<![\\w/-])${path}(?![\\w/-])`] : []),
    // The verb and resource quoted, or called an API, request or call: `the "get secrets" API`.
    `["'\`\u201c]${verb}\\s+(?:${resourceWords(resource)})["'\`\u201d]|\\b${verb}\\s+${path}\\s+(?:API|request|call|verb)s?\\b`,
    // The GKE audit log's method name (io.k8s.core.v1.secrets.list).
    `\\bio\\.k8s\\.[\\w.]+\\.${path.replace('/', '\\.')}\\.${verb}\\b`,
    command
      ? `${KUBECTL}${command}\\b`
      : `${KUBECTL}(?:${(KUBECTL_VERBS[verb] ?? [verb]).join('|')})${FLAGS}(?:${resourceWords(resource)})(?![\\w-])`,
  ];
  return new RegExp(forms.join('|'), 'gi');
}

/**
 * The fields a selection of requests is written with: the verbs, and the resource and subresource they are
 * made on (the requests of one selection share their resource, as SigmaHQ's rules write them).
 */
export function requestFields(events: readonly string[]): SigmaFieldMap {
  const requests = events.map(parseRequest);
  const one = (values: string[]): string | string[] => (values.length === 1 ? (values[0] as string) : values);
  const unique = (values: Array<string | undefined>) => [...new Set(values.filter((value): value is string => !!value))];
  const subresources = unique(requests.map((request) => request.subresource));
  return {
    verb: one(unique(requests.map((request) => request.verb))),
    'objectRef.resource': one(unique(requests.map((request) => request.resource))),
    ...(subresources.length > 0 ? { 'objectRef.subresource': one(subresources) } : {}),
  };
}

const k8s = (events: string[], apiGroup?: string): CloudSelection => ({
  field: 'verb',
  events,
  ...(apiGroup ? { with: { 'objectRef.apiGroup': apiGroup } } : {}),
});

/**
 * What intruders do through the Kubernetes API (Microsoft's threat matrix for Kubernetes, ATT&CK's container
 * matrix, SigmaHQ's kubernetes audit rules): run commands in pods, read secrets, bind themselves to cluster-admin,
 * mint tokens, deploy privileged or node-wide workloads, delete the events that show it.
 */
export const KUBERNETES_BEHAVIOURS: readonly CloudBehaviour[] = [
  {
    id: 'k8s-exec-into-pod',
    log: 'k8s_audit',
    selections: [k8s(['create pods/exec', 'create pods/attach'])],
    eventProse: {
      'create pods/exec': /\bexec(?:'d|ed|uted)?\s+into\s+(?:an?\s+|the\s+|a\s+running\s+)?(?:[\w-]+\s+)?pods?\b/i,
    },
    title: 'Kubernetes Command Run In A Pod Through The API',
    does: 'runs a command in, or attaches to, a running container through the API (kubectl exec)',
    tags: ['attack.execution', 'attack.t1609'],
    level: 'medium',
    falsepositives: ['Administrators and developers debugging their workloads'],
  },
  {
    id: 'k8s-port-forward',
    log: 'k8s_audit',
    selections: [k8s(['create pods/portforward'])],
    title: 'Kubernetes Port Forwarded To A Pod',
    does: "forwards a local port to a pod's port through the API (kubectl port-forward), a tunnel past the cluster's network policies",
    tags: ['attack.command-and-control', 'attack.t1090'],
    level: 'low',
    falsepositives: ['Developers reaching their services while debugging'],
  },
  {
    id: 'k8s-secrets-read',
    log: 'k8s_audit',
    selections: [k8s(['list secrets', 'get secrets', 'watch secrets'])],
    eventProse: {
      'list secrets':
        /\b(?:list\w*|enumerat\w*|dump\w*|read\w*|retriev\w*|steal\w*|harvest\w*|exfiltrat\w*)\s+(?:all\s+|the\s+)?(?:cluster(?:'s)?|Kubernetes|k8s)\s+secrets\b/i,
    },
    title: 'Kubernetes Secrets Listed Or Read',
    does: "lists or reads the cluster's secrets (service account tokens, registry and cloud credentials)",
    tags: ['attack.credential-access', 'attack.t1552.007'],
    level: 'medium',
    falsepositives: ['Controllers and operators reading the secrets they manage: compare the identity with the workload'],
  },
  {
    id: 'k8s-rbac-binding',
    log: 'k8s_audit',
    selections: [
      k8s(
        [
          'create clusterrolebindings',
          'create rolebindings',
          'patch clusterrolebindings',
          'patch rolebindings',
          'update clusterrolebindings',
        ],
        'rbac.authorization.k8s.io',
      ),
    ],
    eventProse: {
      'create clusterrolebindings':
        /\b(?:creat\w*|add\w*)\s+(?:an?\s+|new\s+|malicious\s+)*ClusterRoleBindings?\b|\b(?:bound|bind\w*|grant\w*)\b[^.\n]{0,60}\bcluster-admin\b/i,
    },
    title: 'Kubernetes Role Binding Created Or Modified',
    does: 'binds an identity to a role or cluster role (cluster-admin, for one), granting it what the role allows',
    tags: ['attack.privilege-escalation', 'attack.persistence', 'attack.t1098.006'],
    level: 'medium',
    falsepositives: ['Administrators and deployment pipelines managing access'],
  },
  {
    id: 'k8s-token-minted',
    log: 'k8s_audit',
    selections: [k8s(['create serviceaccounts', 'create serviceaccounts/token'])],
    eventProse: {
      'create serviceaccounts/token':
        /\b(?:creat\w*|generat\w*|mint\w*|request\w*)\s+(?:an?\s+|new\s+|long-lived\s+)*(?:service\s?account\s+)tokens?\b/i,
    },
    title: 'Kubernetes Service Account Or Token Created',
    does: 'creates a service account or mints a token for one, a credential to come back with',
    tags: ['attack.persistence', 'attack.t1136', 'attack.credential-access', 'attack.t1528'],
    level: 'low',
    falsepositives: ['Deployment pipelines creating service accounts; tools requesting short-lived tokens'],
  },
  {
    id: 'k8s-node-wide-workload',
    log: 'k8s_audit',
    selections: [k8s(['create daemonsets', 'patch daemonsets'], 'apps'), k8s(['create cronjobs', 'create jobs'], 'batch')],
    eventProse: {
      'create daemonsets': /\b(?:deploy\w*|creat\w*|launch\w*|install\w*)\s+(?:an?\s+|new\s+|malicious\s+|rogue\s+)*DaemonSets?\b/i,
      'create cronjobs': /\b(?:deploy\w*|creat\w*|schedul\w*)\s+(?:an?\s+|new\s+|malicious\s+|rogue\s+)*(?:Kubernetes\s+)?CronJobs?\b/,
    },
    title: 'Kubernetes DaemonSet Or CronJob Created',
    does: 'deploys a DaemonSet (a pod on every node) or schedules a CronJob or Job, how miners and backdoors spread over a cluster and come back',
    tags: ['attack.execution', 'attack.t1610', 'attack.persistence', 'attack.t1053.007'],
    level: 'medium',
    falsepositives: ['Deployment pipelines and operators installing cluster agents and batch jobs'],
  },
  {
    id: 'k8s-pod-created',
    log: 'k8s_audit',
    selections: [k8s(['create pods'])],
    eventProse: {
      'create pods':
        /\b(?:creat\w*|deploy\w*|launch\w*|spawn\w*|ran|run\w*|start\w*)\s+(?:an?\s+|new\s+|malicious\s+|rogue\s+)*privileged\s+pods?\b/i,
    },
    // Every deployment creates pods: only the privileges or the image the article states tell the intruder's.
    needsScope: true,
    title: 'Kubernetes Privileged Or Reported Pod Created',
    does: "creates a pod that is privileged, mounts the node's filesystem, shares its namespaces or runs the image the article reports",
    tags: ['attack.execution', 'attack.t1610', 'attack.privilege-escalation', 'attack.t1611'],
    level: 'high',
    falsepositives: ['Node agents (CNI, storage, monitoring) that need privileges: compare the image with the cluster inventory'],
  },
  {
    id: 'k8s-admission-webhook',
    log: 'k8s_audit',
    selections: [
      k8s(
        [
          'create mutatingwebhookconfigurations',
          'patch mutatingwebhookconfigurations',
          'create validatingwebhookconfigurations',
          'patch validatingwebhookconfigurations',
        ],
        'admissionregistration.k8s.io',
      ),
    ],
    title: 'Kubernetes Admission Webhook Created Or Modified',
    does: 'registers or changes an admission webhook, which sees, and can change, every object the cluster admits',
    tags: ['attack.persistence', 'attack.t1554', 'attack.credential-access'],
    level: 'medium',
    falsepositives: ['Installing policy engines, service meshes and operators'],
  },
  {
    id: 'k8s-events-deleted',
    log: 'k8s_audit',
    selections: [k8s(['delete events'])],
    title: 'Kubernetes Events Deleted',
    does: "deletes the cluster's events, which show the pods and containers it ran",
    tags: ['attack.stealth', 'attack.t1070'],
    level: 'medium',
    falsepositives: ['Clean-up jobs of busy clusters'],
  },
  {
    id: 'k8s-permissions-enumerated',
    log: 'k8s_audit',
    selections: [k8s(['create selfsubjectrulesreviews', 'create selfsubjectaccessreviews'], 'authorization.k8s.io')],
    title: 'Kubernetes Permissions Of The Caller Enumerated',
    does: 'asks the API what its credentials may do (kubectl auth can-i), the first step with a stolen token',
    tags: ['attack.discovery', 'attack.t1069.003'],
    level: 'low',
    falsepositives: ['Dashboards and developer tools checking their own permissions'],
  },
  {
    id: 'k8s-discovery',
    log: 'k8s_audit',
    selections: [k8s(['list pods', 'list namespaces', 'list nodes', 'list configmaps', 'list serviceaccounts'])],
    // Every controller lists these all day: only an anonymous or denied caller tells.
    needsScope: true,
    title: 'Kubernetes Cluster Discovery By An Anonymous Or Denied Caller',
    does: 'lists pods, namespaces, nodes or configuration anonymously or where it was denied, an intruder mapping the cluster',
    tags: ['attack.discovery', 'attack.t1613'],
    level: 'medium',
    falsepositives: ['Misconfigured clients retrying without credentials'],
  },
];
