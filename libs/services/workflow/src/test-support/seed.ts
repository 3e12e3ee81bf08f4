import { createHash } from 'node:crypto';
import type { PrismaClient } from '@huntforge/data';

let sequence = 0;

/** Inserts a source (once) and an article with the given hunt score and content; returns the article id. */
export async function seedArticle(
  prisma: PrismaClient,
  options: { huntScore?: number; content?: string; title?: string; url?: string } = {},
): Promise<number> {
  sequence += 1;
  const source = await prisma.source.upsert({
    where: { identifier: 'test-source' },
    update: {},
    create: { identifier: 'test-source', name: 'Test source', url: 'https://research.example.com/feed', kind: 'rss' },
  });
  const content = options.content ?? `Article body number ${sequence} ${Date.now()}`;
  const url = options.url ?? `https://research.example.com/posts/${sequence}-${Date.now()}`;
  const article = await prisma.article.create({
    data: {
      sourceId: source.id,
      canonicalUrl: url,
      url,
      title: options.title ?? `Test article ${sequence}`,
      content,
      contentHash: createHash('sha256').update(`${content}|${url}`).digest('hex'),
      simhash: BigInt(sequence),
      simhashBands: [],
      huntScore: options.huntScore ?? 50,
    },
  });
  return article.id;
}
