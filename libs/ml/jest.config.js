module.exports = {
  displayName: 'ml',
  preset: '../../jest.preset.js',
  rootDir: '.',
  // onnxruntime-node needs the host realm's typed arrays (see the environment file).
  testEnvironment: '<rootDir>/src/test-support/onnx-environment.js',
};
