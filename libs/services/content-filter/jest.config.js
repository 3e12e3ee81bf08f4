module.exports = {
  displayName: 'service-content-filter',
  preset: '../../../jest.preset.js',
  rootDir: '.',
  // onnxruntime-node needs the host realm's typed arrays (see libs/ml's environment).
  testEnvironment: '<rootDir>/../../ml/src/test-support/onnx-environment.js',
  // Each suite starts an embedded PGlite, migrates it and trains the seed model: the hooks and tests that train
  // give their own timeouts (testTimeout is a global option, ignored in a project's config).
};
