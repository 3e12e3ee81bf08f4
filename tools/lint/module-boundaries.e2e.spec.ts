import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';

// The layer rules of docs/architecture.md live in eslint.config.mjs. The Nx rule silently skips itself when no
// project graph is cached, so prove here, on real files' paths, that it is active and says what it should.
const root = resolve(__dirname, '..', '..');

async function lintAs(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: resolve(root, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === '@nx/enforce-module-boundaries').map((m) => m.message);
}

describe('layer rules', () => {
  beforeAll(() => {
    execFileSync(process.execPath, [require.resolve('nx/bin/nx'), 'show', 'projects'], {
      cwd: root,
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
      stdio: 'ignore',
    });
  }, 120_000);

  it.each([
    [
      'a service lib importing another service',
      'libs/services/ingestion/src/probe.ts',
      "import { createGatewayModule } from '@huntforge/service-gateway';",
    ],
    ['a domain lib importing an adapter', 'libs/sigma/src/probe.ts', "import { createDb } from '@huntforge/data';"],
    // Probes chosen so no import cycle exists (the rule reports cycles with another message).
    ['contracts importing a domain lib', 'libs/contracts/src/probe.ts', "import { anything } from '@huntforge/scoring';"],
    ['an adapter importing the platform', 'libs/llm/src/probe.ts', "import { createLogger } from '@huntforge/platform';"],
    ['production code importing the testing lib', 'libs/platform/src/probe.ts', "import { createTestDb } from '@huntforge/testing';"],
  ])('refuses %s', async (_label, filePath, importLine) => {
    const messages = await lintAs(filePath, `${importLine}\nexport const used = [${importLine.match(/\{ (\w+) \}/)?.[1]}];\n`);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/can only depend on libs tagged with|cannot depend on any libs with tags/);
  });

  it.each([
    ['a service lib importing the platform', 'libs/services/ingestion/src/probe.ts', "import { createLogger } from '@huntforge/platform';"],
    ['a test importing the testing lib', 'libs/platform/src/probe.spec.ts', "import { createTestDb } from '@huntforge/testing';"],
    ['an app importing a service', 'apps/ingestion/src/probe.ts', "import { createIngestionModule } from '@huntforge/service-ingestion';"],
  ])('allows %s', async (_label, filePath, importLine) => {
    const messages = await lintAs(filePath, `${importLine}\nexport const used = [${importLine.match(/\{ (\w+) \}/)?.[1]}];\n`);
    expect(messages).toEqual([]);
  });
});
