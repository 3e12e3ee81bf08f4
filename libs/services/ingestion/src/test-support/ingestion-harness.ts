import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { startServiceForTest, type TestContext } from '@huntforge/service-testing';
import { createIngestionModule, type IngestionModule, type IngestionModuleOptions } from '../module';

export interface HarnessSource {
  identifier: string;
  url: string;
  kind: 'rss' | 'atom' | 'jsonfeed' | 'html';
  min_content_length?: number;
  lookback_days?: number;
  image_ocr_enabled?: boolean | null;
  active?: boolean;
}

export interface IngestionHarness {
  ctx: TestContext;
  module: IngestionModule;
  app: Express;
  http: ReturnType<typeof request>;
  /** Messages published on article.ingested, in order. */
  ingested: Array<{ article_id: number; hunt_score: number }>;
  sourceId(identifier: string): Promise<number>;
  close(): Promise<void>;
}

export interface HarnessOptions extends Omit<IngestionModuleOptions, 'env'> {
  sources?: HarnessSource[];
  env?: Record<string, string>;
  /** In-memory PGlite (default) or a scratch database on TEST_DATABASE_URL. */
  db?: 'pglite' | 'postgres';
}

/** Writes a sources file with the protected sources plus `sources`. */
export function writeSourcesFile(sources: HarnessSource[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'hf-sources-'));
  const entries = [
    ...sources.map((source) => ({ name: source.identifier, ...source })),
    { identifier: 'eval', name: 'Evaluation fixtures', url: 'https://huntforge.invalid/eval', kind: 'html', min_content_length: 0 },
    { identifier: 'manual', name: 'Manual scrapes', url: 'https://huntforge.invalid/manual', kind: 'html', min_content_length: 100 },
  ];
  const file = join(dir, 'sources.yaml');
  writeFileSync(file, `sources:\n${entries.map((entry) => `  - ${JSON.stringify(entry)}`).join('\n')}\n`);
  return file;
}

/**
 * The ingestion module as the runners compose it (createHttpApp → module router → finalizeHttpApp) on
 * in-memory PGlite and the in-process bus. Outbound fetches may reach 127.0.0.1 (the fixture server).
 */
export async function startIngestion(options: HarnessOptions = {}): Promise<IngestionHarness> {
  const env: Record<string, string> = {
    INGEST_ALLOW_PRIVATE_NETWORKS: 'true',
    INGEST_HOST_DELAY_MS: '0',
    INGEST_FETCH_TIMEOUT_MS: '3000',
    SOURCES_FILE: writeSourcesFile(options.sources ?? []),
    ...options.env,
  };
  const ingested: IngestionHarness['ingested'] = [];
  const { sources: _sources, db: _db, ...moduleOptions } = options;
  const { ctx, module, app, close } = await startServiceForTest(
    'ingestion',
    async (context) => {
      await context.bus.subscribe<{ article_id: number; hunt_score: number }>('test.ingested', ['article.ingested'], async (message) => {
        ingested.push(message.payload);
      });
      // Suites count the articles they store; the eval snapshots are seeded only where a suite asks for them.
      return createIngestionModule(context, { registerJobs: true, seedEvalArticles: false, ...moduleOptions, env });
    },
    { context: { env, db: options.db } },
  );
  return {
    ctx,
    module,
    app,
    http: request(app),
    ingested,
    async sourceId(identifier) {
      const id = await module.ports.sources.findIdByIdentifier(identifier);
      if (id === null) throw new Error(`no source ${identifier}`);
      return id;
    },
    close,
  };
}
