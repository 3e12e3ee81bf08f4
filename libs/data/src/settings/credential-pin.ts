import { findSettingDefinition, SETTING_DEFINITIONS, SETTINGS_ERROR_CODES } from '@huntforge/contracts/settings';
import type { Setting } from '../generated/prisma/client';

/**
 * A credential the settings reader will not hand out: its base URL setting changed after the credential
 * was entered (or, for an environment credential, a stored base URL differs from the environment's), so
 * sending it would give it to whoever chose the new URL. Entering the credential again pins it to the
 * URL as it is now.
 */
export class CredentialBaseUrlChangedError extends Error {
  readonly code = SETTINGS_ERROR_CODES.credentialBaseUrlChanged;

  constructor(
    readonly key: string,
    readonly baseUrlKey: string,
  ) {
    super(
      `${key} is withheld because ${baseUrlKey} changed after the credential was entered: an admin must enter ${key} again (PUT /api/settings/${key}) to use it with the new URL`,
    );
    this.name = 'CredentialBaseUrlChangedError';
  }
}

export function isCredentialBaseUrlChangedError(error: unknown): error is CredentialBaseUrlChangedError {
  return error instanceof CredentialBaseUrlChangedError;
}

type PinRow = Pick<Setting, 'value' | 'updatedAt'>;

const withoutTrailingSlash = (url: string) => url.trim().replace(/\/+$/, '');

/** The base URL setting `key` (a credential) is sent to, or null for a setting that is no credential. */
export function baseUrlKeyOf(key: string): string | null {
  return findSettingDefinition(key)?.sentTo?.baseUrlKey ?? null;
}

/** The credentials sent to the base URL setting `key` (none for any other setting). */
export function credentialsSentTo(key: string): string[] {
  return SETTING_DEFINITIONS.filter((definition) => definition.sentTo?.baseUrlKey === key).map((definition) => definition.key);
}

/**
 * A stored credential is pinned to the base URL as it was when the credential was entered: any change
 * of the base URL row since (a new value or a removal, which leaves a row with no value) withholds it.
 */
export function assertStoredCredentialPinned(key: string, credential: PinRow, baseUrl: PinRow | null): void {
  const baseUrlKey = baseUrlKeyOf(key);
  if (baseUrlKey && baseUrl && baseUrl.updatedAt.getTime() > credential.updatedAt.getTime()) {
    throw new CredentialBaseUrlChangedError(key, baseUrlKey);
  }
}

/** An environment credential goes only to the environment's base URL (else the default), never to a stored one that differs. */
export function assertEnvironmentCredentialPinned(key: string, baseUrl: PinRow | null, env: Record<string, string | undefined>): void {
  const sentTo = findSettingDefinition(key)?.sentTo;
  if (!sentTo || baseUrl?.value == null) return;
  const environmentUrl = env[sentTo.baseUrlKey]?.trim() || sentTo.defaultBaseUrl;
  if (withoutTrailingSlash(baseUrl.value) !== withoutTrailingSlash(environmentUrl)) {
    throw new CredentialBaseUrlChangedError(key, sentTo.baseUrlKey);
  }
}

/**
 * The time to record on a write so the order of a credential and its base URL is never ambiguous when
 * both land within one millisecond: a base URL change is strictly later than every credential sent to
 * it; a credential is never earlier than its base URL.
 */
export function pinnedWriteTime(now: Date, kind: 'base-url' | 'credential', others: readonly PinRow[]): Date {
  const latest = Math.max(now.getTime(), ...others.map((row) => row.updatedAt.getTime() + (kind === 'base-url' ? 1 : 0)));
  return new Date(latest);
}
