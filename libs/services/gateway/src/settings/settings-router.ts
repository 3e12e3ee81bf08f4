import { Router } from 'express';
import { noStore } from '../http/no-store';
import type { Bus } from '@huntforge/bus';
import {
  SETTINGS_ERROR_CODES,
  TOPICS,
  settingsRoutes as routes,
  type SettingEntry,
  type SettingsChangedPayload,
} from '@huntforge/contracts';
import {
  EncryptionKeyMissingError,
  InvalidSettingValueError,
  UnknownSettingError,
  type AuditRepository,
  type SettingsStore,
  type SettingView,
} from '@huntforge/data';
import { actorOf, HttpError, mountRoute, type Logger } from '@huntforge/platform';
import { assertAllowedBaseUrl, type BaseUrlGuardOptions } from '../outbound/base-url-guard';

export interface SettingsRouterDeps {
  store: SettingsStore;
  bus: Bus;
  audit: AuditRepository;
  logger: Logger;
  baseUrls: BaseUrlGuardOptions;
}

export const SETTINGS_UPDATED = 'settings.updated';
export const SETTINGS_DELETED = 'settings.deleted';

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

/** Store errors as client errors; the message never carries the value. GET answers 404 for a key it does not know. */
function toHttpError(error: unknown, unknownStatus: 400 | 404): unknown {
  if (error instanceof UnknownSettingError) {
    return new HttpError(
      unknownStatus,
      SETTINGS_ERROR_CODES.unknownSetting,
      `Unknown setting ${error.key}; GET /api/settings lists the known keys`,
      { key: error.key },
    );
  }
  if (error instanceof InvalidSettingValueError) {
    return new HttpError(400, SETTINGS_ERROR_CODES.invalidSettingValue, error.message, { key: error.key });
  }
  if (error instanceof EncryptionKeyMissingError) {
    return new HttpError(409, SETTINGS_ERROR_CODES.encryptionKeyMissing, error.message, { key: error.key });
  }
  return error;
}

/** Runs before parsing, so even a refused request's answer is never cached. */

/**
 * GET/PUT/DELETE /api/settings. Reads never return a sensitive value and are never cached; writes
 * (admin, per the access rule) are audited by key only and announced on `settings.changed` after they commit.
 */
export function settingsRouter(deps: SettingsRouterDeps): Router {
  const router = Router();

  const announce = async (key: string, type: string, actor: string | null) => {
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
  };

  const before = [noStore];
  mountRoute(router, routes.getSettings, async () => ({ settings: (await deps.store.list()).map(toSettingEntry) }), { before });

  mountRoute(
    router,
    routes.getSetting,
    async ({ params: { key } }) =>
      toSettingEntry(await deps.store.describe(key).catch((error: unknown) => Promise.reject(toHttpError(error, 404)))),
    { before },
  );

  mountRoute(
    router,
    routes.putSetting,
    async ({ params: { key }, body: { value }, req }) => {
      const actor = actorOf(req);
      await assertAllowedBaseUrl(key, String(value), deps.baseUrls);
      const view = await deps.store.set(key, String(value), actor).catch((error: unknown) => Promise.reject(toHttpError(error, 400)));
      await announce(key, SETTINGS_UPDATED, actor);
      return toSettingEntry(view);
    },
    { before },
  );

  mountRoute(
    router,
    routes.deleteSetting,
    async ({ params: { key }, req }) => {
      const actor = actorOf(req);
      const view = await deps.store.remove(key).catch((error: unknown) => Promise.reject(toHttpError(error, 400)));
      await announce(key, SETTINGS_DELETED, actor);
      return toSettingEntry(view);
    },
    { before },
  );

  return router;
}
