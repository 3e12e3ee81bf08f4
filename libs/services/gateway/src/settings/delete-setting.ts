import type { SettingEntry } from '@huntforge/contracts/settings';
import type { SettingsStore } from '@huntforge/data';
import { announceSettingChange, SETTINGS_DELETED, type AnnounceSettingChangeDeps } from './announce-setting-change';
import { toSettingEntry } from './setting-entry';
import { settingsHttpError } from './settings-errors';

export interface DeleteSettingDeps extends AnnounceSettingChangeDeps {
  store: Pick<SettingsStore, 'remove'>;
}

export interface DeleteSettingCommand {
  key: string;
  /** Who asked (audited); null when authentication is off. */
  actor: string | null;
}

/** DELETE /api/settings/{key}: back to the environment's value or the default; audited and announced. */
export async function deleteSetting(deps: DeleteSettingDeps, command: DeleteSettingCommand): Promise<SettingEntry> {
  const { key, actor } = command;
  const view = await deps.store.remove(key).catch((error: unknown) => Promise.reject(settingsHttpError(error, 400)));
  await announceSettingChange(deps, { key, type: SETTINGS_DELETED, actor });
  return toSettingEntry(view);
}
