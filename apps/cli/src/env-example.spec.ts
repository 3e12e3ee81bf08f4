import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SETTING_KEYS } from '@huntforge/contracts/settings';
import { SHARED_ENV } from '@huntforge/platform';
import { ALL_IN_ONE_ENV } from './all-in-one-modules';

// .env.example must document every variable the code reads: the shared schema, each service's own schemas, the
// runtime settings (a variable is their fallback), and the few variables read directly (CLI, backups, tools).
const repoRoot = resolve(__dirname, '../../..');
const example = readFileSync(join(repoRoot, '.env.example'), 'utf8');
const documented = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]));

/** Read by the operating system, Node, jest or the test harness, not settings of Huntforge (USER and LOGNAME name the OS user for the CLI's audit actor). */
const NOT_SETTINGS = new Set(['PATH', 'HOME', 'USER', 'LOGNAME', 'JEST_WORKER_ID', 'NODE_OPTIONS', 'CI']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.(ts|tsx|mts|js)$/.test(path))
    .filter((path) => !/(^|\/)(node_modules|dist|generated|test-support|testing)\/|\.spec\.ts$|\.d\.ts$/.test(path))
    .map((path) => join(dir, path));
}

/** `process.env.NAME`, `env['NAME']`, `env.NAME` and `env?.NAME` in the shipped source of apps and libs. */
function readDirectly(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of [...sourceFiles(join(repoRoot, 'apps')), ...sourceFiles(join(repoRoot, 'libs'))]) {
    if (/libs\/(test-kit|testing|service-testing)\//.test(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/\benv(?:\?\.|\.|\[['"])([A-Z][A-Z0-9_]{2,})\b/g)) {
      found.set(match[1] ?? '', file.slice(repoRoot.length + 1));
    }
  }
  return found;
}

describe('.env.example', () => {
  const fromSchemas = [SHARED_ENV, ...ALL_IN_ONE_ENV].flatMap((schema) => Object.keys(schema.shape));

  it('documents every variable of the shared and service schemas', () => {
    expect(fromSchemas.length).toBeGreaterThan(60);
    expect(fromSchemas.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('documents every runtime setting (its variable is the fallback)', () => {
    expect(SETTING_KEYS.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('documents every variable the code reads directly', () => {
    const direct = readDirectly();
    expect(direct.size).toBeGreaterThan(10);
    const missing = [...direct]
      .filter(([name]) => !NOT_SETTINGS.has(name) && !documented.has(name))
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('lists no variable nothing reads', () => {
    const known = new Set([
      ...fromSchemas,
      ...SETTING_KEYS,
      ...readDirectly().keys(),
      'TEST_DATABASE_URL',
      'TEST_AMQP_URL',
      'REQUIRE_INFRA',
    ]);
    expect([...documented].filter((name) => !known.has(name))).toEqual([]);
  });
});
