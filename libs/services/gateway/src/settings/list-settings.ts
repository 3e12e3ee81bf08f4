import type { SettingEntry } from '@huntforge/contracts/settings';
import type { SettingsStore } from '@huntforge/data';
import { toSettingEntry } from './setting-entry';

export interface ListSettingsDeps {
  store: Pick<SettingsStore, 'list'>;
}

/** GET /api/settings: every known setting, sensitive ones by hint only. */
export async function listSettings(deps: ListSettingsDeps): Promise<{ settings: SettingEntry[] }> {
  return { settings: (await deps.store.list()).map(toSettingEntry) };
}
