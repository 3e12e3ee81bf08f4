import { createDb, migrateDb, type Db } from '@huntforge/data';
import { createScratchDatabase, describeWithInfra, infraUrl, type ScratchDatabase } from '@huntforge/test-kit';
import { SignInThrottle } from '../auth/sign-in-throttle';
import { FixedWindowLimiter } from '../rate-limit/fixed-window-limiter';
import { RateLimitBucketRepository } from './rate-limit-bucket-repository';

jest.setTimeout(60_000);

// 15 s into a minute window; pinned, so no window turns during a test.
const NOW = 1_800_000_015_000;
const perMinute = (limit: number) => ({ limit, windowMs: 60_000 });

/** Two gateway replicas: each its own Prisma client and pool on one PostgreSQL database. */
describeWithInfra('postgres')('rate limits shared by gateway replicas on PostgreSQL', () => {
  let database: ScratchDatabase;
  let replicaA: Db;
  let replicaB: Db;
  let storeA: RateLimitBucketRepository;
  let storeB: RateLimitBucketRepository;

  beforeAll(async () => {
    database = await createScratchDatabase(infraUrl('postgres') as string);
    replicaA = await createDb({ databaseUrl: database.url });
    await migrateDb(replicaA);
    replicaB = await createDb({ databaseUrl: database.url });
    storeA = new RateLimitBucketRepository(replicaA.prisma);
    storeB = new RateLimitBucketRepository(replicaB.prisma);
  });
  afterAll(async () => {
    await replicaA?.close();
    await replicaB?.close();
    await database?.drop();
  });

  it('shares one budget between two limiters: the limit holds across replicas, not per replica', async () => {
    const a = new FixedWindowLimiter(storeA, { now: () => NOW });
    const b = new FixedWindowLimiter(storeB, { now: () => NOW });
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(await a.take('standard/token:1', perMinute(5)));
      answers.push(await b.take('standard/token:1', perMinute(5)));
    }
    expect(answers.map((answer) => answer.allowed)).toEqual([true, true, true, true, true, false]);
    expect(answers[5]).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(await a.take('standard/token:1', perMinute(5))).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(await b.take('standard/token:2', perMinute(5))).toEqual({ allowed: true, remaining: 4 });
  });

  it('loses no count when both replicas write the same key at once', async () => {
    const windowStart = NOW - 15_000;
    const hits = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? storeA : storeB).countHit('race', windowStart, 60_000)),
    );
    expect(hits.map((hit) => hit.hits).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    // The next window starts over; a replica whose clock is behind counts into it too.
    expect(await storeA.countHit('race', windowStart + 60_000, 60_000)).toEqual({ hits: 1, windowStartMs: windowStart + 60_000 });
    expect(await storeB.countHit('race', windowStart, 60_000)).toEqual({ hits: 2, windowStartMs: windowStart + 60_000 });
  });

  it('shares failed sign-ins: failures on either replica refuse the address on both, a success on one clears both', async () => {
    let now = NOW;
    const options = { maxFailures: 3, windowMs: 15 * 60_000, now: () => now };
    const a = new SignInThrottle({ ...options, store: storeA });
    const b = new SignInThrottle({ ...options, store: storeB });
    await a.failed('203.0.113.5');
    now += 60_000;
    await b.failed('203.0.113.5');
    expect(await a.retryAfterSeconds('203.0.113.5')).toBeNull();
    await a.failed('203.0.113.5');
    expect(await b.retryAfterSeconds('203.0.113.5')).toBe(14 * 60);
    expect(await b.retryAfterSeconds('203.0.113.6')).toBeNull();
    // Only the newest three failures are kept.
    await b.failed('203.0.113.5');
    const [row] = await replicaA.prisma.rateLimitBucket.findMany({ where: { key: 'sign-in-failures/203.0.113.5' } });
    expect(row?.hitTimes.map(Number)).toEqual([NOW + 60_000, NOW + 60_000, NOW + 60_000]);
    await b.succeeded('203.0.113.5');
    expect(await a.retryAfterSeconds('203.0.113.5')).toBeNull();
  });

  it('keeps the counts in an unlogged table, so a count never waits on a disk flush', async () => {
    const [table] = await replicaA.prisma.$queryRaw<
      Array<{ persistence: string }>
    >`SELECT relpersistence::text AS persistence FROM pg_class WHERE relname = 'rate_limit_buckets'`;
    expect(table?.persistence).toBe('u');
  });

  it('prunes only expired rows, and stores an overlong key as a bounded one', async () => {
    await storeA.countHit('expired', NOW - 120_000, 60_000);
    await storeA.countHit('current', NOW - 15_000, 60_000);
    await storeB.prune(NOW);
    const keys = (await replicaA.prisma.rateLimitBucket.findMany({ where: { key: { in: ['expired', 'current'] } } })).map((row) => row.key);
    expect(keys).toEqual(['current']);

    const long = `standard/client:10.0.0.1 for ${'x'.repeat(400)}`;
    await storeA.countHit(long, NOW - 15_000, 60_000);
    expect(await storeB.countHit(long, NOW - 15_000, 60_000)).toEqual({ hits: 2, windowStartMs: NOW - 15_000 });
    const stored = await replicaA.prisma.rateLimitBucket.findFirst({ where: { key: { startsWith: 'standard/client:10.0.0.1' } } });
    expect(stored?.key.length).toBeLessThanOrEqual(300);
  });
});
