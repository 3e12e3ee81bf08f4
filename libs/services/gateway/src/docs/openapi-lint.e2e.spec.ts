import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { startGateway, type GatewayHarness } from '../test-support/gateway-harness';

const repoRoot = resolve(__dirname, '../../../../..');

/**
 * Warnings of Redocly's recommended rules that stay, each for a reason: two path pairs the service contract fixes
 * (openapi-document.db.spec.ts explains them), and MCP's GET and DELETE, which only ever answer 405 (stateless server).
 */
const EXPECTED_WARNINGS = [
  'no-ambiguous-paths #/paths/~1api~1workflow~1config~1prompts~1{agent_name}~1rollback',
  'no-ambiguous-paths #/paths/~1api~1workflow~1config~1prompts~1{agent_name}~1versions',
  'operation-2xx-response #/paths/~1mcp/delete/responses',
  'operation-2xx-response #/paths/~1mcp/get/responses',
];

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

describe('Redocly lint of the served /openapi.json', () => {
  const dir = mkdtempSync(join(tmpdir(), 'huntforge-openapi-'));
  let gateway: GatewayHarness;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports no error and only the explained warnings', async () => {
    const document = (await request(gateway.app).get('/openapi.json').expect(200)).body as unknown;
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const run = spawnSync(
      process.execPath,
      [join(repoRoot, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', file, '--format=json', '--extends=recommended'],
      {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        timeout: 120_000,
      },
    );
    const { problems } = JSON.parse(run.stdout) as { problems: Problem[] };
    expect(problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual(
      [],
    );
    const warnings = problems.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}`).sort();
    expect(warnings).toEqual(EXPECTED_WARNINGS);
  }, 150_000);
});
