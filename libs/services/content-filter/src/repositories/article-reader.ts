import type { PrismaClient } from '@huntforge/data';

export interface ArticleText {
  id: number;
  title: string;
  content: string;
}

/** Reads articles (owned by ingestion) from the shared database; the content filter never writes them. */
export class ArticleReader {
  constructor(private readonly prisma: PrismaClient) {}

  findText(id: number): Promise<ArticleText | null> {
    return this.prisma.article.findUnique({ where: { id }, select: { id: true, title: true, content: true } });
  }

  async exists(id: number): Promise<boolean> {
    return (await this.prisma.article.count({ where: { id } })) > 0;
  }
}
