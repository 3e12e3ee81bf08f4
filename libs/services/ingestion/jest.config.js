module.exports = {
  displayName: 'service-ingestion',
  preset: '../../../jest.preset.js',
  rootDir: '.',
  // Each service suite boots an in-memory PGlite with every migration, which takes seconds on a busy machine.
  testTimeout: 120_000,
};
