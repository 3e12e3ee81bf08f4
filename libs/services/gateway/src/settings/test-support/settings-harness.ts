import type { Express } from 'express';
import type { Role } from '@huntforge/contracts';
import { createHttpApp, finalizeHttpApp } from '@huntforge/platform';
import { createTestContext, type TestContext } from '@huntforge/service-testing';
import { createApiToken } from '../../auth/api-tokens';
import { createAuthMiddleware } from '../../auth/authenticate';
import { settingsRoutes } from '../settings-routes';

export const TEST_ENCRYPTION_KEY = 'a1'.repeat(32);

export interface SettingsHarness {
  app: Express;
  ctx: TestContext;
  token(role: Role): Promise<string>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * The gateway's settings and provider-test routes behind its real authentication, on PGlite and the
 * in-process bus; `env` is both the settings' environment fallback and the provider-test config.
 */
export async function startSettingsHarness(
  env: Record<string, string | undefined> = {},
  options: { encryptionKey?: string | null } = {},
): Promise<SettingsHarness> {
  const key = options.encryptionKey === undefined ? TEST_ENCRYPTION_KEY : options.encryptionKey;
  const ctx = await createTestContext({
    service: 'gateway',
    env: { AUTH_MODE: 'required', ...(key ? { SETTINGS_ENCRYPTION_KEY: key } : {}), ...env },
  });
  const app = createHttpApp({ logger: ctx.logger, serviceName: 'gateway' });
  app.use(
    createAuthMiddleware({ tokens: ctx.db.repos.apiTokens, sessions: ctx.db.repos.webSessions, mode: 'required', logger: ctx.logger }),
  );
  app.use(settingsRoutes(ctx, env));
  finalizeHttpApp(app);
  return {
    app,
    ctx,
    token: async (role) => (await createApiToken(ctx.db.repos.apiTokens, { name: `settings-${role}-${++counter}`, role })).token,
    close: () => ctx.dispose(),
  };
}
