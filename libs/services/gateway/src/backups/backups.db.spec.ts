import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { backupDetailSchema, backupListResponseSchema } from '@huntforge/contracts/api';
import { startGateway, type GatewayHarness } from '../test-support/gateway-harness';

describe('/api/backups', () => {
  let dataDir: string;
  let gateway: GatewayHarness;
  let admin: string;
  let analyst: string;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const key = 'ab'.repeat(32);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'huntforge-gateway-backups-'));
    mkdirSync(join(dataDir, 'content-filter', 'live'), { recursive: true });
    writeFileSync(join(dataDir, 'content-filter', 'live', 'model.onnx'), 'model bytes');
    writeFileSync(join(dataDir, 'settings-encryption.key'), key, { mode: 0o600 });
    // Backups go to DATA_DIR/backups.
    gateway = await startGateway({ env: { DATA_DIR: dataDir } });
    admin = await gateway.token('admin', 'root');
    analyst = await gateway.token('analyst', 'analyst');
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let created: ReturnType<typeof backupDetailSchema.parse>;

  it('POST takes a backup of the live embedded database with the key and the model', async () => {
    const res = await request(gateway.app).post('/api/backups').set(as(admin)).expect(201);
    created = backupDetailSchema.parse(res.body);
    expect(created).toMatchObject({ database_kind: 'pglite', valid: true, problems: [] });
    expect(created.schema_migration).toMatch(/^\d{14}_/);
    expect(created.files.map((file) => file.path).sort()).toEqual([
      'data/content-filter/live/model.onnx',
      'data/settings-encryption.key',
      'database/pglite-datadir.tar.gz',
    ]);
    // The backup carries the key (that is its point), but the API never shows a file's content.
    expect(JSON.stringify(res.body)).not.toContain(key);
    expect(readFileSync(join(dataDir, 'backups', created.id, 'data', 'settings-encryption.key'), 'utf8')).toBe(key);
  }, 60_000);

  it('GET lists the backups and GET by id verifies every checksum', async () => {
    const list = backupListResponseSchema.parse((await request(gateway.app).get('/api/backups').set(as(admin)).expect(200)).body);
    expect(list.backup_dir).toBe(join(dataDir, 'backups'));
    expect(list.backups.map((backup) => backup.id)).toEqual([created.id]);

    const one = backupDetailSchema.parse((await request(gateway.app).get(`/api/backups/${created.id}`).set(as(admin)).expect(200)).body);
    expect(one).toMatchObject({ id: created.id, valid: true, verified: true });

    writeFileSync(join(dataDir, 'backups', created.id, 'data', 'content-filter', 'live', 'model.onnx'), 'tampered');
    const damaged = backupDetailSchema.parse(
      (await request(gateway.app).get(`/api/backups/${created.id}`).set(as(admin)).expect(200)).body,
    );
    expect(damaged).toMatchObject({ valid: false, problems: ['data/content-filter/live/model.onnx: size_mismatch'] });
  });

  it('answers 404 for an unknown backup, 400 for a malformed id, 422 for an unreadable manifest', async () => {
    const missing = await request(gateway.app).get('/api/backups/huntforge-20200101T000000000Z-000000').set(as(admin)).expect(404);
    expect(missing.body.error.code).toBe('backup_not_found');

    const malformed = await request(gateway.app).get('/api/backups/not-a-backup').set(as(admin)).expect(400);
    expect(malformed.body.error.code).toBe('validation_error');

    writeFileSync(join(dataDir, 'backups', created.id, 'manifest.json'), '{"format_version": 1}');
    const unreadable = await request(gateway.app).get(`/api/backups/${created.id}`).set(as(admin)).expect(422);
    expect(unreadable.body.error.code).toBe('backup_manifest_invalid');
    const listed = backupListResponseSchema.parse((await request(gateway.app).get('/api/backups').set(as(admin)).expect(200)).body);
    expect(listed.backups).toEqual([expect.objectContaining({ id: created.id, valid: false, database_kind: null })]);
  });

  it('refuses callers who are not admins, and callers without a token', async () => {
    expect((await request(gateway.app).post('/api/backups').set(as(analyst)).expect(403)).body.error.code).toBe('forbidden');
    expect((await request(gateway.app).get('/api/backups').set(as(analyst)).expect(403)).body.error.code).toBe('forbidden');
    expect((await request(gateway.app).post('/api/backups').expect(401)).body.error.code).toBe('unauthenticated');
    const list = backupListResponseSchema.parse((await request(gateway.app).get('/api/backups').set(as(admin)).expect(200)).body);
    expect(list.backups).toHaveLength(1);
  });
});
