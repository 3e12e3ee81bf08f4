import type { ApiToken, PrismaClient } from '../generated/prisma/client';
import type { ApiTokenRecord, ApiTokenRepository, Role } from '../ports';

function toRecord(row: ApiToken): ApiTokenRecord {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    prefix: row.prefix,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
  };
}

export class PrismaApiTokenRepository implements ApiTokenRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async create(input: { name: string; role: Role; tokenHash: string; prefix: string }): Promise<ApiTokenRecord> {
    return toRecord(await this.prisma.apiToken.create({ data: input }));
  }

  async findActiveByHash(tokenHash: string): Promise<ApiTokenRecord | null> {
    const row = await this.prisma.apiToken.findFirst({ where: { tokenHash, revokedAt: null } });
    return row ? toRecord(row) : null;
  }

  async list(): Promise<ApiTokenRecord[]> {
    const rows = await this.prisma.apiToken.findMany({ orderBy: { id: 'asc' } });
    return rows.map(toRecord);
  }

  async revoke(idOrName: number | string): Promise<boolean> {
    const match = typeof idOrName === 'number' ? { id: idOrName } : { name: idOrName };
    const { count } = await this.prisma.apiToken.updateMany({
      where: { ...match, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    return count > 0;
  }

  async touch(id: number, at: Date): Promise<void> {
    await this.prisma.apiToken.updateMany({ where: { id }, data: { lastUsedAt: at } });
  }
}
