import type { ProviderTestResponse, TestedService } from '@huntforge/contracts/settings';
import type { Logger } from '@huntforge/platform';
import { runProviderCheck, type CheckDeps, type CheckInput } from './provider-checks';

export interface TestProviderDeps extends CheckDeps {
  logger: Logger;
}

export interface TestProviderCommand {
  service: TestedService;
  /** What the caller typed (a key, host, token or repository); the stored settings fill in the rest. */
  input: CheckInput;
}

/** POST /api/…/test: one provider's connectivity check, logged by outcome (never the credential). */
export async function testProvider(deps: TestProviderDeps, command: TestProviderCommand): Promise<ProviderTestResponse> {
  const { service, input } = command;
  const result = await runProviderCheck(deps, service, input);
  deps.logger.info(
    { provider: service, success: result.success, upstreamStatus: result.upstream_status ?? null },
    'provider connectivity test',
  );
  return result;
}
