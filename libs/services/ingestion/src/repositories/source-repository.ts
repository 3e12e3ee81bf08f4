import { PROTECTED_SOURCE_IDENTIFIERS, type SourceKindValue } from '@huntforge/contracts/ingestion';
import { isUniqueViolation, type Prisma, type PrismaClient } from '@huntforge/data';
import type { SourceRecord } from '../records';

export interface SourceSeed {
  identifier: string;
  name: string;
  url: string;
  kind: SourceKindValue;
  active: boolean;
  checkFrequencySeconds: number;
  lookbackDays: number;
  minContentLength: number;
  imageOcrEnabled: boolean | null;
  config: Record<string, unknown>;
}

export type SourceRow = SourceRecord & { articleCount: number };

/** Another source already has this identifier (the unique index decided a race between two creations). */
export class SourceIdentifierTakenError extends Error {
  constructor(readonly identifier: string) {
    super(`a source named ${identifier} exists`);
    this.name = 'SourceIdentifierTakenError';
  }
}

export const isProtectedSource = (identifier: string): boolean => (PROTECTED_SOURCE_IDENTIFIERS as readonly string[]).includes(identifier);

export class SourceRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** Creates the seeds not stored yet; stored rows are the runtime truth and stay as they are. */
  async insertMissing(seeds: SourceSeed[]): Promise<{ created: string[]; existing: string[] }> {
    const created: string[] = [];
    const existing: string[] = [];
    for (const seed of seeds) {
      const before = await this.prisma.source.findUnique({ where: { identifier: seed.identifier }, select: { id: true } });
      if (before) {
        existing.push(seed.identifier);
        continue;
      }
      // upsert, not create: another replica may be seeding the same file at the same moment.
      await this.prisma.source.upsert({
        where: { identifier: seed.identifier },
        update: {},
        create: { ...seed, config: seed.config as Prisma.InputJsonValue },
      });
      created.push(seed.identifier);
    }
    return { created, existing };
  }

  async list(): Promise<SourceRow[]> {
    const rows = await this.prisma.source.findMany({ orderBy: { identifier: 'asc' }, include: { _count: { select: { articles: true } } } });
    return rows.map(({ _count, ...row }) => ({ ...row, articleCount: _count.articles }));
  }

  /** By numeric id or identifier. */
  async find(idOrIdentifier: string | number): Promise<SourceRow | null> {
    const numeric = typeof idOrIdentifier === 'number' ? idOrIdentifier : /^\d+$/.test(idOrIdentifier) ? Number(idOrIdentifier) : null;
    const where = numeric !== null && numeric <= 2_147_483_647 ? { id: numeric } : { identifier: String(idOrIdentifier) };
    const row = await this.prisma.source.findUnique({ where, include: { _count: { select: { articles: true } } } });
    if (!row) return null;
    const { _count, ...source } = row;
    return { ...source, articleCount: _count.articles };
  }

  async findIdByIdentifier(identifier: string): Promise<number | null> {
    return (await this.prisma.source.findUnique({ where: { identifier }, select: { id: true } }))?.id ?? null;
  }

  /**
   * A source added at runtime (the sources file only seeds; stored rows are the truth). Throws
   * SourceIdentifierTakenError when another request stored the same identifier first.
   */
  async create(seed: SourceSeed): Promise<SourceRow> {
    try {
      const row = await this.prisma.source.create({ data: { ...seed, config: seed.config as Prisma.InputJsonValue } });
      return { ...row, articleCount: 0 };
    } catch (error) {
      if (isUniqueViolation(error)) throw new SourceIdentifierTakenError(seed.identifier);
      throw error;
    }
  }

  /** Changes the given fields only (undefined leaves a field as it is). */
  async update(
    id: number,
    change: Partial<Pick<SourceSeed, 'name' | 'url' | 'kind' | 'active' | 'checkFrequencySeconds' | 'lookbackDays' | 'minContentLength'>>,
  ): Promise<SourceRow> {
    // A new URL answers with new validators: the old conditional-GET ones must not be sent to it.
    const validators = change.url !== undefined ? { etag: null, lastModified: null } : {};
    await this.prisma.source.update({ where: { id }, data: { ...change, ...validators } });
    return (await this.find(id)) as SourceRow;
  }

  /** Deletes a source and its collection runs (the caller made sure it holds no article). */
  async remove(id: number): Promise<void> {
    await this.prisma.source.delete({ where: { id } });
  }

  setImageOcr(id: number, value: boolean | null): Promise<SourceRecord> {
    return this.prisma.source.update({ where: { id }, data: { imageOcrEnabled: value } });
  }

  /** Active, collectable sources whose last check is at least their frequency ago (minus slack for tick jitter). */
  async due(now: Date, slackSeconds = 60): Promise<SourceRecord[]> {
    const sources = await this.prisma.source.findMany({
      where: { active: true, identifier: { notIn: [...PROTECTED_SOURCE_IDENTIFIERS] } },
      orderBy: { id: 'asc' },
    });
    return sources.filter(
      (source) =>
        !source.lastCheckedAt || now.getTime() - source.lastCheckedAt.getTime() >= (source.checkFrequencySeconds - slackSeconds) * 1000,
    );
  }

  recordSuccess(id: number, at: Date, validators: { etag: string | null; lastModified: string | null } | null): Promise<SourceRecord> {
    return this.prisma.source.update({
      where: { id },
      data: {
        lastCheckedAt: at,
        lastSuccessAt: at,
        consecutiveFailures: 0,
        lastError: null,
        ...(validators ? { etag: validators.etag, lastModified: validators.lastModified } : {}),
      },
    });
  }

  recordFailure(id: number, at: Date, reason: string): Promise<SourceRecord> {
    return this.prisma.source.update({
      where: { id },
      data: { lastCheckedAt: at, consecutiveFailures: { increment: 1 }, lastError: reason.slice(0, 2000) },
    });
  }
}
