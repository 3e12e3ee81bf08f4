import { Router } from 'express';
import { settingsRoutes as routes } from '@huntforge/contracts/api';
import { actorOf, mountRoute } from '@huntforge/platform';
import type { SettingsStore } from '@huntforge/data';
import { noStore } from '../http/no-store';
import type { BaseUrlGuardOptions } from '../outbound/base-url-guard';
import type { AnnounceSettingChangeDeps } from './announce-setting-change';
import { deleteSetting } from './delete-setting';
import { getSetting } from './get-setting';
import { listSettings } from './list-settings';
import { updateSetting } from './update-setting';

export interface SettingsRouterDeps extends AnnounceSettingChangeDeps {
  store: Pick<SettingsStore, 'list' | 'describe' | 'set' | 'remove'>;
  baseUrls: BaseUrlGuardOptions;
}

/**
 * GET/PUT/DELETE /api/settings. Reads never return a sensitive value and are never cached (noStore runs before
 * parsing, so even a refused request's answer is not); writes (admin, per the access rule) are audited by key only
 * and announced on `settings.changed` after they commit.
 */
export function settingsRouter(deps: SettingsRouterDeps): Router {
  const router = Router();
  const before = [noStore];
  mountRoute(router, routes.getSettings, () => listSettings(deps), { before });
  mountRoute(router, routes.getSetting, ({ params }) => getSetting(deps, { key: params.key }), { before });
  mountRoute(
    router,
    routes.putSetting,
    ({ params, body, req }) => updateSetting(deps, { key: params.key, value: String(body.value), actor: actorOf(req) }),
    { before },
  );
  mountRoute(router, routes.deleteSetting, ({ params, req }) => deleteSetting(deps, { key: params.key, actor: actorOf(req) }), {
    before,
  });
  return router;
}
