/**
 * Infrastructure tests run when their server URL is set. `npm test` sets the URLs itself when local
 * PostgreSQL and RabbitMQ answer on their default ports (see local-infra.ts, run by jest's global
 * setup). With REQUIRE_INFRA=1 (CI) a missing URL is a failure, not a skip, so a CI machine without
 * PostgreSQL or RabbitMQ can never pass silently.
 */
import { relative } from 'node:path';

export type InfraKind = 'postgres' | 'rabbitmq';

export const INFRA_URL_VARIABLES: Readonly<Record<InfraKind, string>> = {
  postgres: 'TEST_DATABASE_URL',
  rabbitmq: 'TEST_AMQP_URL',
};

export function infraRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return env['REQUIRE_INFRA'] === '1' || env['REQUIRE_INFRA'] === 'true';
}

/** The server URL for `kind`, or null when the tests should be skipped. Throws when required but unset. */
export function infraUrl(kind: InfraKind, env: NodeJS.ProcessEnv = process.env): string | null {
  const variable = INFRA_URL_VARIABLES[kind];
  const url = env[variable]?.trim();
  if (url) return url;
  if (infraRequired(env)) {
    throw new Error(`REQUIRE_INFRA is set but ${variable} is not: ${kind} infrastructure tests cannot run`);
  }
  return null;
}

/** `describe` when the server is configured, `describe.skip` otherwise (never skip under REQUIRE_INFRA). */
export function describeWithInfra(kind: InfraKind): jest.Describe {
  return infraUrl(kind) ? describe : describe.skip;
}

/**
 * Says why tests are skipped. Straight to stderr, not through console: jest drops the console output of a file
 * whose tests were all skipped whenever it runs more than one file, so a console line would vanish in `npm test`.
 */
function announceSkip(reason: string): void {
  const file = expect.getState().testPath;
  process.stderr.write(`skipped${file ? ` ${relative(process.cwd(), file)}` : ''}: ${reason}\n`);
}

/** `itWhen` for a whole suite. */
export function describeWhen(available: boolean, reason: string): jest.Describe {
  if (available || infraRequired()) return describe;
  announceSkip(reason);
  return describe.skip;
}

/**
 * `it` when `available` (a program or server the test needs is present), `it.skip` otherwise; under
 * REQUIRE_INFRA it is always `it`, so CI fails instead of skipping. Say why with `reason` (printed once).
 */
export function itWhen(available: boolean, reason: string): jest.It {
  if (available || infraRequired()) return it;
  announceSkip(reason);
  return it.skip;
}
