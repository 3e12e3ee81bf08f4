import { createDb, type Db } from '@huntforge/data';
import { createScratchDatabase, describeWithInfra, infraUrl, type ScratchDatabase } from '@huntforge/test-kit';
import { createAppMetrics } from './app-metrics';
import { registerDbPoolMetrics } from './db-pool-metrics';
import { sampleValue } from './test-support/exposition';

jest.setTimeout(60_000);

describe('database pool metrics', () => {
  it('registers nothing on PGlite, which has no pool', async () => {
    const db = await createDb({ inMemory: true });
    try {
      const metrics = createAppMetrics({ service: 'test', processMetrics: false });
      registerDbPoolMetrics(metrics, db);
      expect((await metrics.exposition()).body).not.toContain('huntforge_db_pool');
    } finally {
      await db.close();
    }
  });

  describeWithInfra('postgres')('on PostgreSQL', () => {
    let scratch: ScratchDatabase;
    let db: Db;

    beforeAll(async () => {
      scratch = await createScratchDatabase(infraUrl('postgres') ?? '');
      db = await createDb({ databaseUrl: scratch.url });
    });
    afterAll(async () => {
      await db?.close();
      await scratch?.drop();
    });

    it('reads the pg pool counts at scrape time', async () => {
      const metrics = createAppMetrics({ service: 'test', processMetrics: false });
      registerDbPoolMetrics(metrics, db);
      let text = (await metrics.exposition()).body;
      expect(sampleValue(text, 'huntforge_db_pool_connections')).toBe(0);

      await db.ping();
      text = (await metrics.exposition()).body;
      expect(sampleValue(text, 'huntforge_db_pool_connections')).toBe(1);
      expect(sampleValue(text, 'huntforge_db_pool_idle_connections')).toBe(1);
      expect(sampleValue(text, 'huntforge_db_pool_waiting_requests')).toBe(0);
    });
  });
});
