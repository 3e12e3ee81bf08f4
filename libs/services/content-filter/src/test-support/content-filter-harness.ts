import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import type { ServiceModule } from '@huntforge/platform';
import { createArticle, startServiceForTest, type TestContext } from '@huntforge/service-testing';
import { resolveFixturesDir } from '../artifacts/fixtures';
import { LocalArtifactFiles } from '../artifacts/local-artifact-files';
import { composeContentFilter } from '../module';
import type { ContentFilterPorts } from '../ports';

export interface HarnessOptions {
  /** Service env (e.g. CHUNK_DEBUG_MAX_CHUNKS). */
  env?: Record<string, string>;
  /** Prepares a private copy of the fixtures (e.g. drop or relabel the eval set). */
  fixtures?: (dir: string) => void;
  /** Reuse another harness's context (a second replica on the same database). */
  ctx?: TestContext;
  /** Local artifact folder (default: a fresh one, as on a replica with its own disk). */
  artifactsDir?: string;
}

export interface ContentFilterHarness {
  ctx: TestContext;
  ports: ContentFilterPorts;
  module: ServiceModule;
  app: Express;
  artifactsDir: string;
  /** This replica's local artifact copies. */
  files: LocalArtifactFiles;
  createArticle(content: string, title?: string): Promise<number>;
  close(): Promise<void>;
}

/** The content-filter module on an in-memory PGlite and the in-process bus, mounted like the runners do. */
export async function startContentFilter(options: HarnessOptions = {}): Promise<ContentFilterHarness> {
  const scratch = mkdtempSync(join(tmpdir(), 'cf-test-'));
  const artifactsDir = options.artifactsDir ?? join(scratch, 'artifacts');
  let fixturesDir: string | undefined;
  if (options.fixtures) {
    fixturesDir = join(scratch, 'fixtures');
    const committed = resolveFixturesDir();
    if (!committed) throw new Error('fixtures/content-filter not found');
    cpSync(committed, fixturesDir, { recursive: true });
    options.fixtures(fixturesDir);
  }
  const composed: { ports?: ContentFilterPorts } = {};
  const service = await startServiceForTest(
    'content-filter',
    (context) => {
      const { module, ports } = composeContentFilter(context, { env: options.env ?? {}, artifactsDir, fixturesDir });
      composed.ports = ports;
      return module;
    },
    { ctx: options.ctx },
  );
  const { ctx, module, app } = service;
  const { ports } = composed;
  if (!ports) throw new Error('composeContentFilter returned no ports');

  return {
    ctx,
    ports,
    module,
    app,
    artifactsDir,
    files: new LocalArtifactFiles(artifactsDir),
    async createArticle(content, title = 'Test article') {
      return (await createArticle(ctx.db.prisma, { content, title })).id;
    },
    async close() {
      await service.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
