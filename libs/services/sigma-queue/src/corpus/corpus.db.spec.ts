import { rmSync, writeFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { REQUEST_KEYS } from '@huntforge/contracts';
import type { SigmaSimilarityBusResponse } from '@huntforge/contracts/sigma';
import { commitAll, gitRepo, rule, startSigmaQueue, writeTree, type SigmaQueueHarness } from '../test-support/harness';

const ID_A = '11111111-1111-4111-8111-111111111111';
const ID_B = '22222222-2222-4222-8222-222222222222';
const ID_C = '33333333-3333-4333-8333-333333333333';
const ID_D = '44444444-4444-4444-8444-444444444444';

describe('reference corpus', () => {
  let harness: SigmaQueueHarness;
  let upstream: string;

  beforeEach(async () => {
    upstream = gitRepo({
      'rules/windows/proc_certutil.yml': rule({ id: ID_A, title: 'Certutil Download', author: 'Florian Roth' }),
      'rules/windows/proc_bits.yml': rule({ id: ID_B, image: '\\bitsadmin.exe', args: ['/transfer'] }),
      'rules/windows/proc_old.yml': rule({ id: ID_C, status: 'deprecated' }),
      'rules/windows/broken.yml': 'title: broken\ndetection: {}\n',
      'deprecated/old.yml': rule({ id: ID_D }),
      '.github/workflows/ci.yml': 'on: push\n',
    });
    harness = await startSigmaQueue({ SIGMA_REFERENCE_REPO: `file://${upstream}` });
  });

  afterEach(async () => {
    await harness.close();
    rmSync(upstream, { recursive: true, force: true });
  });

  it('registers both scheduled jobs with their catalogue schedules', () => {
    const jobs = Object.fromEntries(harness.ctx.scheduler.list().map((job) => [job.id, job]));
    expect(jobs.sync_sigma_rules).toMatchObject({ cron: '0 4 * * 0', editable: true });
    expect(jobs.index_customer_repo).toMatchObject({ cron: '30 4 * * *', editable: false });
  });

  it('sync_sigma_rules clones with git, skips deprecated and invalid rules, keeps path, author, status and atoms', async () => {
    const run = await harness.ctx.scheduler.runNow('sync_sigma_rules');
    expect(run.outcome).toBe('succeeded');
    expect(run.detail).toMatchObject({ files: 4, indexed: 2, deprecated: 1, invalid: 1, commit: expect.stringMatching(/^[0-9a-f]{40}$/) });

    const rows = await harness.ctx.db.prisma.sigmaReferenceRule.findMany({ orderBy: { ruleId: 'asc' }, include: { atoms: true } });
    expect(rows.map((r) => r.ruleId)).toEqual([ID_A, ID_B]);
    expect(rows[0]).toMatchObject({
      path: 'rules/windows/proc_certutil.yml',
      author: 'Florian Roth',
      status: 'test',
      license: 'DRL-1.1',
      origin: 'sigmahq',
      telemetryClass: 'process_creation',
    });
    expect(rows[0]?.atoms.map((a) => a.atom).sort()).toEqual([
      'commandline|contains|-f',
      'commandline|contains|-urlcache',
      'image|endswith|\\certutil.exe',
    ]);

    const similar = await request(harness.app)
      .post('/api/sigma/similar')
      .send({ rule_yaml: rule({ id: ID_D, title: 'Mine' }) });
    expect(similar.status).toBe(200);
    expect(similar.body.max_similarity).toBe(1);
    expect(similar.body.matches[0].attribution).toEqual({
      rule_id: ID_A,
      title: 'Certutil Download',
      author: 'Florian Roth',
      license: 'DRL-1.1',
      path: 'rules/windows/proc_certutil.yml',
      origin: 'sigmahq',
    });

    const reference = await request(harness.app).get(`/api/sigma/reference-rules/${ID_A}`);
    expect(reference.body).toMatchObject({ author: 'Florian Roth', license: 'DRL-1.1' });
  });

  it('a second sync fetches, skips unchanged rules, re-indexes changed ones and removes deleted ones', async () => {
    await harness.ctx.scheduler.runNow('sync_sigma_rules');
    writeFileSync(
      join(upstream, 'rules/windows/proc_certutil.yml'),
      rule({ id: ID_A, title: 'Certutil Download v2', args: ['-urlcache', '-split'] }),
    );
    unlinkSync(join(upstream, 'rules/windows/proc_bits.yml'));
    commitAll(upstream, 'update');

    const run = await harness.ctx.scheduler.runNow('sync_sigma_rules');
    expect(run.detail).toMatchObject({ indexed: 1, unchanged: 0, removed: 1 });
    const rows = await harness.ctx.db.prisma.sigmaReferenceRule.findMany();
    expect(rows.map((r) => r.title)).toEqual(['Certutil Download v2']);

    const again = await harness.ctx.scheduler.runNow('sync_sigma_rules');
    expect(again.detail).toMatchObject({ indexed: 0, unchanged: 1, removed: 0 });
  });

  it('answers sigma.similarity.search on the bus, and reports unusable rules as errors', async () => {
    await harness.ctx.scheduler.runNow('sync_sigma_rules');
    const reply = await harness.ctx.bus.request<unknown, SigmaSimilarityBusResponse>(REQUEST_KEYS.sigmaSimilaritySearch, {
      rule_yaml: rule({ id: ID_D, args: ['-urlcache', '-f', '-split'] }),
      top: 5,
    });
    expect(reply).toMatchObject({ ok: true, inconclusive: false, corpus_size: 2 });
    if (!reply.ok) throw new Error('expected ok');
    expect(reply.matches[0]?.attribution.rule_id).toBe(ID_A);
    expect(reply.max_similarity).toBeGreaterThan(0.5);
    expect(reply.max_similarity).toBeLessThan(1);

    const bad = await harness.ctx.bus.request<unknown, SigmaSimilarityBusResponse>(REQUEST_KEYS.sigmaSimilaritySearch, {
      rule_yaml: 'title: x',
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_sigma' } });
  });

  it('POST /api/sigma/similar refuses an unusable rule with 400 invalid_sigma', async () => {
    const response = await request(harness.app).post('/api/sigma/similar').send({ rule_yaml: 'title: [' });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_sigma');
    expect(response.body.error.details.findings[0].id).toBe('yaml_syntax');
  });
});

describe('index_customer_repo', () => {
  let harness: SigmaQueueHarness;
  let repoPath: string;

  beforeEach(async () => {
    repoPath = writeTree({
      'detections/certutil.yml': rule({ id: ID_A, author: 'Blue Team' }),
      'detections/no_id.yml': rule({ id: ID_B }).replace(`id: ${ID_B}\n`, ''),
    });
    harness = await startSigmaQueue({ SIGMA_REPO_PATH: repoPath });
  });

  afterEach(async () => {
    await harness.close();
    rmSync(repoPath, { recursive: true, force: true });
  });

  it('indexes the customer repository and skips rules whose content hash is unchanged', async () => {
    const first = await harness.ctx.scheduler.runNow('index_customer_repo');
    expect(first.detail).toMatchObject({ status: 'indexed', indexed: 2, unchanged: 0 });
    const rows = await harness.ctx.db.prisma.sigmaReferenceRule.findMany({ orderBy: { path: 'asc' } });
    expect(rows.map((r) => [r.origin, r.path])).toEqual([
      ['customer', 'detections/certutil.yml'],
      ['customer', 'detections/no_id.yml'],
    ]);
    expect(rows[1]?.ruleId).toMatch(/^customer:[0-9a-f]{32}$/);

    const second = await harness.ctx.scheduler.runNow('index_customer_repo');
    expect(second.detail).toMatchObject({ status: 'indexed', indexed: 0, unchanged: 2 });
  });

  it('never runs twice at once: a held lock makes the run skip', async () => {
    expect(await harness.ctx.db.repos.jobLocks.tryAcquire('sigma-queue:index-customer-repo', 'another-replica', 60_000)).toBe(true);
    const run = await harness.ctx.scheduler.runNow('index_customer_repo');
    expect(run.detail).toEqual({ status: 'skipped', reason: 'another index run holds the lock' });
    expect(await harness.ctx.db.prisma.sigmaReferenceRule.count()).toBe(0);
  });
});
