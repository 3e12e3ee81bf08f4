import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { Express } from 'express';
import { backupDetailSchema } from '@huntforge/contracts';
import { createDb, createSettingsReader, migrateDb, type Db } from '@huntforge/data';
import { captureLogs, createHttpApp, createLogger, createScheduler, finalizeHttpApp, loadConfig } from '@huntforge/platform';
import { createScratchDatabase, describeWithInfra, infraUrl, type ScratchDatabase } from '@huntforge/test-kit';
import { createTestBus, type TestBus } from '@huntforge/testing';
import { createApiToken } from '../auth/api-tokens';
import { createGatewayModule } from '../gateway-module';

describeWithInfra('postgres')('/api/backups on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let dataDir: string;
  let db: Db;
  let bus: TestBus;
  let app: Express;
  let admin: string;
  const savedBinDir = process.env['PG_BIN_DIR'];

  beforeAll(async () => {
    scratch = await createScratchDatabase(infraUrl('postgres') as string);
    dataDir = mkdtempSync(join(tmpdir(), 'huntforge-gateway-backups-pg-'));
    db = await createDb({ databaseUrl: scratch.url });
    await migrateDb(db);
    bus = await createTestBus('in-process');
    const logger = createLogger({ level: 'silent', service: 'gateway', destination: captureLogs().stream });
    const config = loadConfig(
      { AUTH_MODE: 'required', DATA_DIR: dataDir, DATABASE_URL: scratch.url },
      { shape: 'all-in-one', service: 'gateway' },
    );
    const scheduler = createScheduler({ logger, locks: db.repos.jobLocks, runs: db.repos.jobRuns, holder: 'gateway-backups-pg-test' });
    const module = createGatewayModule(
      { config, db, bus, logger, scheduler, settings: createSettingsReader(db.prisma, { env: {} }) },
      { upstreams: [], serviceHealth: {}, webDistDir: null },
    );
    app = createHttpApp({ logger, serviceName: 'gateway' });
    if (module.http) app.use(module.http.router);
    finalizeHttpApp(app);
    admin = (await createApiToken(db.repos.apiTokens, { name: 'root', role: 'admin' })).token;
  }, 60_000);
  afterAll(async () => {
    if (savedBinDir === undefined) delete process.env['PG_BIN_DIR'];
    else process.env['PG_BIN_DIR'] = savedBinDir;
    await bus?.close();
    await db?.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('POST dumps the database with pg_dump', async () => {
    const res = await request(app)
      .post('/api/backups')
      .set({ Authorization: `Bearer ${admin}` })
      .expect(201);
    const detail = backupDetailSchema.parse(res.body);
    expect(detail).toMatchObject({ database_kind: 'postgres', valid: true });
    expect(detail.files.map((file) => file.path)).toContain('database/postgres.dump');
  }, 60_000);

  it('answers 503 pg_client_missing, keeping nothing, when the client programs are not installed', async () => {
    process.env['PG_BIN_DIR'] = join(dataDir, 'no-postgres-client-here');
    const res = await request(app)
      .post('/api/backups')
      .set({ Authorization: `Bearer ${admin}` })
      .expect(503);
    expect(res.body.error.code).toBe('pg_client_missing');
    const list = await request(app)
      .get('/api/backups')
      .set({ Authorization: `Bearer ${admin}` })
      .expect(200);
    expect(list.body.backups).toHaveLength(1);
  }, 60_000);
});
