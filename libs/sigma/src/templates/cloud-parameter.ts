/**
 * A field of an audit record that tells the intruder's call from the account's routine ones: the policy attached
 * (AdministratorAccess), the instance type started (a metal or GPU size a miner wants), the range a security group
 * opens (0.0.0.0/0), the container image a task runs, a console sign-in without MFA, a discovery call made with a
 * long-term access key or denied. An engineer's rule keys on it when the article states it; the synthetic record
 * of the call carries it (evaluate/cloud-events.ts) so the rule's self-test reads it.
 */
export interface RequestParameter {
  /** The calls (eventName, Okta eventType) that carry the parameter. */
  events: readonly string[];
  /** The field as SigmaHQ's rules name it: the record's dotted path (requestParameters.policyArn, errorCode). */
  field: string;
  /** What the article states: the values the rule compares with, and how, or null when it states none. */
  read: (content: string) => ParameterReading | null;
  /**
   * The value names the parameter wherever the article states it (a managed policy, an instance size): read even
   * when only the article's prose shows the behaviour. A range or an image could be anything's, so those are read
   * only for a call the article names.
   */
  alone?: true;
  /** The value a record carries that the rule's value matches, when it is not the value itself. */
  recorded?: (value: ParameterValue) => unknown;
}

export type ParameterModifier = 'contains' | 'startswith' | 'endswith' | 'gte' | 'exists';
export type ParameterValue = string | number | boolean;

export interface ParameterReading {
  modifier?: ParameterModifier;
  values: ParameterValue[];
}
