import { createHash } from 'node:crypto';
import { isUniqueViolation, type PrismaClient } from '@huntforge/data';

/** versioned: one per version (its primary copy); live: the one artifact classification loads. */
export type ArtifactKind = 'live' | 'versioned';

export interface StoredArtifact {
  version: number;
  kind: ArtifactKind;
  sha256: string;
  size: number;
  bytes: Buffer;
}

export const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const fields = (bytes: Uint8Array) => ({ sha256: sha256Of(bytes), size: bytes.byteLength, bytes: new Uint8Array(bytes) });

/** model_artifacts: the bytes of each model version and of the live model, shared by every replica. */
export class ModelArtifactRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async findVersioned(version: number): Promise<StoredArtifact | null> {
    const row = await this.prisma.modelArtifact.findUnique({ where: { kind_version: { kind: 'versioned', version } } });
    return row && { ...row, kind: 'versioned', bytes: Buffer.from(row.bytes) };
  }

  async findLive(): Promise<StoredArtifact | null> {
    const row = await this.prisma.modelArtifact.findFirst({ where: { kind: 'live' } });
    return row && { ...row, kind: 'live', bytes: Buffer.from(row.bytes) };
  }

  /** Which versions have their artifact stored (without reading the bytes). */
  async storedVersions(): Promise<Set<number>> {
    const rows = await this.prisma.modelArtifact.findMany({ where: { kind: 'versioned' }, select: { version: true } });
    return new Set(rows.map((row) => row.version));
  }

  /** Saves (or replaces, when a failed run left one behind) a version's artifact. */
  async saveVersioned(version: number, bytes: Uint8Array): Promise<void> {
    const data = fields(bytes);
    await this.prisma.modelArtifact.upsert({
      where: { kind_version: { kind: 'versioned', version } },
      create: { kind: 'versioned', version, ...data },
      update: { ...data, createdAt: new Date() },
    });
  }

  /** Saves a version's artifact unless one is stored already; true when this call stored it. */
  async importVersioned(version: number, bytes: Uint8Array): Promise<boolean> {
    const created = await this.prisma.modelArtifact.createMany({
      data: [{ kind: 'versioned', version, ...fields(bytes) }],
      skipDuplicates: true,
    });
    return created.count === 1;
  }

  /**
   * Replaces the live artifact. Two replicas doing it at once collide on the one-live index; the loser
   * tries again, so the later call wins as it would on a file rename.
   */
  async setLive(version: number, bytes: Uint8Array): Promise<void> {
    const data = fields(bytes);
    const replace = () =>
      this.prisma.$transaction([
        this.prisma.modelArtifact.deleteMany({ where: { kind: 'live' } }),
        this.prisma.modelArtifact.create({ data: { kind: 'live', version, ...data } }),
      ]);
    try {
      await replace();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await replace();
    }
  }
}
