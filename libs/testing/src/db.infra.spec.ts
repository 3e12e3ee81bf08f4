import { createTestDb } from './db';
import { describeWithInfra } from '@huntforge/test-kit';

jest.setTimeout(60_000);

describe('createTestDb("pglite")', () => {
  it('returns a migrated in-memory database', async () => {
    const db = await createTestDb('pglite');
    try {
      expect(db.kind).toBe('pglite');
      await expect(db.repos.audit.record({ type: 'probe', actor: null, payload: {} })).resolves.toMatchObject({ type: 'probe' });
    } finally {
      await db.close();
    }
  });
});

describeWithInfra('postgres')('createTestDb("postgres")', () => {
  it('creates a fresh migrated database and drops it on close', async () => {
    const db = await createTestDb('postgres');
    const [{ name }] = await db.prisma.$queryRaw<Array<{ name: string }>>`SELECT current_database() AS name`;
    expect(name).toMatch(/^huntforge_test_/);
    await expect(db.repos.jobLocks.tryAcquire('probe', 'me', 1000)).resolves.toBe(true);
    await db.close();
    await db.close();

    const observer = await createTestDb('postgres');
    try {
      const rows = await observer.prisma.$queryRaw<unknown[]>`SELECT 1 FROM pg_database WHERE datname = ${name}`;
      expect(rows).toHaveLength(0);
    } finally {
      await observer.close();
    }
  });
});
