import { chmodSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { backupCronResponseSchema, hostCronResponseSchema } from '@huntforge/contracts/http';
import { createSettingsReader } from '@huntforge/data';
import { startGateway, type GatewayHarness } from '../test-support/gateway-harness';
import { BACKUP_SCHEDULE_UPDATED } from './update-backup-schedule';

/**
 * The routes over a stand-in `crontab` program (a shell script keeping the text in a file): the real
 * program and its refusals are covered by crontab-port.e2e.spec.ts on a scratch user.
 */
function fakeCrontab(dir: string): { program: string; store: string } {
  const program = join(dir, 'crontab');
  const store = join(dir, 'crontab.txt');
  writeFileSync(
    program,
    [
      '#!/bin/sh',
      'for last; do :; done',
      `store='${store}'`,
      'if [ "$last" = "-l" ]; then',
      '  if [ -f "$store" ]; then cat "$store"; else echo "no crontab for tester" >&2; exit 1; fi',
      'else',
      '  cat > "$store.tmp" && mv "$store.tmp" "$store"',
      'fi',
      '',
    ].join('\n'),
  );
  chmodSync(program, 0o755);
  return { program, store };
}

const FOREIGN = 'MAILTO=""\n# keep me\n*/15 * * * * /usr/local/bin/foreign-job --flag\n';

describe('backup scheduling routes', () => {
  let gateway: GatewayHarness;
  let admin: string;
  let analyst: string;
  let viewer: string;
  let dir: string;
  let fake: { program: string; store: string };
  const saved = { cwd: process.cwd(), command: process.env['CRONTAB_COMMAND'] };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hf-backup-cron-'));
    fake = fakeCrontab(dir);
    process.env['CRONTAB_COMMAND'] = fake.program;
    // The gateway resolves DATA_DIR (.data) against its working directory: keep the log folder out of the checkout.
    process.chdir(dir);
    try {
      gateway = await startGateway();
    } finally {
      process.chdir(saved.cwd);
    }
    admin = await gateway.token('admin', 'backup-admin');
    analyst = await gateway.token('analyst');
    viewer = await gateway.token('viewer');
  }, 120_000);
  afterAll(async () => {
    // If start-up outlived its hook on a loaded machine, the working directory may still be `dir`: leave it before
    // removing it, or every later suite in this worker fails on process.cwd().
    process.chdir(saved.cwd);
    await gateway?.close();
    if (saved.command === undefined) delete process.env['CRONTAB_COMMAND'];
    else process.env['CRONTAB_COMMAND'] = saved.command;
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (path: string, token = admin) => request(gateway.app).get(path).set('Authorization', `Bearer ${token}`);
  const put = (body: unknown, token = admin) =>
    request(gateway.app)
      .put('/api/backup/schedule')
      .set('Authorization', `Bearer ${token}`)
      .send(body as object);
  const crontabText = () => (existsSync(fake.store) ? readFileSync(fake.store, 'utf8') : null);
  const audits = () => gateway.db.repos.audit.list({ type: BACKUP_SCHEDULE_UPDATED });

  it('GET /api/backup/cron shows the defaults and no entries before anything is enabled', async () => {
    const body = backupCronResponseSchema.parse((await get('/api/backup/cron', viewer).expect(200)).body);
    expect(body).toMatchObject({
      settings: { enabled: false, backup_time: '02:00', cleanup_time: '03:00', cleanup_day: 0, retention_count: 14, updated_at: null },
      available: true,
      reason: null,
      entries: [],
      expected: [],
      in_sync: true,
    });
  });

  it('PUT enables the schedule: two managed lines after the foreign ones, settings stored, audited', async () => {
    writeFileSync(fake.store, FOREIGN);
    const body = backupCronResponseSchema.parse((await put({ enabled: true }).expect(200)).body);
    expect(body.settings).toMatchObject({ enabled: true, backup_time: '02:00', cleanup_time: '03:00', cleanup_day: 0 });
    expect(body.entries.map((entry) => [entry.marker, entry.schedule])).toEqual([
      ['backup', '0 2 * * *'],
      ['prune', '0 3 * * 0'],
    ]);
    expect(body.entries[0]?.command).toMatch(
      /^cd '.+' && '.+node[^']*' '.+\/apps\/cli\/bin\/huntforge\.js' backup create >> '.+\/logs\/backup-cron\.log' 2>&1$/,
    );
    expect(body.entries[1]?.command).toContain(' backup prune --keep 14 >> ');
    expect(body.in_sync).toBe(true);
    expect(existsSync(join(dir, '.data', 'logs'))).toBe(true);

    const text = crontabText() ?? '';
    expect(text.startsWith(FOREIGN)).toBe(true);
    expect(text.slice(FOREIGN.length).split('\n')).toEqual([
      expect.stringMatching(/# huntforge-managed:backup$/),
      expect.stringMatching(/# huntforge-managed:prune$/),
      '',
    ]);

    const [event] = await audits();
    expect(event).toMatchObject({
      actor: 'token:backup-admin',
      payload: {
        settings: { enabled: true },
        previous: { enabled: false },
        entries: [
          { marker: 'backup', schedule: '0 2 * * *' },
          { marker: 'prune', schedule: '0 3 * * 0' },
        ],
      },
    });
    // Stored as ordinary settings rows, readable like any other setting.
    await expect(createSettingsReader(gateway.db.prisma, { env: {} }).get('BACKUP_TIME')).resolves.toBe('02:00');
  });

  it('GET /api/cron lists every job line, foreign and managed, without comments or MAILTO', async () => {
    const body = hostCronResponseSchema.parse((await get('/api/cron').expect(200)).body);
    expect(body.available).toBe(true);
    expect(body.entries.map((entry) => [entry.schedule, entry.managed, entry.marker])).toEqual([
      ['*/15 * * * *', false, null],
      ['0 2 * * *', true, 'backup'],
      ['0 3 * * 0', true, 'prune'],
    ]);
    expect(body.entries[0]).toMatchObject({
      command: '/usr/local/bin/foreign-job --flag',
      raw: '*/15 * * * * /usr/local/bin/foreign-job --flag',
    });
  });

  it('PUT with new times replaces only our lines, and the same PUT again changes nothing', async () => {
    const body = { enabled: true, backup_time: '04:30', cleanup_time: '05:15', cleanup_day: 3, retention_count: 30 };
    const first = backupCronResponseSchema.parse((await put(body).expect(200)).body);
    expect(first.entries.map((entry) => entry.schedule)).toEqual(['30 4 * * *', '15 5 * * 3']);
    expect(first.settings).toMatchObject({ retention_count: 30, cleanup_day: 3 });
    expect(first.entries[1]?.command).toContain(' backup prune --keep 30 >> ');
    const text = crontabText();
    expect(text?.startsWith(FOREIGN)).toBe(true);
    await put(body).expect(200);
    expect(crontabText()).toBe(text);
    const listed = backupCronResponseSchema.parse((await get('/api/backup/cron', viewer).expect(200)).body);
    expect(listed).toMatchObject({ in_sync: true, settings: { backup_time: '04:30', enabled: true } });
  });

  it('GET /api/backup/cron says out of sync when someone edited our line by hand', async () => {
    const text = crontabText() ?? '';
    writeFileSync(fake.store, text.replace('30 4 * * *', '0 9 * * *'));
    try {
      const body = backupCronResponseSchema.parse((await get('/api/backup/cron').expect(200)).body);
      expect(body.in_sync).toBe(false);
      expect(body.entries[0]?.schedule).toBe('0 9 * * *');
      expect(body.expected[0]?.schedule).toBe('30 4 * * *');
    } finally {
      writeFileSync(fake.store, text);
    }
  });

  it('PUT disables: our lines go, the foreign crontab is byte-identical, the times are kept', async () => {
    const body = backupCronResponseSchema.parse((await put({ enabled: false }).expect(200)).body);
    expect(body).toMatchObject({ entries: [], expected: [], in_sync: true, settings: { enabled: false, backup_time: '04:30' } });
    expect(crontabText()).toBe(FOREIGN);
  });

  it.each([
    ['invalid_time', { enabled: true, backup_time: '25:00' }, 'backup_time'],
    ['invalid_time', { enabled: true, cleanup_time: '3pm' }, 'cleanup_time'],
    ['invalid_day', { enabled: true, cleanup_day: 7 }, 'cleanup_day'],
    ['invalid_retention', { enabled: true, retention_count: 0 }, 'retention_count'],
    ['validation_error', { enabled: 'yes' }, 'enabled'],
    ['validation_error', { enabled: true, minute: 5 }, 'minute'],
    ['validation_error', {}, 'enabled'],
  ])('PUT answers 400 %s and changes neither the crontab nor the settings', async (code, body, mentions) => {
    const before = { text: crontabText(), audits: (await audits()).length };
    const res = await put(body).expect(400);
    expect(res.body.error.code).toBe(code);
    expect(JSON.stringify(res.body.error)).toContain(mentions);
    expect(crontabText()).toBe(before.text);
    expect(await audits()).toHaveLength(before.audits);
  });

  it('PUT with malformed JSON answers 400 invalid_json', async () => {
    const res = await request(gateway.app)
      .put('/api/backup/schedule')
      .set('Authorization', `Bearer ${admin}`)
      .set('content-type', 'application/json')
      .send('{"enabled": ')
      .expect(400);
    expect(res.body.error.code).toBe('invalid_json');
  });

  it('only an admin changes the schedule or reads the host crontab; a viewer reads the backup entries', async () => {
    expect((await put({ enabled: true }, viewer).expect(403)).body.error.code).toBe('forbidden');
    expect((await put({ enabled: true }, analyst).expect(403)).body.error.code).toBe('forbidden');
    expect((await get('/api/cron', analyst).expect(403)).body.error.code).toBe('forbidden');
    await get('/api/backup/cron', viewer).expect(200);
    await request(gateway.app).get('/api/backup/cron').expect(401);
    await request(gateway.app).put('/api/backup/schedule').send({ enabled: true }).expect(401);
    expect(crontabText()).toBe(FOREIGN);
  });

  it('without a crontab program: reads answer available=false with the reason, PUT answers 503 cron_unavailable and stores nothing', async () => {
    const parked = `${fake.program}.parked`;
    renameSync(fake.program, parked);
    try {
      const cron = hostCronResponseSchema.parse((await get('/api/cron').expect(200)).body);
      expect(cron).toMatchObject({ available: false, entries: [] });
      expect(cron.reason).toMatch(/not installed on this host/);
      const backup = backupCronResponseSchema.parse((await get('/api/backup/cron').expect(200)).body);
      expect(backup).toMatchObject({ available: false, in_sync: false, settings: { enabled: false } });

      const before = (await audits()).length;
      const res = await put({ enabled: true }).expect(503);
      expect(res.body.error).toMatchObject({
        code: 'cron_unavailable',
        details: { reason: expect.stringMatching(/apt-get install cron/) },
      });
      expect(await audits()).toHaveLength(before);
      expect(backupCronResponseSchema.parse((await get('/api/backup/cron').expect(200)).body).settings.enabled).toBe(false);
    } finally {
      renameSync(parked, fake.program);
    }
  });
});
