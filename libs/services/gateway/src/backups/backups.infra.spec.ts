import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { backupDetailSchema } from '@huntforge/contracts/api';
import { describeWithInfra } from '@huntforge/test-kit';
import { startGateway, type GatewayHarness } from '../test-support/gateway-harness';

describeWithInfra('postgres')('/api/backups on PostgreSQL', () => {
  let dataDir: string;
  let gateway: GatewayHarness;
  let admin: string;
  const savedBinDir = process.env['PG_BIN_DIR'];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'huntforge-gateway-backups-pg-'));
    // The harness's scratch database is the config's DATABASE_URL, the one pg_dump reads.
    gateway = await startGateway({ db: 'postgres', env: { DATA_DIR: dataDir } });
    admin = await gateway.token('admin', 'root');
  }, 60_000);
  afterAll(async () => {
    if (savedBinDir === undefined) delete process.env['PG_BIN_DIR'];
    else process.env['PG_BIN_DIR'] = savedBinDir;
    await gateway?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('POST dumps the database with pg_dump', async () => {
    const res = await request(gateway.app)
      .post('/api/backups')
      .set({ Authorization: `Bearer ${admin}` })
      .expect(201);
    const detail = backupDetailSchema.parse(res.body);
    expect(detail).toMatchObject({ database_kind: 'postgres', valid: true });
    expect(detail.files.map((file) => file.path)).toContain('database/postgres.dump');
  }, 60_000);

  it('answers 503 pg_client_missing, keeping nothing, when the client programs are not installed', async () => {
    process.env['PG_BIN_DIR'] = join(dataDir, 'no-postgres-client-here');
    const res = await request(gateway.app)
      .post('/api/backups')
      .set({ Authorization: `Bearer ${admin}` })
      .expect(503);
    expect(res.body.error.code).toBe('pg_client_missing');
    const list = await request(gateway.app)
      .get('/api/backups')
      .set({ Authorization: `Bearer ${admin}` })
      .expect(200);
    expect(list.body.backups).toHaveLength(1);
  }, 60_000);
});
