module.exports = {
  displayName: 'service-mcp',
  preset: '../../../jest.preset.js',
  rootDir: '.',
  // Suites boot the whole service in their hooks: see the test kit's service-suite-timeout.ts.
  setupFilesAfterEnv: ['<rootDir>/../../test-kit/src/jest/service-suite-timeout.ts'],
};
