/**
 * RabbitMQ tests run when TEST_AMQP_URL is set. With REQUIRE_INFRA=1 (CI) a missing URL fails the suite
 * instead of skipping it, and an unreachable broker fails every test through the bus's connect error.
 * (The bus lib cannot use libs/testing, which depends on it.)
 */
export function rabbitUrlForTests(env: NodeJS.ProcessEnv = process.env): string | null {
  const url = env['TEST_AMQP_URL']?.trim();
  if (url) return url;
  if (env['REQUIRE_INFRA'] === '1' || env['REQUIRE_INFRA'] === 'true') {
    throw new Error('REQUIRE_INFRA is set but TEST_AMQP_URL is not: RabbitMQ bus tests cannot run');
  }
  return null;
}
