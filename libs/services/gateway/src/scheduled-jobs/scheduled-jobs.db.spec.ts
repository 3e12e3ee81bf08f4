import request from 'supertest';
import { SCHEDULED_JOBS, TOPICS, type ScheduledJobsChangedPayload } from '@huntforge/contracts';
import { scheduledJobsResponseSchema } from '@huntforge/contracts/http';
import type { Envelope } from '@huntforge/contracts/messages';
import { startGateway, type GatewayHarness } from '../test-support/gateway-harness';
import { waitForValue as waitFor } from '@huntforge/test-kit';
import { createLogger, createScheduler, HttpError, respondToJobRuns } from '@huntforge/platform';
import { runScheduledJob } from './run-scheduled-job';
import { SCHEDULED_JOBS_UPDATED } from './update-scheduled-jobs';

describe('/api/scheduled-jobs', () => {
  let gateway: GatewayHarness;
  let admin: string;
  let viewer: string;

  beforeAll(async () => {
    gateway = await startGateway();
    admin = await gateway.token('admin', 'jobs-admin');
    viewer = await gateway.token('viewer');
  });
  afterAll(() => gateway.close());

  const put = (body: unknown) =>
    request(gateway.app)
      .put('/api/scheduled-jobs')
      .set('Authorization', `Bearer ${admin}`)
      .send(body as object);

  it('GET lists every catalogue job with its defaults, fixed ones not editable', async () => {
    const res = await request(gateway.app).get('/api/scheduled-jobs').set('Authorization', `Bearer ${viewer}`).expect(200);
    const { jobs } = scheduledJobsResponseSchema.parse(res.body);
    expect(Object.keys(jobs).sort()).toEqual(SCHEDULED_JOBS.map((job) => job.id).sort());
    expect(jobs['cleanup_old_data']).toMatchObject({ enabled: true, cron: '0 2 * * *', editable: true, updated_at: null });
    expect(jobs['update_provider_model_catalogs']).toMatchObject({ enabled: true, cron: '0 4 * * *', editable: true });
    expect(jobs['check_all_sources']).toMatchObject({ enabled: true, cron: '*/30 * * * *', editable: false });
    expect(jobs['generate_annotation_embeddings']).toMatchObject({ enabled: false, editable: false });
  });

  it('PUT persists the change, writes the audit event and publishes scheduled-jobs.changed', async () => {
    const received: Array<Envelope<ScheduledJobsChangedPayload>> = [];
    const subscription = await gateway.bus.subscribe<ScheduledJobsChangedPayload>(
      'test.scheduled-jobs',
      [TOPICS.scheduledJobsChanged],
      async (message) => {
        received.push(message);
      },
    );
    try {
      const res = await put({
        jobs: { cleanup_old_data: { enabled: false, cron: '15 3 * * *' }, sync_sigma_rules: { enabled: true, cron: '0 5 * * 0' } },
      }).expect(200);
      expect(res.body.jobs.cleanup_old_data).toMatchObject({ enabled: false, cron: '15 3 * * *', default_cron: '0 2 * * *' });
      expect(res.body.jobs.cleanup_old_data.updated_at).not.toBeNull();

      const listed = await request(gateway.app).get('/api/scheduled-jobs').set('Authorization', `Bearer ${viewer}`).expect(200);
      expect(listed.body.jobs.sync_sigma_rules).toMatchObject({ enabled: true, cron: '0 5 * * 0' });

      const [event] = await gateway.db.repos.audit.list({ type: SCHEDULED_JOBS_UPDATED });
      expect(event).toMatchObject({
        type: 'scheduled_jobs.updated',
        actor: 'token:jobs-admin',
        payload: {
          jobs: { cleanup_old_data: { enabled: false, cron: '15 3 * * *' }, sync_sigma_rules: { enabled: true, cron: '0 5 * * 0' } },
          previous: { cleanup_old_data: { enabled: true, cron: '0 2 * * *' } },
        },
      });

      const message = await waitFor(async () => received[0]);
      expect(message.type).toBe(TOPICS.scheduledJobsChanged);
      expect(message.payload.jobs['cleanup_old_data']).toEqual({ enabled: false, cron: '15 3 * * *' });
    } finally {
      await subscription.cancel();
    }
  });

  it.each([
    ['unknown_job', { jobs: { mine_bitcoin: { enabled: true, cron: '* * * * *' } } }, /mine_bitcoin/],
    ['job_not_editable', { jobs: { check_all_sources: { enabled: false, cron: '*/30 * * * *' } } }, /check_all_sources/],
    [
      'job_not_editable',
      { jobs: { generate_annotation_embeddings: { enabled: true, cron: '0 4 * * 0' } } },
      /generate_annotation_embeddings/,
    ],
    ['invalid_cron', { jobs: { embed_new_articles: { enabled: true, cron: 'every day' } } }, /embed_new_articles/],
    ['validation_error', { jobs: { embed_new_articles: { enabled: 'yes', cron: '0 1 * * *' } } }, /body/],
    ['validation_error', { jobs: {} }, /body/],
  ])('PUT answers 400 %s', async (code, body, mentions) => {
    const before = await gateway.db.repos.audit.list({ type: SCHEDULED_JOBS_UPDATED });
    const res = await put(body).expect(400);
    expect(res.body.error.code).toBe(code);
    expect(JSON.stringify(res.body.error)).toMatch(mentions);
    expect(await gateway.db.repos.audit.list({ type: SCHEDULED_JOBS_UPDATED })).toHaveLength(before.length);
  });

  it('PUT rejects the whole request when one job is bad, changing nothing', async () => {
    const res = await put({
      jobs: { embed_new_articles: { enabled: false, cron: '0 1 * * *' }, sync_sigma_rules: { enabled: true, cron: '0 0 31 2 *' } },
    }).expect(400);
    expect(res.body.error).toMatchObject({
      code: 'invalid_cron',
      details: { jobs: [expect.objectContaining({ job_id: 'sync_sigma_rules' })] },
    });
    const listed = await request(gateway.app).get('/api/scheduled-jobs').set('Authorization', `Bearer ${viewer}`).expect(200);
    expect(listed.body.jobs.embed_new_articles).toMatchObject({ enabled: true, cron: '0 15 * * *' });
  });

  it('PUT with malformed JSON answers 400 invalid_json', async () => {
    const res = await request(gateway.app)
      .put('/api/scheduled-jobs')
      .set('Authorization', `Bearer ${admin}`)
      .set('content-type', 'application/json')
      .send('{"jobs": ')
      .expect(400);
    expect(res.body.error.code).toBe('invalid_json');
  });

  it('POST …/run runs the job in the service whose scheduler has it and answers with the finished run', async () => {
    // Another service's scheduler, reached over the bus as in the distributed shape.
    const logger = createLogger({ level: 'silent', service: 'sigma-queue' });
    const scheduler = createScheduler({
      logger,
      locks: gateway.db.repos.jobLocks,
      runs: gateway.db.repos.jobRuns,
      holder: 'sigma-queue-test',
    });
    scheduler.register({ id: 'sync_sigma_rules', cron: '0 3 * * *', editable: true, run: async () => ({ inserted: 12, updated: 3 }) });
    const responders = await respondToJobRuns(gateway.bus, scheduler);
    try {
      const res = await request(gateway.app)
        .post('/api/scheduled-jobs/sync_sigma_rules/run')
        .set('Authorization', `Bearer ${admin}`)
        .expect(200);
      expect(res.body).toMatchObject({
        job_id: 'sync_sigma_rules',
        holder: 'sigma-queue-test',
        outcome: 'succeeded',
        detail: { inserted: 12, updated: 3 },
      });
      expect(Date.parse(res.body.finished_at)).toBeGreaterThanOrEqual(Date.parse(res.body.started_at));
      const [stored] = await gateway.db.repos.jobRuns.recent('sync_sigma_rules', 1);
      expect(stored?.id).toBe(res.body.id);
      await request(gateway.app).post('/api/scheduled-jobs/sync_sigma_rules/run').set('Authorization', `Bearer ${viewer}`).expect(403);
    } finally {
      await Promise.all(responders.map((responder) => responder.cancel()));
    }
  });

  it('POST …/run answers 404 for a job that does not exist, and 504 when no service answers in time', async () => {
    const res = await request(gateway.app).post('/api/scheduled-jobs/no_such_job/run').set('Authorization', `Bearer ${admin}`).expect(404);
    expect(res.body.error).toMatchObject({ code: 'unknown_job', details: { job_id: 'no_such_job' } });
    const logger = createLogger({ level: 'silent', service: 'gateway' });
    const run = runScheduledJob({ bus: gateway.bus, logger, waitMs: 200 }, { jobId: 'index_customer_repo', actor: 'admin' });
    await expect(run).rejects.toBeInstanceOf(HttpError);
    await expect(run).rejects.toMatchObject({ status: 504, code: 'job_run_timeout' });
  });
});
