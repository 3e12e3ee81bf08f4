import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { resolveMigrationsDir } from './migrations-dir';

// Proves the committed migrations build exactly the schema Prisma's client is generated from, using
// Prisma's own schema engine (WebAssembly). It runs in a child process because the engine's glue is
// native ESM that jest's module system cannot load.
jest.setTimeout(120_000);

const run = promisify(execFile);
const migrationsDir = resolveMigrationsDir();
const repoRoot = dirname(dirname(migrationsDir));
const checkDrift = join(repoRoot, 'tools', 'prisma', 'check-drift.mjs');
const schemaPath = join(repoRoot, 'prisma', 'schema.prisma');

async function driftCheck(args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, [checkDrift, ...args], { cwd: repoRoot });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('prisma/migrations against prisma/schema.prisma', () => {
  it('has no drift', async () => {
    const result = await driftCheck(['--schema', schemaPath, '--migrations', migrationsDir]);
    expect(result).toEqual({ code: 0, stdout: expect.stringContaining('No drift') });
  });

  it('reports the missing SQL when the schema moves ahead of the migrations', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'huntforge-schema-'));
    try {
      const changed = join(dir, 'schema.prisma');
      const schema = await readFile(schemaPath, 'utf8');
      await writeFile(changed, `${schema}\nmodel DriftProbe {\n  id Int @id\n\n  @@map("drift_probe")\n}\n`);
      const result = await driftCheck(['--schema', changed, '--migrations', migrationsDir]);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain('CREATE TABLE "drift_probe"');
      // Migration-only objects (HNSW and GIN indexes, the generated search column) are never reported missing.
      expect(result.stdout).not.toContain('hnsw_idx');
      expect(result.stdout).not.toContain('trgm_idx');
      expect(result.stdout).not.toContain('search_vector');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
