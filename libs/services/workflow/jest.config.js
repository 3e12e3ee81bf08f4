const preset = require('../../../jest.preset.js');

// @openai/codex-sdk is ESM-only: keep `import()` as a real dynamic import (jest loads it as an ES
// module under --experimental-vm-modules) instead of swc's require() rewrite, which cannot load it.
const [pattern, [transformer, options]] = Object.entries(preset.transform)[0];

module.exports = {
  displayName: 'service-workflow',
  preset: '../../../jest.preset.js',
  rootDir: '.',
  transform: { [pattern]: [transformer, { ...options, module: { ...options.module, ignoreDynamic: true } }] },
  // End-to-end pipeline tests run the content filter in-process: onnxruntime-node needs the host realm's typed arrays.
  testEnvironment: '<rootDir>/../../ml/src/test-support/onnx-environment.js',
  // Suites boot the whole service in their hooks: see the test kit's service-suite-timeout.ts.
  setupFilesAfterEnv: ['<rootDir>/../../test-kit/src/jest/service-suite-timeout.ts'],
};
