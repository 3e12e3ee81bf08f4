import type { SigmaLevel } from '@huntforge/contracts/sigma';

/** The cloud and identity audit logs a behaviour shows in (the logsource SigmaHQ gives each: CLOUD_LOGSOURCES). */
export type CloudLog = 'cloudtrail' | 'signinlogs' | 'auditlogs' | 'activitylogs' | 'okta' | 'k8s_audit' | 'm365_audit' | 'gcp_audit';

/** Whose log it is: the provider an article must be about before its event names count (CLOUD_CONTEXT). */
export type CloudProvider = 'aws' | 'azure' | 'okta' | 'kubernetes' | 'm365' | 'gcp';

/**
 * One selection of a behaviour: the fields and values of the audit record, SigmaHQ's names (CloudTrail's
 * eventSource and eventName, Okta's eventType, Entra's OperationName or properties.message, M365's Operation,
 * GCP's gcp.audit.method_name). For CloudTrail `events` is the eventName list of one eventSource. A Kubernetes
 * event is a request, `verb resource[/subresource]` (`create pods/exec`), which the rule writes as the verb and
 * the objectRef fields (cloud-kubernetes.ts).
 */
export interface CloudSelection {
  /** CloudTrail only: the service that writes the events. */
  eventSource?: string;
  /** The field the events are named in. */
  field: string;
  /** The event names that show the behaviour, as the log writes them. */
  events: string[];
  /** Fields every record of the behaviour carries besides its name (Entra's LoggedByService). */
  with?: Record<string, string | string[]>;
  /**
   * Events whose name is an ordinary word (Publish, Search): read only where the article writes them as the
   * call, with their service (`sns:Publish`), as a record's eventName or as the AWS CLI command.
   */
  qualified?: string[];
}

/**
 * A cloud or identity behaviour a CTI article describes: attackers creating access keys, stopping
 * CloudTrail, registering their own MFA method, resetting an Okta user's factors. The rule keys on what
 * the behaviour is in the audit log (the API or operation), never on what only this intrusion had (the user
 * name, the key id). Knowledge goes here, not into ifs.
 */
export interface CloudBehaviour {
  id: string;
  log: CloudLog;
  selections: CloudSelection[];
  /**
   * Prose that shows the behaviour when the article names no event (`registered a new MFA method`). Read
   * only where the article is about the provider (see CLOUD_CONTEXT).
   */
  prose?: RegExp;
  /**
   * Prose that shows one call of the behaviour (`stole secrets from Secrets Manager` is GetSecretValue): the
   * rule keys on that call as if the article had named it, not on every call of the behaviour.
   */
  eventProse?: Readonly<Record<string, RegExp>>;
  /**
   * Discovery and routine calls (ListBuckets, GetSecretValue, RunInstances) that every account makes all
   * day: a rule on them is only worth deploying scoped to the addresses the article reports for the actor,
   * and none is written when it reports none.
   */
  needsScope?: boolean;
  title: string;
  /** What the behaviour does, for the description. */
  does: string;
  tags: string[];
  level: SigmaLevel;
  falsepositives: string[];
}
