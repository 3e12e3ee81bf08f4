const { getJestProjectsAsync } = require('@nx/jest');

/** Every project's jest.config.js, as Nx sees them: `npm test` runs them all in one jest process. */
module.exports = async () => ({
  projects: await getJestProjectsAsync(),
  // A global option (ignored inside project configs). Suites start real PGlite, PostgreSQL and RabbitMQ;
  // on a loaded 2-core CI machine one migration can take seconds, so the 5 s default fails healthy hooks.
  testTimeout: 30_000,
});
