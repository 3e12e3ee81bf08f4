module.exports = {
  displayName: 'service-gateway',
  preset: '../../../jest.preset.js',
  rootDir: '.',
  // Its suites boot the gateway on PGlite within the global 30 s testTimeout (jest.config.js; a project's own is ignored).
};
