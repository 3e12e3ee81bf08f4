module.exports = {
  displayName: 'service-sigma-queue',
  preset: '../../../jest.preset.js',
  rootDir: '.',
  // @octokit/rest and its dependencies ship ES modules only; let swc turn them into CommonJS.
  transformIgnorePatterns: [
    '/node_modules/(?!(@octokit|universal-user-agent|before-after-hook|fast-content-type-parse|json-with-bigint|content-type)/)',
  ],
};
