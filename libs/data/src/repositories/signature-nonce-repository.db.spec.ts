import { openTestDatabase, type TestDatabase } from '../test-support/test-databases';

const NOW = 1_800_000_000_000;

describe('signature_nonces (PGlite)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    // A fresh embedded database and its migrations: seconds alone, much longer on a loaded CI machine.
  }, 120_000);
  afterAll(() => database.dispose());

  it('accepts a nonce once until it expires, then again', async () => {
    const nonces = database.db.repos.signatureNonces;
    await expect(nonces.claim('n-once', NOW + 120_000, NOW)).resolves.toBe(true);
    await expect(nonces.claim('n-once', NOW + 121_000, NOW + 1_000)).resolves.toBe(false);
    await expect(nonces.claim('n-once', NOW + 240_000, NOW + 119_999)).resolves.toBe(false);
    await expect(nonces.claim('n-once', NOW + 240_000, NOW + 120_000)).resolves.toBe(true);
    await expect(nonces.claim('n-once', NOW + 241_000, NOW + 121_000)).resolves.toBe(false);
  });

  it('prunes the expired nonces only', async () => {
    const nonces = database.db.repos.signatureNonces;
    await nonces.claim('p-old-1', NOW + 10, NOW);
    await nonces.claim('p-old-2', NOW + 20, NOW);
    await nonces.claim('p-live', NOW + 10_000, NOW);
    const stored = () => database.db.prisma.$queryRaw<Array<{ nonce: string }>>`
      SELECT nonce FROM signature_nonces WHERE nonce LIKE 'p-%' ORDER BY nonce`;
    expect(await stored()).toHaveLength(3);
    await expect(nonces.prune(NOW + 1_000)).resolves.toBe(2);
    expect(await stored()).toEqual([{ nonce: 'p-live' }]);
    // The live one still counts as used.
    await expect(nonces.claim('p-live', NOW + 20_000, NOW + 2_000)).resolves.toBe(false);
  });
});
