import { readFileSync } from 'node:fs';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

// The layer rules of docs/architecture.md, bottom up. A lib may import only from the layers below it;
// service libs never import each other; nothing imports an app; `testing` is for tests only.
const productionConstraints = [
  { sourceTag: 'layer:contracts', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'layer:domain', onlyDependOnLibsWithTags: ['layer:contracts', 'layer:domain'] },
  { sourceTag: 'layer:adapter', onlyDependOnLibsWithTags: ['layer:contracts', 'layer:domain'] },
  { sourceTag: 'layer:platform', onlyDependOnLibsWithTags: ['layer:contracts', 'layer:domain', 'layer:adapter'] },
  {
    sourceTag: 'layer:service',
    onlyDependOnLibsWithTags: ['layer:contracts', 'layer:domain', 'layer:adapter', 'layer:platform'],
  },
  {
    sourceTag: 'layer:app',
    onlyDependOnLibsWithTags: ['layer:contracts', 'layer:domain', 'layer:adapter', 'layer:platform', 'layer:service'],
  },
  {
    sourceTag: 'layer:testing',
    // testing helpers may build on each other (service-testing composes testing's db and bus helpers)
    onlyDependOnLibsWithTags: ['layer:contracts', 'layer:domain', 'layer:adapter', 'layer:platform', 'layer:testing'],
  },
];

// Tests may additionally use the testing lib, and a service's own tests may compose other services
// the way the all-in-one runner does.
const testConstraints = productionConstraints.map((c) => ({
  ...c,
  onlyDependOnLibsWithTags: [...c.onlyDependOnLibsWithTags, 'layer:testing'],
}));

const boundaries = (depConstraints) => ['error', { enforceBuildableLibDependency: false, allow: [], depConstraints }];

const testFiles = ['**/*.spec.ts', '**/*.test.ts', '**/test-support/**/*.ts'];

// Prisma's client and generated types (models, enums, the Prisma namespace), as libs/data re-exports them: read
// from its index so a new model is covered without editing this list.
const prismaExports = (() => {
  const index = readFileSync(new URL('./libs/data/src/index.ts', import.meta.url), 'utf8');
  const blocks = index.matchAll(/export (?:type )?\{([^}]*)\} from '\.\/generated\/prisma\/client';/g);
  return [...blocks].flatMap((block) =>
    block[1]
      .split(',')
      .map((name) => name.trim().replace(/^type\s+/, ''))
      .filter(Boolean),
  );
})();

// Every service and app: use cases, routers, ports and apps never name Prisma's client or generated types (#36
// item 2); the rule below exempts repositories and test support.
const prismaFreeServices = ['libs/services/*/src/**/*.ts', 'apps/**/*.ts', 'apps/**/*.tsx'];

export default [
  { ignores: ['**/dist', '**/node_modules', '**/generated', 'tmp', '.data', 'coverage', '**/*.js', '**/*.mjs'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries(productionConstraints),
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    // Developer tools that drive a browser (screenshots) use the test kit's Chromium launcher.
    files: [...testFiles, 'tools/web/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': boundaries(testConstraints) },
  },
  {
    // Data ownership in code: only a service's repositories (and libs/data) talk to Prisma; use cases,
    // routers and consumers get repositories. Handing `ctx.db.prisma` to a repository's constructor is fine.
    files: ['libs/services/**/*.ts', 'apps/**/*.ts', 'apps/**/*.tsx'],
    ignores: ['**/repositories/**', ...testFiles],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // A transaction spanning repositories is the use case's to open.
          selector:
            "MemberExpression[object.name='prisma'][property.name!='$transaction'], MemberExpression[object.property.name='prisma'][property.name!='$transaction']",
          message: "Query the database through a repository in this service's repositories/ folder (or a read model in libs/data).",
        },
      ],
    },
  },
  {
    // Prisma's client and generated types only in repositories (and libs/data): use cases, routers, consumers and
    // ports speak the service's own records and the contracts' types.
    files: prismaFreeServices,
    ignores: ['**/repositories/**', ...testFiles],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@huntforge/data',
              importNames: prismaExports,
              message:
                "Prisma's client and generated types stay in repositories: use the service's records (records.ts) or the contracts' types.",
            },
            { name: '@huntforge/data/test-support', message: 'Entity factories are for specs and test support only.' },
          ],
          patterns: [
            {
              group: ['**/generated/prisma/**', '@prisma/client', '@prisma/client/**'],
              message: "Prisma's client and generated types stay in repositories and libs/data.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/jest.config.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  // A function longer than a screenful is split into named parts (issue #36). Specs are left out: a describe
  // block is a list of cases, not a function to read.
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: testFiles,
    rules: { 'max-lines-per-function': ['error', { max: 120 }] },
  },
];
