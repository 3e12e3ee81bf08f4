import type { SettingEntry } from '@huntforge/contracts/settings';
import type { SettingView } from '@huntforge/data';

/** The API's view of a setting: a sensitive value is never in it (the store answers its hint instead). */
export function toSettingEntry(view: SettingView): SettingEntry {
  return {
    key: view.key,
    value: view.value,
    sensitive: view.sensitive,
    configured: view.configured,
    hint: view.hint,
    source: view.source,
    description: view.description,
    updated_at: view.updatedAt?.toISOString() ?? null,
  };
}
