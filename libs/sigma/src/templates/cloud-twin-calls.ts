/**
 * Calls that are one action under two names: the same request through the service's other API version (SES v1's
 * GetSendQuota is SES v2's GetAccount), in batch (BatchGetSecretValue), or setting what the other sets (a console
 * password given by CreateLoginProfile or UpdateLoginProfile). Which of them a client sends depends on its SDK or
 * on whether the thing existed, not on the intruder, so an engineer keys a rule on both when the article names one.
 * Only calls of one behaviour's selection are added (cloud-rules.ts cuts a selection to the calls named and these).
 */
const TWIN_CALLS: readonly (readonly string[])[] = [
  ['CreateLoginProfile', 'UpdateLoginProfile'],
  ['GetSecretValue', 'BatchGetSecretValue'],
  ['GetParameter', 'GetParameters'],
  ['GetSendQuota', 'GetAccount'],
  ['ListIdentities', 'ListEmailIdentities'],
  ['DeleteObject', 'DeleteObjects'],
];

/** The calls named and their twins. */
export function withTwinCalls(named: readonly string[]): string[] {
  const twins = TWIN_CALLS.filter((group) => group.some((event) => named.includes(event))).flat();
  return [...new Set([...named, ...twins])];
}
