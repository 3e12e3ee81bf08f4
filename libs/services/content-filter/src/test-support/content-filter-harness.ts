import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import { createHttpApp, finalizeHttpApp, type ServiceModule } from '@huntforge/platform';
import { createTestContext, type TestContext } from '@huntforge/service-testing';
import { resolveFixturesDir } from '../artifacts/fixtures';
import { LocalArtifactFiles } from '../artifacts/local-artifact-files';
import type { ContentFilterDeps } from '../deps';
import { composeContentFilter } from '../module';

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
  deps: ContentFilterDeps;
  module: ServiceModule;
  app: Express;
  artifactsDir: string;
  /** This replica's local artifact copies. */
  files: LocalArtifactFiles;
  createArticle(content: string, title?: string): Promise<number>;
  close(): Promise<void>;
}

let articleCounter = 0;

/** The content-filter module on an in-memory PGlite and the in-process bus, mounted like the runners do. */
export async function startContentFilter(options: HarnessOptions = {}): Promise<ContentFilterHarness> {
  const ctx = options.ctx ?? (await createTestContext({ service: 'content-filter' }));
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
  const { module, deps } = composeContentFilter(ctx, { env: options.env ?? {}, artifactsDir, fixturesDir });
  const app = createHttpApp({ logger: ctx.logger, serviceName: 'content-filter' });
  if (module.http) app.use(module.http.router);
  finalizeHttpApp(app);
  await module.start();

  return {
    ctx,
    deps,
    module,
    app,
    artifactsDir,
    files: new LocalArtifactFiles(artifactsDir),
    async createArticle(content, title = 'Test article') {
      const n = ++articleCounter;
      const source = await ctx.db.prisma.source.upsert({
        where: { identifier: 'cf-test' },
        create: { identifier: 'cf-test', name: 'Content-filter tests', url: 'https://example.test/feed', kind: 'rss' },
        update: {},
      });
      const article = await ctx.db.prisma.article.create({
        data: {
          sourceId: source.id,
          canonicalUrl: `https://example.test/a/${process.pid}-${n}-${Date.now()}`,
          url: `https://example.test/a/${n}`,
          title,
          content,
          contentHash: `${process.pid}-${n}-${Date.now()}`.padEnd(64, '0').slice(0, 64),
          simhash: BigInt(n),
          simhashBands: [],
        },
      });
      return article.id;
    },
    async close() {
      await module.stop();
      if (!options.ctx) await ctx.dispose();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
