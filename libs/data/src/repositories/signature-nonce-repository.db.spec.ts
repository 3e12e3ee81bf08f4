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
    const before = await database.db.prisma.signatureNonce.count({ where: { nonce: { startsWith: 'p-' } } });
    expect(before).toBe(3);
    await nonces.prune(NOW + 1_000);
    const left = await database.db.prisma.signatureNonce.findMany({ where: { nonce: { startsWith: 'p-' } }, select: { nonce: true } });
    expect(left).toEqual([{ nonce: 'p-live' }]);
    // The live one still counts as used.
    await expect(nonces.claim('p-live', NOW + 20_000, NOW + 2_000)).resolves.toBe(false);
  });
});
