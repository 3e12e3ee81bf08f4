import type { PrismaClient } from '../generated/prisma/client';

/** An article's text as the services that analyse it read it (ingestion owns and writes the table). */
export interface ArticleText {
  id: number;
  title: string;
  url: string;
  content: string;
  huntScore: number;
  publishedAt: Date | null;
}

const TEXT_SELECT = { id: true, title: true, url: true, content: true, huntScore: true, publishedAt: true } as const;

/** The one read model through which the workflow, the content filter and the review queue read articles. */
export class ArticleTextReader {
  constructor(private readonly prisma: PrismaClient) {}

  find(id: number): Promise<ArticleText | null> {
    return this.prisma.article.findUnique({ where: { id }, select: TEXT_SELECT });
  }

  /** The hunt score alone (a trigger's threshold check needs no text). */
  huntScore(id: number): Promise<{ id: number; huntScore: number } | null> {
    return this.prisma.article.findUnique({ where: { id }, select: { id: true, huntScore: true } });
  }

  /** Article ids by their stored URL (exact), for the URLs that are stored. */
  async idsByUrl(urls: string[]): Promise<Map<string, number>> {
    if (urls.length === 0) return new Map();
    const rows = await this.prisma.article.findMany({
      where: { url: { in: urls } },
      select: { id: true, url: true },
      orderBy: { id: 'asc' },
    });
    const ids = new Map<string, number>();
    for (const row of rows) if (!ids.has(row.url)) ids.set(row.url, row.id);
    return ids;
  }

  async exists(id: number): Promise<boolean> {
    return (await this.prisma.article.count({ where: { id } })) > 0;
  }
}
