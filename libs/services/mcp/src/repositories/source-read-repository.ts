import type { PrismaClient } from '@huntforge/data';

export class SourceReadRepository {
  constructor(private readonly prisma: PrismaClient) {}

  list(filter: { active?: boolean; offset: number; take: number }) {
    return this.prisma.source.findMany({
      where: filter.active === undefined ? {} : { active: filter.active },
      orderBy: { id: 'asc' },
      skip: filter.offset,
      take: filter.take,
      include: { _count: { select: { articles: true } } },
    });
  }
}
