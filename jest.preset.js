// Shared jest settings for every project: swc transpiles (type-checking is `npm run typecheck`),
// and the tsconfig path aliases resolve to each lib's index.ts.
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = {};
for (const [alias, [target]] of Object.entries(compilerOptions.paths)) {
  moduleNameMapper[`^${alias.replace('/', '\\/')}$`] = path.join(__dirname, target);
}

module.exports = {
  testEnvironment: 'node',
  // Honoured when a project runs alone (`nx test <project>`); `npm test` sets the same in jest.config.js.
  testTimeout: 30_000,
  transform: {
    '^.+\\.[tj]s$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript', decorators: false }, target: 'es2022' },
        module: { type: 'commonjs' },
        sourceMaps: 'inline',
      },
    ],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper,
  testMatch: ['**/?(*.)+(spec|test).ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
