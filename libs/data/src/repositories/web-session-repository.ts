import type { Prisma, PrismaClient } from '../generated/prisma/client';
import type { WebSessionRecord, WebSessionRepository } from '../ports';

const WITH_TOKEN = { apiToken: { select: { id: true, name: true, role: true } } } satisfies Prisma.WebSessionInclude;

type Row = Prisma.WebSessionGetPayload<{ include: typeof WITH_TOKEN }>;

function toRecord(row: Row): WebSessionRecord {
  return {
    id: row.id,
    token: row.apiToken,
    userAgent: row.userAgent,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    lastSeenAt: row.lastSeenAt,
  };
}

const live = (now: Date): Prisma.WebSessionWhereInput => ({
  revokedAt: null,
  expiresAt: { gt: now },
  apiToken: { revokedAt: null },
});

export class PrismaWebSessionRepository implements WebSessionRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async create(input: { sessionHash: string; apiTokenId: number; userAgent: string | null; expiresAt: Date }): Promise<WebSessionRecord> {
    return toRecord(await this.prisma.webSession.create({ data: input, include: WITH_TOKEN }));
  }

  async findLiveByHash(sessionHash: string, now: Date): Promise<WebSessionRecord | null> {
    const row = await this.prisma.webSession.findFirst({ where: { sessionHash, ...live(now) }, include: WITH_TOKEN });
    return row ? toRecord(row) : null;
  }

  async listLive(now: Date): Promise<WebSessionRecord[]> {
    const rows = await this.prisma.webSession.findMany({ where: live(now), include: WITH_TOKEN, orderBy: { createdAt: 'desc' } });
    return rows.map(toRecord);
  }

  async revoke(id: string, at: Date): Promise<boolean> {
    const { count } = await this.prisma.webSession.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: at } });
    return count > 0;
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.prisma.webSession.updateMany({ where: { id }, data: { lastSeenAt: at } });
  }

  async pruneEnded(before: Date): Promise<number> {
    const { count } = await this.prisma.webSession.deleteMany({
      where: { OR: [{ expiresAt: { lt: before } }, { revokedAt: { lt: before } }] },
    });
    return count;
  }
}
