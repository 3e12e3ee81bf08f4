import type { SettingEntry } from '@huntforge/contracts/settings';
import type { SettingsStore } from '@huntforge/data';
import { toSettingEntry } from './setting-entry';
import { settingsHttpError } from './settings-errors';

export interface GetSettingDeps {
  store: Pick<SettingsStore, 'describe'>;
}

export interface GetSettingCommand {
  key: string;
}

/** GET /api/settings/{key}: one setting (404 unknown_setting for a key the store does not know). */
export async function getSetting(deps: GetSettingDeps, command: GetSettingCommand): Promise<SettingEntry> {
  const view = await deps.store.describe(command.key).catch((error: unknown) => Promise.reject(settingsHttpError(error, 404)));
  return toSettingEntry(view);
}
