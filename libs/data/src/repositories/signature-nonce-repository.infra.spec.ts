import type { Db } from '../db';
import { availableDbKinds, openTestDatabase, type TestDatabase } from '../test-support/test-databases';

const NOW = 1_800_000_000_000;

// Two replicas of a service on one PostgreSQL database, each with its own connection pool.
(availableDbKinds().includes('postgres') ? describe : describe.skip)('signature_nonces shared by two replicas (PostgreSQL)', () => {
  let database: TestDatabase;
  let other: Db;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    other = await database.connectAnother();
  });
  afterAll(() => database.dispose());

  it('lets exactly one replica accept a nonce both receive at the same moment', async () => {
    for (let round = 0; round < 25; round += 1) {
      const nonce = `race-${round}`;
      const claims = await Promise.all([
        database.db.repos.signatureNonces.claim(nonce, NOW + 120_000, NOW),
        other.repos.signatureNonces.claim(nonce, NOW + 120_000, NOW),
        other.repos.signatureNonces.claim(nonce, NOW + 120_000, NOW),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
    }
  });

  it('refuses on one replica the nonce the other accepted', async () => {
    await expect(database.db.repos.signatureNonces.claim('seen-on-a', NOW + 120_000, NOW)).resolves.toBe(true);
    await expect(other.repos.signatureNonces.claim('seen-on-a', NOW + 120_000, NOW + 5)).resolves.toBe(false);
  });
});
