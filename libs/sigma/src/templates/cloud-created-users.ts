import type { SigmaFieldMap } from '@huntforge/contracts/sigma';
import { mergeTags } from './attack-inference';
import { CLOUD_LOGSOURCES } from './cloud-behaviours';
import { REQUEST_PARAMETERS, type ParameterReading } from './cloud-parameters';
import { buildRule, citation, type ArticleRef, type RuleDraft } from './rule-draft';

/**
 * The IAM users an intruder created are its own identities: every later call made as one of them (a console
 * sign-in, discovery, the next user created) is the intruder's, whatever it does. The article states their names
 * for the CreateUser call (cloud-parameters.ts: the request's userName, a table row, `named after the pattern
 * aws-cli[random]`); the calls they make carry the name as userIdentity.userName.
 */

const CREATED_USER_NAME = REQUEST_PARAMETERS.find((parameter) => parameter.field === 'requestParameters.userName');

/** Where a CloudTrail record names the IAM user that made the call, as SigmaHQ's rules name it. */
export const ACTING_USER_FIELD = 'userIdentity.userName';

/** The names of the IAM users the article says the intruder created, or null when it names none. */
export function createdUserNames(content: string | undefined, createUserStated: boolean): ParameterReading | null {
  if (!content || !createUserStated || !CREATED_USER_NAME) return null;
  return CREATED_USER_NAME.read(content);
}

/** A name a record carries that the rule's value matches (a prefix gets a suffix, as the intruder's random one). */
export const actingUserName = (reading: ParameterReading, value: string | number | boolean): string =>
  reading.modifier === 'startswith' ? `${String(value)}01` : String(value);

/** One indicator rule: the calls made as the IAM users the intruder created. */
export function createdUserRule(article: ArticleRef, subject: string, reading: ParameterReading): RuleDraft {
  const key = reading.modifier ? `${ACTING_USER_FIELD}|${reading.modifier}` : ACTING_USER_FIELD;
  const values = reading.values.map(String);
  const selection: SigmaFieldMap = { [key]: values.length === 1 ? (values[0] as string) : values };
  const named = reading.modifier === 'startswith' ? `named starting ${values.join(', ')}` : `named ${values.join(', ')}`;
  return {
    telemetryClass: 'cloud_indicator',
    rule: buildRule(
      {
        title: `AWS Activity Of IAM Users Created In ${subject}`,
        description: `Detects calls made as the IAM users the intruder created (${named}) ${citation(article)}: once it holds their credentials, every call they make is its own.`,
        logsource: { ...CLOUD_LOGSOURCES.cloudtrail },
        detection: { selection, condition: 'selection' },
        tags: mergeTags(['attack.persistence', 'attack.t1136.003', 'attack.initial-access', 'attack.t1078.004']),
        level: 'high',
        falsepositives: ['An administrator who later created a user of the same name: check when and by whom it was created'],
      },
      article,
      `${article.url}|cloud_indicator|created-users|${values.join('\u0000')}`,
    ),
    detectionValues: values,
  };
}
