import type { SettingEntry } from '@huntforge/contracts/settings';
import type { SettingsStore } from '@huntforge/data';
import { assertAllowedBaseUrl, type BaseUrlGuardOptions } from '../outbound/base-url-guard';
import { announceSettingChange, SETTINGS_UPDATED, type AnnounceSettingChangeDeps } from './announce-setting-change';
import { toSettingEntry } from './setting-entry';
import { settingsHttpError } from './settings-errors';

export interface UpdateSettingDeps extends AnnounceSettingChangeDeps {
  store: Pick<SettingsStore, 'set'>;
  baseUrls: BaseUrlGuardOptions;
}

export interface UpdateSettingCommand {
  key: string;
  value: string;
  /** Who asked (audited); null when authentication is off. */
  actor: string | null;
}

/** PUT /api/settings/{key}: a base URL must pass the outbound guard; the write is then stored, audited and announced. */
export async function updateSetting(deps: UpdateSettingDeps, command: UpdateSettingCommand): Promise<SettingEntry> {
  const { key, value, actor } = command;
  await assertAllowedBaseUrl(key, value, deps.baseUrls);
  const view = await deps.store.set(key, value, actor).catch((error: unknown) => Promise.reject(settingsHttpError(error, 400)));
  await announceSettingChange(deps, { key, type: SETTINGS_UPDATED, actor });
  return toSettingEntry(view);
}
