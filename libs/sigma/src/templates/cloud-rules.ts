import type { SigmaDetection, SigmaFieldMap } from '@huntforge/contracts/sigma';
import { mergeTags } from './attack-inference';
import { CLOUD_BEHAVIOURS, CLOUD_CONTEXT, CLOUD_LOGSOURCES, providerOf, type CloudBehaviour, type CloudLog } from './cloud-behaviours';
import { parameterKey, statedParameters, type StatedParameter } from './cloud-parameters';
import { buildRule, citation, type ArticleRef, type RuleDraft } from './rule-draft';

/** A behaviour the article shows: the event names it states (none when only its prose says so). */
export interface StatedCloudBehaviour {
  behaviour: CloudBehaviour;
  events: string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * True when the text names the event. CloudTrail names (CreateAccessKey) are matched as written, as a whole
 * word, or as the AWS CLI command that makes the call; Okta's dotted types and Entra's operation phrases whatever
 * their case.
 */
function names(text: string, log: CloudLog, event: string): boolean {
  if (log === 'cloudtrail') {
    // The AWS CLI names each call in kebab case (`aws iam create-access-key` is CreateAccessKey).
    const cli = event.replace(/(?<=[a-z0-9])(?=[A-Z])/g, '-').toLowerCase();
    return new RegExp(`(?<![A-Za-z0-9])${escape(event)}(?![A-Za-z0-9])|\\baws\\s+[a-z0-9-]+\\s+${escape(cli)}(?![\\w-])`).test(text);
  }
  return new RegExp(`(?<![\\w.])${escape(event)}(?![\\w.])`, 'i').test(text);
}

/**
 * The cloud and identity behaviours an article shows, each with the events it names. Only an article about
 * the provider counts (CreateUser and RunInstances are ordinary words elsewhere).
 */
export function statedCloudBehaviours(content: string | undefined): StatedCloudBehaviour[] {
  if (!content) return [];
  return CLOUD_BEHAVIOURS.flatMap((behaviour) => {
    if (!CLOUD_CONTEXT[providerOf(behaviour.log)].test(content)) return [];
    const events = behaviour.selections.flatMap((selection) => selection.events.filter((event) => names(content, behaviour.log, event)));
    return events.length > 0 || behaviour.prose?.test(content) ? [{ behaviour, events }] : [];
  });
}

/**
 * A behaviour's detection: each selection its log's fields, any of them. The calls that carry a request parameter
 * the article states (parameters: cloud-parameters.ts) are keyed on it in a selection of their own; for a routine
 * behaviour (needsScope) only those are, since a routine call without its telling parameter is every account's.
 * When the article names calls, each selection is cut to them and its first call, the behaviour's defining one
 * (StopLogging beside the UpdateTrail the article quotes), as an engineer writes it; a selection of which the
 * article names no call is left out. A behaviour only prose shows keeps every call.
 */
export function cloudDetection(
  behaviour: CloudBehaviour,
  parameters: readonly StatedParameter[] = [],
  named: readonly string[] = [],
): SigmaDetection {
  const blocks: SigmaFieldMap[] = behaviour.selections.flatMap((selection) => {
    const shown = named.length === 0 ? selection.events : selection.events.filter((event, index) => named.includes(event) || index === 0);
    if (named.length > 0 && !selection.events.some((event) => named.includes(event))) return [];
    const source: SigmaFieldMap = selection.eventSource ? { eventSource: selection.eventSource } : {};
    const block = (events: readonly string[]): SigmaFieldMap => ({
      ...source,
      ...(selection.with ?? {}),
      [selection.field]: events.length === 1 ? (events[0] as string) : [...events],
    });
    const keyed = parameters
      .map((stated) => ({ stated, events: shown.filter((event) => stated.parameter.events.includes(event)) }))
      .filter(({ events }) => events.length > 0);
    const rest = shown.filter((event) => !keyed.some(({ events }) => events.includes(event)));
    return [
      ...keyed.map(({ stated, events }) => ({
        ...block(events),
        [parameterKey(stated.parameter)]: stated.values.length === 1 ? (stated.values[0] as string) : stated.values,
      })),
      ...(rest.length > 0 && !(behaviour.needsScope && parameters.length > 0) ? [block(rest)] : []),
    ];
  });
  if (blocks.length === 1) return { selection: blocks[0] as SigmaFieldMap, condition: 'selection' };
  const detection: SigmaDetection = { condition: '1 of selection_*' };
  blocks.forEach((block, index) => (detection[`selection_${index + 1}`] = block));
  return detection;
}

/** Every event a behaviour's selections name. */
export const eventsOf = (behaviour: CloudBehaviour): string[] => behaviour.selections.flatMap((selection) => selection.events);

const valuesOf = (detection: SigmaDetection): string[] =>
  Object.entries(detection)
    .filter(([name]) => name !== 'condition')
    .flatMap(([, block]) => Object.values(block as SigmaFieldMap).flatMap((value) => (Array.isArray(value) ? value : [value])))
    .filter((value): value is string => typeof value === 'string');

/**
 * One rule per cloud or identity behaviour the article shows, keyed on the behaviour as the audit log
 * records it (every API or operation that does it, not only the one the article quotes). Routine calls
 * (needsScope) get no rule of their own: the sweep of the actor's addresses covers them.
 */
export function cloudBehaviourRules(article: ArticleRef, content: string | undefined): RuleDraft[] {
  return statedCloudBehaviours(content).flatMap(({ behaviour, events }) => {
    const parameters = behaviour.log === 'cloudtrail' ? statedParameters(content, events, eventsOf(behaviour)) : [];
    // A routine call is worth a rule of its own only keyed on a parameter that tells the intruder's call apart.
    if (behaviour.needsScope && parameters.length === 0) return [];
    const detection = cloudDetection(behaviour, parameters, events);
    const called = events.length > 0 ? ` It called ${events.join(', ')}.` : '';
    const stated = parameters.map(({ parameter, values }) => `${parameter.field.split('.').pop()} ${values.slice(0, 3).join(', ')}`);
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

/** Where an audit log records the address a call or sign-in came from, as SigmaHQ's rules name it. */
export const SOURCE_ADDRESS_FIELD: Readonly<Record<CloudLog, string>> = {
  cloudtrail: 'sourceIPAddress',
  signinlogs: 'IPAddress',
  auditlogs: 'InitiatedBy.user.ipAddress',
  okta: 'client.ipAddress',
};

const SWEPT_LOG: Readonly<Record<'aws' | 'azure' | 'okta', CloudLog>> = { aws: 'cloudtrail', azure: 'signinlogs', okta: 'okta' };
const SWEEP_TITLE: Readonly<Record<'aws' | 'azure' | 'okta', string>> = {
  aws: 'AWS API Calls',
  azure: 'Entra ID Sign-Ins',
  okta: 'Okta Activity',
};

/**
 * The logs where an article's addresses show when the article is about cloud or identity activity and quotes no
 * command: the actor's addresses are where API calls and sign-ins come from, which no endpoint's connection
 * log records. One log per provider the article shows behaviour of.
 */
export function sweptLogs(content: string | undefined): Array<'aws' | 'azure' | 'okta'> {
  return [...new Set(statedCloudBehaviours(content).map(({ behaviour }) => providerOf(behaviour.log)))];
}

/**
 * The article's addresses swept in a provider's audit log: every call or sign-in from them, whatever it does.
 * The routine calls the article saw (ListBuckets, GetSecretValue) are named in the description.
 */
export function cloudAddressRule(
  article: ArticleRef,
  subject: string,
  provider: 'aws' | 'azure' | 'okta',
  ips: string[],
  content: string | undefined,
): RuleDraft {
  const log = SWEPT_LOG[provider];
  const routine = statedCloudBehaviours(content)
    .filter(({ behaviour }) => behaviour.needsScope && providerOf(behaviour.log) === provider)
    .flatMap(({ events }) => events);
  const calls = routine.length > 0 ? `, such as the ${routine.join(', ')} calls` : '';
  return {
    telemetryClass: 'cloud_indicator',
    rule: buildRule(
      {
        title: `${SWEEP_TITLE[provider]} From Addresses Reported In ${subject}`,
        description: `Detects ${provider === 'azure' ? 'sign-ins' : 'activity'} from the addresses${calls} ${citation(article)}.`,
        logsource: { ...CLOUD_LOGSOURCES[log] },
        detection: { selection: { [SOURCE_ADDRESS_FIELD[log]]: ips }, condition: 'selection' },
        tags: mergeTags(['attack.initial-access', 'attack.t1078.004']),
        level: 'medium',
        falsepositives: ['VPN and proxy exits shared with other users: check the address still belongs to the actor before acting'],
      },
      article,
      `${article.url}|cloud_indicator|${provider}|${ips.join('\u0000')}`,
    ),
    detectionValues: ips,
  };
}

/**
 * Every spelling a stated behaviour backs: its other event names and its eventSource are the same behaviour,
 * known, not invented (the fidelity check reads these).
 */
export function cloudSpellings(text: string): string[] {
  return statedCloudBehaviours(text).flatMap(({ behaviour }) => valuesOf(cloudDetection(behaviour)));
}
