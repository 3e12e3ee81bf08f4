module.exports = {
  displayName: 'service-mcp',
  preset: '../../../jest.preset.js',
  rootDir: '.',
  // Each suite starts an embedded PGlite and migrates it, which takes seconds on a busy machine.
  testTimeout: 60_000,
};
