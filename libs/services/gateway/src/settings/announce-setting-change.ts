import type { Bus } from '@huntforge/bus';
import { TOPICS, type SettingsChangedPayload } from '@huntforge/contracts';
import type { AuditRepository } from '@huntforge/data';
import type { Logger } from '@huntforge/platform';

export const SETTINGS_UPDATED = 'settings.updated';
export const SETTINGS_DELETED = 'settings.deleted';

export interface AnnounceSettingChangeDeps {
  audit: Pick<AuditRepository, 'record'>;
  bus: Pick<Bus, 'publish'>;
  logger: Logger;
}

/**
 * After a write commits: audited by key only (never the value), logged, and announced on `settings.changed`. A failed
 * publish is logged, not reported: the write stands, and readers pick it up on their next read.
 */
export async function announceSettingChange(
  deps: AnnounceSettingChangeDeps,
  change: { key: string; type: typeof SETTINGS_UPDATED | typeof SETTINGS_DELETED; actor: string | null },
): Promise<void> {
  const { key, type, actor } = change;
  await deps.audit.record({ type, actor, payload: { key } });
  deps.logger.info({ settingKey: key, actor }, type);
  try {
    await deps.bus.publish<SettingsChangedPayload>(TOPICS.settingsChanged, { keys: [key] });
  } catch (error) {
    deps.logger.warn(
      { err: error instanceof Error ? error.message : String(error), settingKey: key },
      'setting saved but settings.changed was not published',
    );
  }
}
