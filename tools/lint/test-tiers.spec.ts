import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const repoRoot = resolve(__dirname, '../..');

/** What a tier may not use, by the cheapest tier that may (docs/architecture.md, "Tests"). */
const NEEDS: Array<{ tier: 'db' | 'infra' | 'e2e'; what: string; pattern: RegExp }> = [
  { tier: 'e2e', what: 'child processes', pattern: /from 'node:child_(?:process)'|spawnApp\(|runCli\(/ },
  {
    tier: 'infra',
    what: 'real PostgreSQL or RabbitMQ',
    pattern: /describeWithInfra\(|infraUrl\(|createScratchDatabase\(|createScratchVhost\(|availableDbKinds\(/,
  },
  {
    tier: 'db',
    what: 'a database, the bus or a harness',
    pattern: /from '@huntforge\/testing'|createTestContext\(|createTestDb\(|createDb\(|\/test-support\/[\w-]*harness'/,
  },
];
const ORDER = ['small', 'db', 'infra', 'e2e'] as const;

function tierOf(file: string): (typeof ORDER)[number] {
  return (/\.(db|infra|e2e)\.spec\.ts$/.exec(file)?.[1] as 'db' | 'infra' | 'e2e' | undefined) ?? 'small';
}

const specFiles = ['apps', 'libs', 'tools', 'deploy'].flatMap((top) =>
  readdirSync(resolve(repoRoot, top), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.spec.ts') && !/(^|\/)(node_modules|dist)\//.test(path))
    .map((path) => `${top}/${path}`),
);

describe('test tiers by file name', () => {
  it('finds the spec files', () => {
    expect(specFiles.length).toBeGreaterThan(100);
  });

  it('names every spec for the most expensive thing it uses', () => {
    const misnamed = specFiles.flatMap((file) => {
      const text = readFileSync(resolve(repoRoot, file), 'utf8');
      const tier = ORDER.indexOf(tierOf(file));
      return NEEDS.filter((need) => need.pattern.test(text) && ORDER.indexOf(need.tier) > tier).map(
        (need) => `${file} uses ${need.what}: name it *.${need.tier}.spec.ts or higher`,
      );
    });
    expect(misnamed).toEqual([]);
  });
});
