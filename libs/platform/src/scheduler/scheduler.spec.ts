import { sleep, waitFor } from '@huntforge/test-kit';
import { captureLogs, type LogCapture } from '../logging/capture';
import { createLogger } from '../logging/logger';
import { createScheduler, UnknownScheduledJobError, type ScheduledJob, type Scheduler } from './scheduler';
import { InMemoryJobConfigs, InMemoryJobLocks, InMemoryJobRuns } from './test-support/in-memory-job-repositories';

const EVERY_SECOND = '* * * * * *';
const YEARLY = '0 0 1 1 *';

describe('createScheduler', () => {
  let logs: LogCapture;
  let locks: InMemoryJobLocks;
  let runs: InMemoryJobRuns;
  let configs: InMemoryJobConfigs;
  const schedulers: Scheduler[] = [];

  function make(holder: string, pollMs = 60_000): Scheduler {
    const scheduler = createScheduler({
      logger: createLogger({ level: 'debug', service: 'test', destination: logs.stream }),
      locks,
      runs,
      configs,
      holder,
      pollMs,
    });
    schedulers.push(scheduler);
    return scheduler;
  }

  function job(overrides: Partial<ScheduledJob> & Pick<ScheduledJob, 'run'>): ScheduledJob {
    return { id: 'cleanup_old_data', cron: YEARLY, editable: true, ...overrides };
  }

  beforeEach(() => {
    logs = captureLogs();
    locks = new InMemoryJobLocks();
    runs = new InMemoryJobRuns();
    configs = new InMemoryJobConfigs();
  });

  afterEach(async () => {
    await Promise.all(schedulers.splice(0).map((scheduler) => scheduler.stop()));
  });

  it('records a successful manual run with its result and releases the lease', async () => {
    const scheduler = make('replica-a');
    scheduler.register(job({ run: async () => ({ deleted: 3 }) }));

    const record = await scheduler.runNow('cleanup_old_data');

    expect(record).toMatchObject({ jobId: 'cleanup_old_data', holder: 'replica-a', outcome: 'succeeded', detail: { deleted: 3 } });
    expect(record.finishedAt).toBeInstanceOf(Date);
    expect(locks.holderOf('cleanup_old_data')).toBeNull();
  });

  it('records a failed run with the error message', async () => {
    const scheduler = make('replica-a');
    scheduler.register(job({ run: async () => Promise.reject(new Error('disk full')) }));

    const record = await scheduler.runNow('cleanup_old_data');

    expect(record).toMatchObject({ outcome: 'failed', detail: { error: 'disk full' } });
    expect(locks.holderOf('cleanup_old_data')).toBeNull();
  });

  it('records a skip for a manual run while another replica holds the lease', async () => {
    await locks.tryAcquire('cleanup_old_data', 'replica-b', 60_000);
    const scheduler = make('replica-a');
    let ran = false;
    scheduler.register(job({ run: async () => void (ran = true) }));

    const record = await scheduler.runNow('cleanup_old_data');

    expect(record).toMatchObject({ outcome: 'skipped', detail: { reason: 'lease held by another replica' } });
    expect(ran).toBe(false);
  });

  it('never overlaps a job with itself in one process', async () => {
    const scheduler = make('replica-a');
    let release!: () => void;
    let concurrent = 0;
    let maxConcurrent = 0;
    scheduler.register(
      job({
        run: async () => {
          maxConcurrent = Math.max(maxConcurrent, ++concurrent);
          await new Promise<void>((resolve) => (release = resolve));
          concurrent--;
        },
      }),
    );

    const first = scheduler.runNow('cleanup_old_data');
    await waitFor('the scheduler to get there', () => scheduler.list()[0].running);
    const second = await scheduler.runNow('cleanup_old_data');
    release();

    expect(second).toMatchObject({ outcome: 'skipped', detail: { reason: 'already running in this replica' } });
    expect((await first).outcome).toBe('succeeded');
    expect(maxConcurrent).toBe(1);
  });

  it('runs each tick in exactly one of two replicas sharing the lease', async () => {
    const started: Array<{ holder: string; second: number }> = [];
    let concurrent = 0;
    let maxConcurrent = 0;
    for (const holder of ['replica-a', 'replica-b']) {
      const scheduler = make(holder);
      scheduler.register(
        job({
          id: 'check_all_sources',
          editable: false,
          cron: EVERY_SECOND,
          run: async () => {
            maxConcurrent = Math.max(maxConcurrent, ++concurrent);
            started.push({ holder, second: Math.floor(Date.now() / 1000) });
            await sleep(100);
            concurrent--;
          },
        }),
      );
      await scheduler.start();
    }

    await waitFor('the scheduler to get there', () => started.length >= 3, 5000);
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));

    const seconds = started.map((run) => run.second);
    expect(new Set(seconds).size).toBe(seconds.length);
    expect(maxConcurrent).toBe(1);
    const recorded = runs.records.filter((record) => record.jobId === 'check_all_sources');
    expect(recorded).toHaveLength(started.length);
    expect(recorded.every((record) => record.outcome === 'succeeded')).toBe(true);
    // Ticks lost to the other replica are logged, not recorded.
    expect(recorded.some((record) => record.outcome === 'skipped')).toBe(false);
  });

  it('skips a tick while the previous run is still going', async () => {
    const scheduler = make('replica-a');
    let runsStarted = 0;
    scheduler.register(
      job({
        cron: EVERY_SECOND,
        run: async ({ signal }) => {
          runsStarted++;
          await new Promise((resolve) => signal.addEventListener('abort', resolve));
        },
      }),
    );
    await scheduler.start();

    await waitFor(
      'the scheduler to get there',
      () => logs.lines().some((line) => line['msg'] === 'previous run still in progress; tick skipped'),
      4000,
    );
    expect(runsStarted).toBe(1);
  });

  it('applies configuration rows to editable jobs on reload and ignores them for fixed jobs', async () => {
    const scheduler = make('replica-a');
    scheduler.register(job({ id: 'embed_new_articles', cron: '0 15 * * *', run: async () => undefined }));
    scheduler.register(job({ id: 'check_all_sources', cron: '*/30 * * * *', editable: false, run: async () => undefined }));
    await scheduler.start();
    expect(scheduler.list().map((status) => status.nextRunAt)).toEqual([expect.any(Date), expect.any(Date)]);

    configs.rows = [
      { jobId: 'embed_new_articles', enabled: false, cron: '0 16 * * *', updatedAt: new Date() },
      { jobId: 'check_all_sources', enabled: false, cron: '0 0 * * *', updatedAt: new Date() },
    ];
    await scheduler.reload();

    expect(scheduler.list()).toEqual([
      { id: 'embed_new_articles', cron: '0 16 * * *', enabled: false, editable: true, nextRunAt: null, running: false },
      { id: 'check_all_sources', cron: '*/30 * * * *', enabled: true, editable: false, nextRunAt: expect.any(Date), running: false },
    ]);

    configs.rows = [{ jobId: 'embed_new_articles', enabled: true, cron: '0 16 * * *', updatedAt: new Date() }];
    await scheduler.reload();
    expect(scheduler.list()[0].nextRunAt?.getUTCHours()).toBe(16);
  });

  it('reads configuration at start and polls it so a new cron takes effect without restart', async () => {
    configs.rows = [{ jobId: 'sync_sigma_rules', enabled: true, cron: '0 5 * * 0', updatedAt: new Date() }];
    const scheduler = make('replica-a', 50);
    let ran = 0;
    scheduler.register(job({ id: 'sync_sigma_rules', cron: '0 4 * * 0', run: async () => void ran++ }));
    await scheduler.start();
    expect(scheduler.list()[0].cron).toBe('0 5 * * 0');

    configs.rows = [{ jobId: 'sync_sigma_rules', enabled: true, cron: EVERY_SECOND, updatedAt: new Date() }];
    await waitFor('the scheduler to get there', () => ran >= 1, 3000);
    expect(runs.records[0]).toMatchObject({ jobId: 'sync_sigma_rules', outcome: 'succeeded' });
  });

  it('keeps the previous schedule when the configured cron is invalid, logging it once', async () => {
    const scheduler = make('replica-a');
    scheduler.register(job({ run: async () => undefined }));
    await scheduler.start();

    configs.rows = [{ jobId: 'cleanup_old_data', enabled: true, cron: 'every tuesday', updatedAt: new Date() }];
    await scheduler.reload();
    await scheduler.reload();

    expect(scheduler.list()[0]).toMatchObject({ cron: YEARLY, enabled: true });
    const complaints = logs.lines().filter((line) => line['msg'] === 'invalid cron in configuration; keeping the previous schedule');
    expect(complaints).toHaveLength(1);
    expect(complaints[0]).toMatchObject({ level: 'error', job: 'cleanup_old_data', cron: 'every tuesday' });
  });

  it('stop aborts running jobs through the signal and waits for them', async () => {
    const scheduler = make('replica-a');
    let started = false;
    let finished = false;
    scheduler.register(
      job({
        run: ({ signal }) =>
          new Promise((_resolve, reject) => {
            started = true;
            signal.addEventListener('abort', () => {
              setTimeout(() => {
                finished = true;
                reject(new Error('aborted by signal'));
              }, 20);
            });
          }),
      }),
    );
    await scheduler.start();
    const run = scheduler.runNow('cleanup_old_data');
    await waitFor('the scheduler to get there', () => started);

    await scheduler.stop();

    expect(finished).toBe(true);
    expect(await run).toMatchObject({
      outcome: 'failed',
      detail: { error: 'aborted by signal', aborted: true, reason: 'scheduler stopping' },
    });
    expect(locks.holderOf('cleanup_old_data')).toBeNull();
    expect(scheduler.list()[0]).toMatchObject({ running: false, nextRunAt: null });
  });

  it('aborts a run whose lease another replica took over', async () => {
    const scheduler = make('replica-a');
    let started = false;
    scheduler.register(
      job({
        leaseMs: 60,
        run: ({ signal }) =>
          new Promise((_resolve, reject) => {
            started = true;
            signal.addEventListener('abort', () => reject(new Error('gave up')));
          }),
      }),
    );
    const run = scheduler.runNow('cleanup_old_data');
    await waitFor('the scheduler to get there', () => started);

    // As if this replica had stalled past its lease and replica-b had taken the job.
    await locks.release('cleanup_old_data', 'replica-a');
    await locks.tryAcquire('cleanup_old_data', 'replica-b', 60_000);

    expect(await run).toMatchObject({ outcome: 'failed', detail: { aborted: true, reason: 'lease lost' } });
    expect(locks.holderOf('cleanup_old_data')).toBe('replica-b');
  });

  it('records a skip when stopped before the job body starts', async () => {
    const scheduler = make('replica-a');
    let ran = false;
    scheduler.register(job({ run: async () => void (ran = true) }));

    const run = scheduler.runNow('cleanup_old_data');
    await scheduler.stop();

    expect(await run).toMatchObject({ outcome: 'skipped', detail: { reason: 'scheduler stopping' } });
    expect(ran).toBe(false);
    await expect(scheduler.runNow('cleanup_old_data')).rejects.toThrow(/stopped/);
  });

  it('rejects unknown jobs, duplicate ids and invalid registered patterns', async () => {
    const scheduler = make('replica-a');
    scheduler.register(job({ run: async () => undefined }));
    await expect(scheduler.runNow('nope')).rejects.toBeInstanceOf(UnknownScheduledJobError);
    expect(() => scheduler.register(job({ run: async () => undefined }))).toThrow(/already registered/);
    expect(() => scheduler.register(job({ id: 'other', cron: 'not a cron', run: async () => undefined }))).toThrow(/invalid cron/);
  });

  it('shows no next run before start', () => {
    const scheduler = make('replica-a');
    scheduler.register(job({ run: async () => undefined }));
    expect(scheduler.list()[0]).toMatchObject({ enabled: true, nextRunAt: null });
  });
});
