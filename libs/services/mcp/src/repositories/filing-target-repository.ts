import type { PrismaClient } from '@huntforge/data';

/** What a high-risk request names, read when it is filed so a request that cannot run is refused then. */
export class FilingTargetRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async queueItemExists(id: number): Promise<boolean> {
    return (await this.prisma.sigmaQueueItem.count({ where: { id } })) > 0;
  }

  /**
   * A content-filter model version and where its artifact may be: the database copy the rollback reads
   * first, and the secondary file path (on the content filter's own disk, which this service cannot see).
   */
  async modelVersion(version: number): Promise<{ hasStoredArtifact: boolean; secondaryPath: string | null } | null> {
    const row = await this.prisma.modelVersion.findUnique({ where: { version }, select: { secondaryModelFilePath: true } });
    if (!row) return null;
    const stored = await this.prisma.modelArtifact.count({ where: { kind: 'versioned', version } });
    return { hasStoredArtifact: stored > 0, secondaryPath: row.secondaryModelFilePath };
  }
}
