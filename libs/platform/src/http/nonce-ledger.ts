import type { SignatureNonceRepository } from '@huntforge/data';

/** Where the services remember the identity-signature nonces they accepted, for as long as a signature is fresh. */
export interface NonceLedger {
  /** False when `nonce` was already used before `nowMs`; records it until `expiresAtMs` otherwise. */
  use(nonce: string, expiresAtMs: number, nowMs: number): Promise<boolean>;
}

/** Pruned every this many recorded nonces (memory) or at most this often (database). */
const MEMORY_PRUNE_EVERY = 1024;
const SHARED_PRUNE_INTERVAL_MS = 60_000;

/** One process's ledger: enough where one process serves (all-in-one), or in tests. */
export function createMemoryNonceLedger(): NonceLedger {
  const seen = new Map<string, number>();
  const prune = (now: number) => {
    for (const [nonce, until] of seen) if (until <= now) seen.delete(nonce);
  };
  return {
    async use(nonce, expiresAtMs, nowMs) {
      if (seen.size > 0 && seen.size % MEMORY_PRUNE_EVERY === 0) prune(nowMs);
      if ((seen.get(nonce) ?? 0) > nowMs) return false;
      seen.set(nonce, expiresAtMs);
      return true;
    },
  };
}

/**
 * The ledger every replica of a service shares (signature_nonces), so a request replayed against another replica
 * is refused too. Expired rows are deleted at most once a minute per process, off the request's path: a failed
 * cleanup only leaves rows for the next one.
 */
export function createSharedNonceLedger(repository: SignatureNonceRepository, pruneIntervalMs = SHARED_PRUNE_INTERVAL_MS): NonceLedger {
  let lastPrune = 0;
  return {
    async use(nonce, expiresAtMs, nowMs) {
      if (nowMs - lastPrune >= pruneIntervalMs) {
        lastPrune = nowMs;
        void repository.prune(nowMs).catch(() => undefined);
      }
      return repository.claim(nonce, expiresAtMs, nowMs);
    },
  };
}
