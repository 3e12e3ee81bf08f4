import type { ParameterReading, RequestParameter } from './cloud-parameter';

/**
 * The parameters that tell an intruder's Kubernetes request or Microsoft 365 operation from the routine ones: who
 * made the request (a pod's service account, an anonymous caller), what the pod it creates may do (privileged, the
 * node's filesystem or process namespace) and runs (the image the article reports), what an inbox rule does with
 * the mail (forward it, delete it). Field names as the audit logs write them (requestObject is the request's body).
 */

const unique = <T>(values: T[]): T[] => [...new Set(values)];
const when =
  (pattern: RegExp, reading: ParameterReading) =>
  (content: string): ParameterReading | null =>
    pattern.test(content) ? reading : null;

// The intruder is inside a pod: the calls it makes carry the pod's service account (`system:serviceaccount:ns:name`).
const POD_FOOTHOLD =
  /\bsystem:serviceaccount:|\bservice\s?account(?:'s)?\s+tokens?\b|\b(?:exploit\w*|compromis\w*|breach\w*|gain\w*\s+access\s+to)\s+(?:the\s+|an?\s+|some\s+|several\s+)?(?:[\w-]+\s+){0,3}(?:pods?|containers?)\s+(?:deployed\s+|running\s+)?(?:in|on|inside)\s+(?:an?\s+|the\s+)?(?:Kubernetes|k8s|EKS|AKS|GKE)\b/i;
// The API server answered a caller without credentials.
const ANONYMOUS =
  /\bsystem:anonymous\b|\banonymous\s+(?:access|auth\w*|requests?|users?|callers?)\b|\bunauthenticated\s+(?:access|requests?)\b/i;
const PRIVILEGED = /\bprivileged:\s*true\b|\bprivileged\s+(?:pods?|containers?)\b|\bkubectl\s+run\b[^\n]{0,120}--privileged\b/i;
const HOST_PATH = /\bhostPath\s*:|\bmount\w*\s+(?:the\s+)?(?:host(?:'s)?|node(?:'s)?)\s+(?:root\s+)?(?:file\s?system|disk|\/)/i;
const HOST_PID = /\bhostPID\s*:\s*true\b/i;
// A container image with its tag (`owner/name:tag`, a registry host before it), never a URL or a path.
const CONTAINER_IMAGE =
  /(?<![\w./:@-])((?=[a-z0-9.-]*[a-z])(?:[a-z0-9][a-z0-9.-]*\/){1,2}[a-z0-9][a-z0-9._-]*:[A-Za-z0-9][\w.-]{0,127})(?![\w./:@-])/g;

const SECRET_READS = ['list secrets', 'get secrets', 'watch secrets'];
const DISCOVERY = ['list pods', 'list namespaces', 'list nodes', 'list configmaps', 'list serviceaccounts'];
const INBOX_RULES = ['New-InboxRule', 'Set-InboxRule', 'UpdateInboxRules'];

// What an inbox rule does with the mail, as its cmdlet parameters name it (New-InboxRule -ForwardTo ...).
const RULE_ACTIONS = ['ForwardTo', 'ForwardAsAttachmentTo', 'RedirectTo', 'DeleteMessage', 'MoveToFolder', 'MarkAsRead'];
const FORWARDING_PROSE = /\b(?:forward\w*|redirect\w*)\s+(?:all\s+|incoming\s+|the\s+|copies\s+of\s+)*(?:e-?mails?|messages|mail)\b/i;
const HIDING_PROSE = /\b(?:delet\w*|hid\w*|mov\w*)\s+(?:all\s+|incoming\s+|the\s+)*(?:e-?mails?|messages|mail|replies)\b/i;

function ruleActions(content: string): ParameterReading | null {
  const written = RULE_ACTIONS.filter((action) => new RegExp(`(?<![\\w-])-?${action}\\b`).test(content));
  const told = [
    ...(FORWARDING_PROSE.test(content) ? ['ForwardTo', 'ForwardAsAttachmentTo', 'RedirectTo'] : []),
    ...(HIDING_PROSE.test(content) ? ['DeleteMessage', 'MoveToFolder'] : []),
  ];
  const actions = unique(written.length > 0 ? written : told);
  return actions.length > 0 ? { modifier: 'contains', values: actions } : null;
}

export const WORKLOAD_PARAMETERS: readonly RequestParameter[] = [
  {
    events: SECRET_READS,
    field: 'user.username',
    read: when(POD_FOOTHOLD, { modifier: 'startswith', values: ['system:serviceaccount:'] }),
  },
  { events: [...SECRET_READS, ...DISCOVERY], field: 'user.username', read: when(ANONYMOUS, { values: ['system:anonymous'] }) },
  {
    events: ['create pods'],
    field: 'requestObject.spec.containers.securityContext.privileged',
    read: when(PRIVILEGED, { values: [true] }),
    alone: true,
  },
  {
    events: ['create pods'],
    field: 'requestObject.spec.volumes.hostPath.path',
    read: when(HOST_PATH, { modifier: 'exists', values: [true] }),
    recorded: () => '/',
  },
  { events: ['create pods'], field: 'requestObject.spec.hostPID', read: when(HOST_PID, { values: [true] }) },
  {
    events: ['create pods'],
    field: 'requestObject.spec.containers.image',
    read: (content) => {
      const images = unique([...content.matchAll(CONTAINER_IMAGE)].map((match) => match[1] as string));
      return images.length > 0 ? { values: images } : null;
    },
  },
  { events: INBOX_RULES, field: 'Parameters', read: ruleActions, alone: true },
];
