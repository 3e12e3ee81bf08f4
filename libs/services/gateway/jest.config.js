module.exports = {
  displayName: 'service-gateway',
  preset: '../../../jest.preset.js',
  rootDir: '.',
  // Each suite starts an embedded PGlite and migrates it, which takes seconds on a busy 2-core machine.
  testTimeout: 30_000,
};
