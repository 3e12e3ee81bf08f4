import type { SignatureNonceRepository } from '@huntforge/data';
import { createMemoryNonceLedger, createSharedNonceLedger } from './nonce-ledger';

const NOW = 1_800_000_000_000;

/** The repository's contract in a Map, counting prunes; `failPrune` plays a database that refuses the cleanup. */
function fakeRepository(options: { failPrune?: boolean } = {}) {
  const rows = new Map<string, number>();
  const prunes: number[] = [];
  const repository: SignatureNonceRepository = {
    async claim(nonce, expiresAtMs, nowMs) {
      if ((rows.get(nonce) ?? 0) > nowMs) return false;
      rows.set(nonce, expiresAtMs);
      return true;
    },
    async prune(nowMs) {
      prunes.push(nowMs);
      if (options.failPrune) throw new Error('connection lost');
      return 0;
    },
  };
  return { repository, prunes };
}

describe('nonce ledgers', () => {
  it('memory: a nonce is used once until it expires', async () => {
    const ledger = createMemoryNonceLedger();
    await expect(ledger.use('a', NOW + 100, NOW)).resolves.toBe(true);
    await expect(ledger.use('a', NOW + 200, NOW + 99)).resolves.toBe(false);
    await expect(ledger.use('a', NOW + 300, NOW + 100)).resolves.toBe(true);
  });

  it('shared: two ledgers over one repository (two replicas) refuse the nonce either one accepted', async () => {
    const { repository } = fakeRepository();
    const replicaA = createSharedNonceLedger(repository);
    const replicaB = createSharedNonceLedger(repository);
    await expect(replicaA.use('n', NOW + 120_000, NOW)).resolves.toBe(true);
    await expect(replicaB.use('n', NOW + 120_000, NOW + 1)).resolves.toBe(false);
  });

  it('shared: prunes expired nonces at most once per interval, and a failed prune does not fail the request', async () => {
    const { repository, prunes } = fakeRepository({ failPrune: true });
    const ledger = createSharedNonceLedger(repository, 60_000);
    for (let i = 0; i < 5; i += 1) await expect(ledger.use(`n${i}`, NOW + 120_000, NOW + i * 1_000)).resolves.toBe(true);
    await expect(ledger.use('late', NOW + 200_000, NOW + 61_000)).resolves.toBe(true);
    expect(prunes).toEqual([NOW, NOW + 61_000]);
  });
});
