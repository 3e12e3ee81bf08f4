const { getJestProjectsAsync } = require('@nx/jest');

/** Every project's jest.config.js, as Nx sees them: `npm test` runs them all in one jest process. */
module.exports = async () => ({ projects: await getJestProjectsAsync() });
