// Runs once before every `npm test`: when no TEST_* URL is given, use the developer's local PostgreSQL
// and RabbitMQ if they answer on their default ports; otherwise say once which suites will skip.
// Jest loads this file outside the projects' moduleNameMapper, so the path alias does not resolve here.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { adoptLocalInfra } from '../../libs/test-kit/src/local-infra';
import { migratedPgliteImage } from './migrated-image';

export default async function globalSetup(): Promise<void> {
  // The fake model servers listen on loopback, which a hosted provider's base URL may only use with the operator's
  // opt-in (libs/llm vets each connection). Specs of the policy itself pass their options explicitly.
  process.env['PROVIDER_ALLOW_PRIVATE_NETWORKS'] ??= 'true';
  // The CLI caches parsed Sigma rules under the user's cache folder; a test run leaves nothing there (the cache's
  // own specs give it a folder of their own).
  process.env['HUNTFORGE_CACHE_DIR'] ??= 'off';
  // Suites start their in-memory PGlite from one migrated image instead of initdb plus migrations each (the
  // workers inherit this variable). The small tier opens no database, so it skips the build.
  const tiers = (process.env['TEST_TIERS'] ?? '').split(',').filter(Boolean);
  if (tiers.length === 0 || tiers.some((tier) => tier.trim() !== 'small')) process.env['TEST_PGLITE_IMAGE'] ??= migratedPgliteImage();
  const notes = await adoptLocalInfra(process.env);
  for (const note of notes) console.log(`\n${note}`);
}
