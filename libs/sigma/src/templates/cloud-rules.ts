import type { SigmaDetection, SigmaFieldMap } from '@huntforge/contracts/sigma';
import { mergeTags } from './attack-inference';
import {
  CLOUD_BEHAVIOURS,
  CLOUD_CONTEXT,
  CLOUD_LOGSOURCES,
  providerOf,
  type CloudBehaviour,
  type CloudLog,
  type CloudSelection,
} from './cloud-behaviours';
import { parameterKey, statedParameters, type ParameterValue, type StatedParameter } from './cloud-parameters';
import { articleSubject } from './article-subject';
import { reportedAccessKeys, reportedRanges, reportedUserAgents } from './cloud-indicators';
import { createdUserNames, createdUserRule } from './cloud-created-users';
import { tenantAccountRules } from './cloud-tenant-accounts';
import { requestFields, requestMentions } from './cloud-kubernetes';
import { withTwinCalls } from './cloud-twin-calls';
import { buildRule, citation, type ArticleRef, type RuleDraft } from './rule-draft';

/** A behaviour the article shows: the event names it states (none when only its prose says so). */
export interface StatedCloudBehaviour {
  behaviour: CloudBehaviour;
  events: string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// A sentence that says the call did not happen: `we did not identify any GetSecretValue`, `no sign of GetObject`.
const NEGATED =
  /\b(?:did\s+not|didn't|never|no\s+(?:evidence|sign|follow-up|further|subsequent)|not\s+(?:observe|see|seen|identify|find))\b/i;

// Where a sentence ends: its stop, a blank line, or a new list item, table row, heading or code line.
const SENTENCE_END = /[.!?]\s|\n\s*\n|\n\s*[-*|#>`{"]/g;

/** The start of the sentence a position is in (a line wrapped inside a paragraph does not end it). */
function sentenceStart(text: string, index: number): number {
  const from = Math.max(0, index - 400);
  const ends = [...text.slice(from, index).matchAll(SENTENCE_END)];
  const last = ends[ends.length - 1];
  return last ? from + (last.index ?? 0) + last[0].length : from;
}

// A clause that turns the sentence back: `we saw no GetObject, though it called ListObjects`.
const CLAUSE_TURN = /(?:[,;]\s*|\s)(?:though|although|but|yet|instead|whereas)\b/gi;

/** True when some mention the pattern finds is not in a sentence (clause) that says the call did not happen. */
function mentionedAsDone(text: string, pattern: RegExp): boolean {
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    const sentence = text.slice(sentenceStart(text, index), index);
    const turns = [...sentence.matchAll(CLAUSE_TURN)];
    const last = turns[turns.length - 1];
    const clause = last ? sentence.slice((last.index ?? 0) + last[0].length) : sentence;
    if (!NEGATED.test(clause)) return true;
  }
  return false;
}

/**
 * True when the text names the event as something that happened. CloudTrail names (CreateAccessKey) are matched as
 * written, as a whole word, as their words apart (`Initiate Job`), or as the AWS CLI command that makes the call;
 * a name that is an ordinary word (Publish) only with its service (`sns:Publish`), as a record's eventName or as
 * the AWS CLI command. A Kubernetes request as its kubectl command or the API's words (cloud-kubernetes.ts); a GCP
 * method as the log writes it or by its distinctive part. Okta's dotted types, Entra's operation phrases and M365's
 * operations whatever their case.
 */
function names(text: string, log: CloudLog, event: string, selection: CloudSelection): boolean {
  if (log === 'cloudtrail') return mentionedAsDone(text, cloudTrailMentions(event, selection));
  if (log === 'k8s_audit') return mentionedAsDone(text, requestMentions(event));
  if (log === 'gcp_audit') return mentionedAsDone(text, gcpMentions(event));
  return mentionedAsDone(text, new RegExp(`(?<![\\w.])${escape(event)}(?![\\w.])`, 'gi'));
}

function cloudTrailMentions(event: string, selection: CloudSelection): RegExp {
  // Lambda's calls carry their API version (UpdateFunctionCode20150331v2); articles write the name without it.
  const name = event.replace(/\d{8}(?:v\d+)?$/, '');
  const words = name.split(/(?<=[a-z0-9])(?=[A-Z])/);
  // The AWS CLI names each call in kebab case (`aws iam create-access-key` is CreateAccessKey).
  const cli = `\\baws\\s+[a-z0-9-]+\\s+${escape(words.join('-').toLowerCase())}(?![\\w-])`;
  const exact = `(?<![A-Za-z0-9])(?:${escape(event)}|${escape(name)})(?![A-Za-z0-9])`;
  const forms = selection.qualified?.includes(event)
    ? [
        `(?<![A-Za-z0-9])[a-z0-9-]+:${escape(name)}(?![A-Za-z0-9])`,
        // A record's or a query's event name: "eventName": "Publish", event.action == "Publish".
        `(?:eventName|event\\.action)"?\\s*(?:==?|:|\\bIN\\s*\\()[^)\\n]{0,80}?["']${escape(name)}["']`,
        // The call as an API: `Publish` API call, Publish action.
        `(?<![A-Za-z0-9])${escape(name)}\`?\\s+(?:API|action|event|operation)s?\\b`,
        cli,
      ]
    : [exact, cli, ...(words.length > 1 ? [`\\b${words.map(escape).join(' ')}\\b`] : [])];
  return new RegExp(forms.join('|'), 'g');
}

/**
 * A GCP method as the audit log writes it, or by the part articles write: the method of a qualified name
 * (CreateServiceAccountKey of google.iam.admin.v1.CreateServiceAccountKey), a REST method without its API
 * version (compute.firewalls.insert).
 */
function gcpMentions(event: string): RegExp {
  const last = event.split('.').pop() ?? event;
  const short = /^[A-Z]/.test(last) ? last : event.replace(/^(?:v\d\w*|beta|alpha)\./, '');
  const forms = [...new Set([event, short])].map((form) => `(?<![\\w.])${escape(form)}(?![\\w])`);
  return new RegExp(forms.join('|'), 'g');
}

/**
 * The cloud and identity behaviours an article shows, each with the events it names (or its prose shows one by
 * one: eventProse). Only an article about the provider counts (CreateUser and RunInstances are ordinary words
 * elsewhere).
 */
export function statedCloudBehaviours(content: string | undefined): StatedCloudBehaviour[] {
  if (!content) return [];
  return CLOUD_BEHAVIOURS.flatMap((behaviour) => {
    if (!CLOUD_CONTEXT[providerOf(behaviour.log)].test(content)) return [];
    const events = behaviour.selections.flatMap((selection) =>
      selection.events.filter((event) => names(content, behaviour.log, event, selection) || behaviour.eventProse?.[event]?.test(content)),
    );
    return events.length > 0 || behaviour.prose?.test(content) ? [{ behaviour, events }] : [];
  });
}

/**
 * A behaviour's detection: each selection its log's fields, any of them. The calls that carry a request parameter
 * the article states (parameters: cloud-parameters.ts) are keyed on it in a selection of their own; for a routine
 * behaviour (needsScope) only those are, since a routine call without its telling parameter is every account's.
 * When the article names calls, each selection is cut to them, their twins (the same action under another name)
 * and its first call, the behaviour's defining one
 * (StopLogging beside the UpdateTrail the article quotes), as an engineer writes it; a selection of which the
 * article names no call is left out. A behaviour only prose shows keeps every call.
 */
export function cloudDetection(
  behaviour: CloudBehaviour,
  parameters: readonly StatedParameter[] = [],
  named: readonly string[] = [],
): SigmaDetection {
  // The calls named and their twins (the same action under another name: cloud-twin-calls.ts).
  const calls = withTwinCalls(named);
  const blocks: SigmaFieldMap[] = behaviour.selections.flatMap((selection) => {
    const shown = named.length === 0 ? selection.events : selection.events.filter((event, index) => calls.includes(event) || index === 0);
    if (named.length > 0 && !selection.events.some((event) => named.includes(event))) return [];
    const source: SigmaFieldMap = selection.eventSource ? { eventSource: selection.eventSource } : {};
    // A Kubernetes request is its verb and the resource it is made on (cloud-kubernetes.ts).
    const nameFields = (events: readonly string[]): SigmaFieldMap =>
      behaviour.log === 'k8s_audit'
        ? requestFields(events)
        : { [selection.field]: events.length === 1 ? (events[0] as string) : [...events] };
    const block = (events: readonly string[]): SigmaFieldMap => ({ ...source, ...(selection.with ?? {}), ...nameFields(events) });
    const withParameter = parameters
      .map((stated) => ({ stated, events: shown.filter((event) => stated.parameter.events.includes(event)) }))
      .filter(({ events }) => events.length > 0);
    const rest = shown.filter((event) => !withParameter.some(({ events }) => events.includes(event)));
    return [
      ...withParameter.map(({ stated, events }) => ({
        ...block(events),
        [parameterKey(stated)]: stated.values.length === 1 ? (stated.values[0] as ParameterValue) : stated.values,
      })),
      ...(rest.length > 0 && !(behaviour.needsScope && parameters.length > 0) ? [block(rest)] : []),
    ];
  });
  if (blocks.length === 1) return { selection: blocks[0] as SigmaFieldMap, condition: 'selection' };
  const detection: SigmaDetection = { condition: '1 of selection_*' };
  blocks.forEach((block, index) => (detection[`selection_${index + 1}`] = block));
  return detection;
}

/** A stated parameter as the description says it (`instanceType c5.metal`, `minCount 100 or more`). */
function describeParameter({ parameter, modifier, values }: StatedParameter): string {
  const name = parameter.field.split('.').pop() ?? parameter.field;
  if (modifier === 'exists') return `${name} set`;
  const shown = values.slice(0, 3).join(', ');
  if (modifier === 'gte') return `${name} ${shown} or more`;
  return modifier === 'startswith' ? `${name} starting ${shown}` : `${name} ${shown}`;
}

/** Every event a behaviour's selections name. */
export const eventsOf = (behaviour: CloudBehaviour): string[] => behaviour.selections.flatMap((selection) => selection.events);

const valuesOf = (detection: SigmaDetection): string[] =>
  Object.entries(detection)
    .filter(([name]) => name !== 'condition')
    .flatMap(([, block]) => Object.values(block as SigmaFieldMap).flatMap((value) => (Array.isArray(value) ? value : [value])))
    .filter((value): value is string => typeof value === 'string');

/** What of the article's extraction the cloud rules read besides its text: its commands and its addresses. */
export interface CloudRuleContext {
  cmdlines?: readonly unknown[];
  network?: ReadonlyArray<{ kind: string; value: string }>;
}

// A sentence that says where the calls or sign-ins came from.
const CLOUD_SOURCE =
  /\b(?:CloudTrail|API\s+calls?|sourceIPAddress|source\s+IP|sign-?ins?|signed\s+in|logged\s+in|console\s+log-?ins?|System\s+Log)\b/i;

/** The addresses the article says cloud calls or sign-ins came from (written defanged or not). */
export function cloudSourceAddresses(content: string | undefined, network: CloudRuleContext['network'] = []): string[] {
  if (!content) return [];
  const addresses = network.filter((item) => item.kind === 'ipv4' || item.kind === 'ipv6').map((item) => item.value);
  return [...new Set(addresses)].filter((address) => {
    const written = new RegExp(
      `(?<![\\w.:])${address
        .split(/([.:])/)
        .map((part) => (part === '.' || part === ':' ? `\\[?\\${part}\\]?` : escape(part)))
        .join('')}(?![\\w:]|\\.\\d)`,
      'g',
    );
    return [...content.matchAll(written)].some((match) => {
      const index = match.index ?? 0;
      return CLOUD_SOURCE.test(content.slice(sentenceStart(content, index), index + match[0].length + 80).split(/[.!?]\s/)[0] ?? '');
    });
  });
}

/**
 * One rule per cloud or identity behaviour the article shows, keyed on the behaviour as the audit log
 * records it (every API or operation that does it, not only the one the article quotes). Routine calls
 * (needsScope) get no rule of their own: the sweep of the actor's addresses covers them. An article that
 * quotes commands has its addresses in the endpoint's connection rule and no sweep (builtin-sigma-agent's
 * networkRules): the addresses it says the calls or sign-ins came from are swept in the provider's log here.
 */
export function cloudBehaviourRules(article: ArticleRef, content: string | undefined, context: CloudRuleContext = {}): RuleDraft[] {
  const quotesCommands = (context.cmdlines?.length ?? 0) > 0;
  const sources = quotesCommands ? cloudSourceAddresses(content, context.network) : [];
  // An address block in a cloud intrusion is where calls came from, never an endpoint's destination.
  const swept =
    sources.length > 0 || (quotesCommands && reportedRanges(content).length > 0)
      ? sweptLogs(content).map((provider) => cloudAddressRule(article, articleSubject(article.title), provider, sources, content))
      : [];
  return [
    ...behaviourRules(article, content),
    ...createdUserRules(article, content),
    ...tenantAccountRules(article, articleSubject(article.title), content),
    ...swept,
  ];
}

/** The calls made as the IAM users the article says the intruder created (cloud-created-users.ts). */
function createdUserRules(article: ArticleRef, content: string | undefined): RuleDraft[] {
  const reading = createdUserNames(content, createsUsers(content));
  return reading ? [createdUserRule(article, articleSubject(article.title), reading)] : [];
}

/** True when the article shows the intruder creating IAM users (by the call or in prose). */
export const createsUsers = (content: string | undefined): boolean =>
  statedCloudBehaviours(content).some(({ behaviour }) => eventsOf(behaviour).includes('CreateUser'));

function behaviourRules(article: ArticleRef, content: string | undefined): RuleDraft[] {
  return statedCloudBehaviours(content).flatMap(({ behaviour, events }) => {
    const parameters = statedParameters(content, events, eventsOf(behaviour));
    // A routine call is worth a rule of its own only keyed on a parameter that tells the intruder's call apart.
    if (behaviour.needsScope && parameters.length === 0) return [];
    const detection = cloudDetection(behaviour, parameters, events);
    const called = events.length > 0 ? ` It called ${events.join(', ')}.` : '';
    const stated = parameters.map(describeParameter);
    const withParameters = stated.length > 0 ? ` With ${stated.join('; ')}.` : '';
    return [
      {
        telemetryClass: 'cloud_audit',
        rule: buildRule(
          {
            title: behaviour.title,
            description: `Detects an identity that ${behaviour.does}, as in the intrusion ${citation(article)}.${called}${withParameters}`,
            logsource: { ...CLOUD_LOGSOURCES[behaviour.log] },
            detection,
            tags: mergeTags(behaviour.tags),
            level: behaviour.level,
            falsepositives: behaviour.falsepositives,
          },
          article,
          `${article.url}|cloud_audit|${behaviour.id}`,
        ),
        detectionValues: valuesOf(detection),
      },
    ];
  });
}

/** Where an audit log records the user agent of the caller, as SigmaHQ's rules name it (none for Entra's sign-ins here). */
const USER_AGENT_FIELD: Readonly<Partial<Record<CloudLog, string>>> = { cloudtrail: 'userAgent', okta: 'client.userAgent.rawUserAgent' };

/** Where an audit log records the address a call or sign-in came from, as SigmaHQ's rules name it. */
export const SOURCE_ADDRESS_FIELD: Readonly<Record<CloudLog, string>> = {
  cloudtrail: 'sourceIPAddress',
  signinlogs: 'IPAddress',
  auditlogs: 'InitiatedBy.user.ipAddress',
  activitylogs: 'callerIpAddress',
  okta: 'client.ipAddress',
  k8s_audit: 'sourceIPs',
  m365_audit: 'ClientIP',
  gcp_audit: 'gcp.audit.request_metadata.caller_ip',
};

/** The providers whose log the article's addresses are swept in: where users sign in and call from. */
type SweptProvider = 'aws' | 'azure' | 'okta';

const SWEPT_LOG: Readonly<Record<SweptProvider, CloudLog>> = { aws: 'cloudtrail', azure: 'signinlogs', okta: 'okta' };
const SWEEP_TITLE: Readonly<Record<SweptProvider, string>> = {
  aws: 'AWS API Calls',
  azure: 'Entra ID Sign-Ins',
  okta: 'Okta Activity',
};

/**
 * The logs where an article's addresses show when the article is about cloud or identity activity and quotes no
 * command: the actor's addresses are where API calls and sign-ins come from, which no endpoint's connection
 * log records. One log per provider the article shows behaviour of.
 */
export function sweptLogs(content: string | undefined): SweptProvider[] {
  const providers = statedCloudBehaviours(content).map(({ behaviour }) => providerOf(behaviour.log));
  return [...new Set(providers)].filter((provider): provider is SweptProvider => provider in SWEPT_LOG);
}

/**
 * The article's addresses swept in a provider's audit log: every call or sign-in from them, whatever it does, or
 * with the user agent of the intruder's tooling the article reports. The routine calls the article saw
 * (ListBuckets, GetSecretValue) are named in the description.
 */
export function cloudAddressRule(
  article: ArticleRef,
  subject: string,
  provider: SweptProvider,
  ips: string[],
  content: string | undefined,
): RuleDraft {
  const log = SWEPT_LOG[provider];
  const routine = statedCloudBehaviours(content)
    .filter(({ behaviour }) => behaviour.needsScope && providerOf(behaviour.log) === provider)
    .flatMap(({ events }) => events);
  const calls = routine.length > 0 ? `, such as the ${routine.join(', ')} calls` : '';
  const agentField = USER_AGENT_FIELD[log];
  const agents = agentField ? reportedUserAgents(content) : [];
  const keys = log === 'cloudtrail' ? reportedAccessKeys(content) : [];
  const ranges = reportedRanges(content);
  const more: Array<[string, SigmaFieldMap]> = [
    ...(ips.length > 0 ? [['selection_address', { [SOURCE_ADDRESS_FIELD[log]]: ips }] as [string, SigmaFieldMap]] : []),
    ...(ranges.length > 0 ? [['selection_range', { [`${SOURCE_ADDRESS_FIELD[log]}|cidr`]: ranges }] as [string, SigmaFieldMap]] : []),
    ...(agents.length > 0 && agentField ? [['selection_agent', { [`${agentField}|contains`]: agents }] as [string, SigmaFieldMap]] : []),
    ...(keys.length > 0 ? [['selection_key', { 'userIdentity.accessKeyId': keys }] as [string, SigmaFieldMap]] : []),
  ];
  const detection: SigmaDetection =
    more.length > 1
      ? { ...Object.fromEntries(more), condition: '1 of selection_*' }
      : { selection: (more[0] as [string, SigmaFieldMap])[1], condition: 'selection' };
  const withAgents = [
    ...(ranges.length > 0 ? [` or the address blocks (${ranges.join(', ')})`] : []),
    ...(agents.length > 0 ? [` or with the user agents of its tooling (${agents.join(', ')})`] : []),
    ...(keys.length > 0 ? [` or signed with the access keys it reports`] : []),
  ].join('');
  return {
    telemetryClass: 'cloud_indicator',
    rule: buildRule(
      {
        title: `${SWEEP_TITLE[provider]} From Addresses Reported In ${subject}`,
        description: `Detects ${provider === 'azure' ? 'sign-ins' : 'activity'} from the addresses${calls}${withAgents} ${citation(article)}.`,
        logsource: { ...CLOUD_LOGSOURCES[log] },
        detection,
        tags: mergeTags(['attack.initial-access', 'attack.t1078.004']),
        level: 'medium',
        falsepositives: ['VPN and proxy exits shared with other users: check the address still belongs to the actor before acting'],
      },
      article,
      `${article.url}|cloud_indicator|${provider}|${[...ips, ...ranges].join('\u0000')}`,
    ),
    detectionValues: [...ips, ...ranges, ...agents, ...keys],
  };
}

/**
 * Every spelling a stated behaviour backs: its other event names and its eventSource are the same behaviour,
 * known, not invented (the fidelity check reads these).
 */
export function cloudSpellings(text: string): string[] {
  return statedCloudBehaviours(text).flatMap(({ behaviour, events }) => [
    ...valuesOf(cloudDetection(behaviour)),
    // The values the article states for the parameters of its calls, as the rule writes them (a prefix, a flag).
    ...statedParameters(text, events, eventsOf(behaviour)).flatMap((stated) => stated.values.map(String)),
  ]);
}
