import { createSettingsStore } from '@huntforge/data';
import { decodeEncryptionKey, type ModuleContext } from '@huntforge/platform';
import { providerTestsConfig } from '../provider-tests/provider-tests-config';
import type { ProviderTestsRouterDeps } from '../provider-tests/provider-tests-router';
import { baseUrlGuardOptions } from '../outbound/base-url-guard';
import type { SettingsRouterDeps } from './settings-router';

export interface SettingsDeps {
  settings: SettingsRouterDeps;
  providerTests: ProviderTestsRouterDeps;
}

/**
 * What the settings and provider-test routers use, over one settings store. `env` supplies the
 * environment fallback and the provider-test config (process.env unless a test passes its own).
 */
export function settingsDepsOf(
  ctx: Pick<ModuleContext, 'db' | 'bus' | 'logger' | 'config'>,
  env: Record<string, string | undefined> = process.env,
): SettingsDeps {
  const encryptionKey = ctx.config.settingsEncryptionKey ? decodeEncryptionKey(ctx.config.settingsEncryptionKey) : null;
  const store = createSettingsStore(ctx.db.prisma, { encryptionKey, env });
  const baseUrls = baseUrlGuardOptions(env);
  return {
    settings: { store, bus: ctx.bus, audit: ctx.db.repos.audit, logger: ctx.logger, baseUrls },
    providerTests: { store, config: providerTestsConfig(env), logger: ctx.logger, baseUrls },
  };
}
