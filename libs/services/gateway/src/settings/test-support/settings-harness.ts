import { Router, type Express } from 'express';
import type { Role } from '@huntforge/contracts';
import { startServiceForTest, type TestContext } from '@huntforge/service-testing';
import { createApiToken } from '../../auth/api-tokens';
import { createAuthMiddleware } from '../../auth/authenticate';
import { providerTestsRouter } from '../../provider-tests/provider-tests-router';
import { settingsDepsOf } from '../settings-deps';
import { settingsRouter } from '../settings-router';

export const TEST_ENCRYPTION_KEY = 'a1'.repeat(32);

export interface SettingsHarness {
  app: Express;
  ctx: TestContext;
  token(role: Role): Promise<string>;
  close(): Promise<void>;
}

let counter = 0;

/** The two routers as the gateway module mounts them. */
function settingsRoutes(context: TestContext, env: Record<string, string | undefined>): Router {
  const deps = settingsDepsOf(context, env);
  return Router().use(settingsRouter(deps.settings), providerTestsRouter(deps.providerTests));
}

/**
 * The gateway's settings and provider-test routes behind its real authentication, on PGlite and the
 * in-process bus; `env` is both the settings' environment fallback and the provider-test config.
 */
export async function startSettingsHarness(
  env: Record<string, string | undefined> = {},
  options: { encryptionKey?: string | null } = {},
): Promise<SettingsHarness> {
  const key = options.encryptionKey === undefined ? TEST_ENCRYPTION_KEY : options.encryptionKey;
  // Only the settings routes, as a module of their own, behind the gateway's authentication.
  const { app, ctx, close } = await startServiceForTest(
    'gateway',
    (context) => ({
      name: 'settings',
      http: { prefixes: [], router: settingsRoutes(context, env) },
      start: async () => undefined,
      stop: async () => undefined,
    }),
    {
      context: { env: { AUTH_MODE: 'required', ...(key ? { SETTINGS_ENCRYPTION_KEY: key } : {}), ...env } },
      before: (served, context) =>
        served.use(
          createAuthMiddleware({
            tokens: context.db.repos.apiTokens,
            sessions: context.db.repos.webSessions,
            mode: 'required',
            logger: context.logger,
          }),
        ),
    },
  );
  return {
    app,
    ctx,
    token: async (role) => (await createApiToken(ctx.db.repos.apiTokens, { name: `settings-${role}-${++counter}`, role })).token,
    close,
  };
}
