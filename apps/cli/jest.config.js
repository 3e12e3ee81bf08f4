const preset = require('../../jest.preset.js');

// @openai/codex-sdk is ESM-only: keep `import()` as a real dynamic import (jest loads it as an ES
// module under --experimental-vm-modules) instead of swc's require() rewrite, which cannot load it.
const [pattern, [transformer, options]] = Object.entries(preset.transform)[0];

module.exports = {
  displayName: 'cli',
  preset: '../../jest.preset.js',
  rootDir: '.',
  transform: { [pattern]: [transformer, { ...options, module: { ...options.module, ignoreDynamic: true } }] },
  // The pipeline end-to-end test runs the content filter in-process: onnxruntime-node needs the host realm's typed arrays.
  // @octokit/rest and its dependencies ship ES modules only; let swc turn them into CommonJS.
  transformIgnorePatterns: [
    '/node_modules/(?!(@octokit|universal-user-agent|before-after-hook|fast-content-type-parse|json-with-bigint|content-type)/)',
  ],
  testEnvironment: '<rootDir>/../../libs/ml/src/test-support/onnx-environment.js',
};
