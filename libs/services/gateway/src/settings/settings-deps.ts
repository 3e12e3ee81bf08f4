import { Router } from 'express';
import { createSettingsStore } from '@huntforge/data';
import { decodeEncryptionKey, type ModuleContext } from '@huntforge/platform';
import { providerTestsConfig } from '../provider-tests/provider-tests-config';
import { providerTestsRouter } from '../provider-tests/provider-tests-router';
import { baseUrlGuardOptions } from '../outbound/base-url-guard';
import { settingsRouter } from './settings-router';

/**
 * The gateway's settings and provider-test routes over one settings store. `env` supplies the
 * environment fallback and the provider-test config (process.env unless a test passes its own).
 */
export function settingsRoutes(
  ctx: Pick<ModuleContext, 'db' | 'bus' | 'logger' | 'config'>,
  env: Record<string, string | undefined> = process.env,
): Router {
  const encryptionKey = ctx.config.settingsEncryptionKey ? decodeEncryptionKey(ctx.config.settingsEncryptionKey) : null;
  const store = createSettingsStore(ctx.db.prisma, { encryptionKey, env });
  const router = Router();
  const baseUrls = baseUrlGuardOptions(env);
  router.use(settingsRouter({ store, bus: ctx.bus, audit: ctx.db.repos.audit, logger: ctx.logger, baseUrls }));
  router.use(providerTestsRouter({ store, config: providerTestsConfig(env), logger: ctx.logger, baseUrls }));
  return router;
}
