/**
 * The REQUIRE_INFRA decision for this lib's own tests. libs/testing has the shared version, but it
 * depends on this lib, so importing it here would make a dependency cycle.
 */
export function postgresTestUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  const url = env['TEST_DATABASE_URL']?.trim();
  if (url) return url;
  if (env['REQUIRE_INFRA'] === '1' || env['REQUIRE_INFRA'] === 'true') {
    throw new Error('REQUIRE_INFRA is set but TEST_DATABASE_URL is not: PostgreSQL contract tests cannot run');
  }
  return null;
}
