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

  async prune(nowMs: number): Promise<number> {
    const { count } = await this.prisma.signatureNonce.deleteMany({ where: { expiresAt: { lte: new Date(nowMs) } } });
    return count;
  }
}
