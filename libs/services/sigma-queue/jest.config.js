module.exports = {
  displayName: 'service-sigma-queue',
  preset: '../../../jest.preset.js',
  rootDir: '.',
  // Suites boot the whole service in their hooks: see the test kit's service-suite-timeout.ts.
  setupFilesAfterEnv: ['<rootDir>/../../test-kit/src/jest/service-suite-timeout.ts'],
  // @octokit/rest and its dependencies ship ES modules only; let swc turn them into CommonJS.
  transformIgnorePatterns: [
    '/node_modules/(?!(@octokit|universal-user-agent|before-after-hook|fast-content-type-parse|json-with-bigint|content-type)/)',
  ],
};
