import { createTestDb } from '@huntforge/testing';
import { sleep, waitFor, describeWithInfra } from '@huntforge/test-kit';
import type { Db } from '@huntforge/data';
import { captureLogs } from '../logging/capture';
import { createLogger } from '../logging/logger';
import { createScheduler, type ScheduledJob, type Scheduler } from './scheduler';

jest.setTimeout(60_000);

/** The scheduler against the real job_locks, job_runs and scheduled_job_configs repositories. */
function schedulerSuite(kind: 'pglite' | 'postgres'): void {
  let db: Db;
  const schedulers: Scheduler[] = [];

  beforeAll(async () => {
    db = await createTestDb(kind);
  });

  afterEach(async () => {
    await Promise.all(schedulers.splice(0).map((scheduler) => scheduler.stop()));
  });

  afterAll(async () => {
    await db?.close();
  });

  function make(holder: string, pollMs = 60_000): Scheduler {
    const scheduler = createScheduler({
      logger: createLogger({ level: 'silent', service: 'test', destination: captureLogs().stream }),
      locks: db.repos.jobLocks,
      runs: db.repos.jobRuns,
      configs: db.repos.scheduledJobs,
      holder,
      pollMs,
    });
    schedulers.push(scheduler);
    return scheduler;
  }

  it('lets one replica run a job while the other records a skip', async () => {
    let release!: () => void;
    let started = false;
    const slow: ScheduledJob = {
      id: 'index_customer_repo',
      cron: '30 4 * * *',
      editable: false,
      run: () =>
        new Promise<{ indexed: number }>((resolve) => {
          started = true;
          release = () => resolve({ indexed: 12 });
        }),
    };
    const a = make('replica-a');
    const b = make('replica-b');
    a.register(slow);
    b.register({ ...slow });

    const first = a.runNow('index_customer_repo');
    await waitFor('the scheduler to get there', () => started);
    const second = await b.runNow('index_customer_repo');
    release();

    expect(second).toMatchObject({ holder: 'replica-b', outcome: 'skipped', detail: { reason: 'lease held by another replica' } });
    expect(await first).toMatchObject({ holder: 'replica-a', outcome: 'succeeded', detail: { indexed: 12 } });

    const recent = await db.repos.jobRuns.recent('index_customer_repo', 10);
    expect(recent.map((run) => run.outcome).sort()).toEqual(['skipped', 'succeeded']);
    expect(recent.every((run) => run.finishedAt instanceof Date)).toBe(true);
    // The lease was released: the other replica can take the job now.
    await expect(db.repos.jobLocks.tryAcquire('index_customer_repo', 'replica-b', 1000)).resolves.toBe(true);
  });

  it('runs each tick once across two replicas', async () => {
    const seconds: number[] = [];
    for (const holder of ['replica-a', 'replica-b']) {
      const scheduler = make(holder);
      scheduler.register({
        id: 'check_all_sources',
        cron: '* * * * * *',
        editable: false,
        run: async () => {
          seconds.push(Math.floor(Date.now() / 1000));
          await sleep(50);
        },
      });
      await scheduler.start();
    }

    await waitFor('the scheduler to get there', () => seconds.length >= 3, 8000);
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));

    expect(new Set(seconds).size).toBe(seconds.length);
    const recorded = await db.repos.jobRuns.recent('check_all_sources', 100);
    expect(recorded).toHaveLength(seconds.length);
    expect(recorded.every((run) => run.outcome === 'succeeded')).toBe(true);
  });

  it('picks up configuration saved through the repository without restart', async () => {
    const scheduler = make('replica-a', 50);
    let ran = 0;
    scheduler.register({ id: 'embed_new_articles', cron: '0 15 * * *', editable: true, run: async () => void ran++ });
    await scheduler.start();
    expect(scheduler.list()[0]).toMatchObject({ cron: '0 15 * * *', enabled: true });

    await db.repos.scheduledJobs.saveWithAudit([{ jobId: 'embed_new_articles', enabled: false, cron: '0 16 * * *' }], {
      type: 'scheduled_jobs.updated',
      actor: 'test',
      payload: {},
    });
    await waitFor('the scheduler to get there', () => scheduler.list()[0].cron === '0 16 * * *');
    expect(scheduler.list()[0]).toMatchObject({ enabled: false, nextRunAt: null });

    await db.repos.scheduledJobs.saveWithAudit([{ jobId: 'embed_new_articles', enabled: true, cron: '* * * * * *' }], {
      type: 'scheduled_jobs.updated',
      actor: 'test',
      payload: {},
    });
    await waitFor('the scheduler to get there', () => ran >= 1);
    // The job runs every second: the newest record may already be the next, still running, tick.
    let finished: Awaited<ReturnType<typeof db.repos.jobRuns.recent>>[number] | undefined;
    const deadline = Date.now() + 5_000;
    while (!finished && Date.now() < deadline) {
      finished = (await db.repos.jobRuns.recent('embed_new_articles', 5)).find((run) => run.outcome !== 'running');
      if (!finished) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(finished).toMatchObject({ holder: 'replica-a', outcome: 'succeeded' });
  });
}

describe('scheduler on PGlite', () => schedulerSuite('pglite'));
describeWithInfra('postgres')('scheduler on PostgreSQL', () => schedulerSuite('postgres'));
