import type { PrismaClient } from '../generated/prisma/client';
import type { SignatureNonceRepository } from '../ports';

/**
 * signature_nonces: one INSERT … ON CONFLICT per request, so two replicas receiving the same signed request at
 * once cannot both accept it (the second sees the first's row, still unexpired, and gets no row back).
 */
export class PrismaSignatureNonceRepository implements SignatureNonceRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async claim(nonce: string, expiresAtMs: number, nowMs: number): Promise<boolean> {
    const rows = await this.prisma.$queryRaw<Array<{ nonce: string }>>`
      INSERT INTO signature_nonces (nonce, expires_at)
      VALUES (${nonce}, to_timestamp(${expiresAtMs}::double precision / 1000))
      ON CONFLICT (nonce) DO UPDATE
        SET expires_at = EXCLUDED.expires_at
        WHERE signature_nonces.expires_at <= to_timestamp(${nowMs}::double precision / 1000)
      RETURNING nonce`;
    return rows.length === 1;
  }

  // Raw SQL like claim(): a checkout whose generated client predates the table still compiles and runs.
  async prune(nowMs: number): Promise<number> {
    return this.prisma.$executeRaw`DELETE FROM signature_nonces WHERE expires_at <= to_timestamp(${nowMs}::double precision / 1000)`;
  }
}
