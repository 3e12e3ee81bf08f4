const path = require('node:path');
const { getJestProjectsAsync } = require('@nx/jest');

/**
 * Test tiers, told apart by file name (docs/architecture.md): small = pure code, db = embedded PGlite
 * and the in-process bus, infra = real PostgreSQL and RabbitMQ, e2e = processes, browsers and external
 * programs. Each project's config becomes one jest project per tier (`<project>:<tier>`).
 */
const TIERS = {
  small: { match: ['**/*.spec.ts'], exclude: ['\\.(db|infra|e2e)\\.spec\\.ts$'] },
  db: { match: ['**/*.db.spec.ts'], exclude: [] },
  infra: { match: ['**/*.infra.spec.ts'], exclude: [] },
  e2e: { match: ['**/*.e2e.spec.ts'], exclude: [] },
};

/**
 * `TEST_TIERS=small,db` runs only those tiers. `npm test` sets small,db (under 10 minutes on a 2-core machine),
 * `npm run test:slow` infra,e2e, `npm run test:small` etc. one tier; a bare `npx jest <paths>` runs every tier.
 */
function selectedTiers() {
  const wanted = (process.env.TEST_TIERS ?? '')
    .split(',')
    .map((tier) => tier.trim())
    .filter(Boolean);
  const unknown = wanted.filter((tier) => !(tier in TIERS));
  if (unknown.length > 0) throw new Error(`Unknown TEST_TIERS ${unknown.join(', ')}; use ${Object.keys(TIERS).join(', ')}`);
  return wanted.length > 0 ? wanted : Object.keys(TIERS);
}

function tierProjects(projectDir, tiers) {
  const config = require(path.join(projectDir, 'jest.config.js'));
  return tiers.map((tier) => ({
    ...config,
    rootDir: projectDir,
    displayName: `${config.displayName}:${tier}`,
    testMatch: TIERS[tier].match,
    testPathIgnorePatterns: ['/node_modules/', '/dist/', ...TIERS[tier].exclude],
  }));
}

module.exports = async () => {
  const tiers = selectedTiers();
  const projectDirs = (await getJestProjectsAsync()).map((project) => project.replace('<rootDir>', __dirname));
  return {
    projects: projectDirs.flatMap((dir) => tierProjects(dir, tiers)),
    // A global option (ignored inside project configs). Suites start real PGlite, PostgreSQL and RabbitMQ;
    // on a loaded 2-core CI machine one migration can take seconds, so the 5 s default fails healthy hooks.
    testTimeout: 30_000,
    globalSetup: '<rootDir>/tools/jest/global-setup.ts',
    transform: require('./jest.preset.js').transform,
  };
};
