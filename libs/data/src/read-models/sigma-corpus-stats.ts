import type { PrismaClient } from '../generated/prisma/client';

/** How much of the reference corpus has a vector: the review queue owns the table, ingestion reports it. */
export interface SigmaCorpusEmbeddingCoverage {
  total: number;
  embedded: number;
}

/** The one read model through which a service other than the review queue counts the reference corpus. */
export class SigmaCorpusStatsReader {
  constructor(private readonly prisma: PrismaClient) {}

  async embeddingCoverage(): Promise<SigmaCorpusEmbeddingCoverage> {
    const [row] = await this.prisma.$queryRaw<SigmaCorpusEmbeddingCoverage[]>`
      SELECT count(*)::int AS total, count(embedding)::int AS embedded FROM sigma_reference_rules`;
    return row ?? { total: 0, embedded: 0 };
  }
}
