/**
 * A request parameter of a CloudTrail call that tells the intruder's call from the account's routine ones: the
 * policy attached (AdministratorAccess), the instance type started (a metal or GPU size a miner wants), the range a
 * security group opens (0.0.0.0/0), the container image a task runs. An engineer's rule keys on it when the article
 * states it; the synthetic record of the call carries it (evaluate/cloud-events.ts) so the rule's self-test reads it.
 */
export interface RequestParameter {
  /** The calls (eventName) that carry the parameter. */
  events: readonly string[];
  /** The field as SigmaHQ's CloudTrail rules name it: the dotted path under requestParameters. */
  field: string;
  /** How the rule compares: `contains` where the article states a part of the value (a policy's name in its ARN). */
  modifier?: 'contains';
  /** The values the article states, the first group of each match (global). */
  stated: RegExp;
  /**
   * The value names the parameter wherever the article states it (a managed policy, an instance size): read even
   * when only the article's prose shows the behaviour. A range or an image could be anything's, so those are read
   * only for a call the article names.
   */
  alone?: true;
  /** The value as CloudTrail records it, when the article states only a part of it. */
  recorded?: (value: string) => string;
}

// EC2 instance sizes as AWS names them: a family (c5, r5a, g4dn, inf1, p4de) and a size.
const INSTANCE_TYPE = /(?<![\w.-])([a-z]{1,4}\d[a-z0-9-]*\.(?:nano|micro|small|medium|\d*xlarge|large|metal(?:-\d+xl)?))(?![\w.-])/g;
// A container image with its tag (`owner/name:tag`, a registry host before it), never a URL or a path.
const CONTAINER_IMAGE =
  /(?<![\w./:@-])((?=[a-z0-9.-]*[a-z])(?:[a-z0-9][a-z0-9.-]*\/){1,2}[a-z0-9][a-z0-9._-]*:[A-Za-z0-9][\w.-]{0,127})(?![\w./:@-])/g;

export const REQUEST_PARAMETERS: readonly RequestParameter[] = [
  {
    events: ['AttachUserPolicy', 'AttachRolePolicy', 'AttachGroupPolicy'],
    field: 'requestParameters.policyArn',
    modifier: 'contains',
    // AWS-managed policies that grant everything or a whole service.
    stated: /(?<![\w/-])((?:[A-Z][A-Za-z0-9]*)?(?:AdministratorAccess|FullAccess|PowerUserAccess))(?![\w-])/g,
    alone: true,
    recorded: (name) => `arn:aws:iam::aws:policy/${name}`,
  },
  { events: ['RunInstances'], field: 'requestParameters.instanceType', stated: INSTANCE_TYPE, alone: true },
  {
    events: ['AuthorizeSecurityGroupIngress'],
    field: 'requestParameters.ipPermissions.items.ipRanges.items.cidrIp',
    stated: /(?<![\d.])(0\.0\.0\.0\/0)(?!\d)/g,
  },
  { events: ['RegisterTaskDefinition'], field: 'requestParameters.containerDefinitions.image', stated: CONTAINER_IMAGE },
];

/** A parameter the article states for one of the calls it names, with the values it states. */
export interface StatedParameter {
  parameter: RequestParameter;
  /** The named calls that carry it. */
  events: string[];
  values: string[];
}

/**
 * The request parameters an article states for the CloudTrail calls it names; when it names none (only its prose
 * shows the behaviour), those of the behaviour's calls whose values say what they are by themselves.
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
    const values = [...new Set([...content.matchAll(parameter.stated)].map((match) => match[1] as string))];
    return values.length > 0 ? [{ parameter, events: carried, values }] : [];
  });
}

/** The Sigma field name of a parameter, with its modifier. */
export const parameterKey = (parameter: RequestParameter): string =>
  parameter.modifier ? `${parameter.field}|${parameter.modifier}` : parameter.field;

/**
 * The requestParameters of a call's record: each stated parameter it carries at its path, one value of each
 * (the rule lists them all; any one is the call). Array levels (`items`) are written as lists, as CloudTrail does.
 */
export function recordedParameters(stated: readonly StatedParameter[], event: string, pick = 0): Record<string, unknown> | null {
  const carried = stated.filter(({ events }) => events.includes(event));
  if (carried.length === 0) return null;
  const out: Record<string, unknown> = {};
  for (const { parameter, values } of carried) {
    const value = values[Math.min(pick, values.length - 1)] as string;
    const path = parameter.field.split('.').slice(1);
    let node = out;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = parameter.recorded ? parameter.recorded(value) : value;
        return;
      }
      if (part === 'items') {
        const element: Record<string, unknown> = {};
        node[part] = [element];
        node = element;
        return;
      }
      node[part] = (node[part] as Record<string, unknown> | undefined) ?? {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return out;
}
