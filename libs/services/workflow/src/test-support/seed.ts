import type { PrismaClient } from '@huntforge/data';
import { createArticle } from '@huntforge/service-testing';

/** Inserts an article (on the factory's shared test source) with the given hunt score and content; returns its id. */
export async function seedArticle(
  prisma: PrismaClient,
  options: { huntScore?: number; content?: string; title?: string; url?: string } = {},
): Promise<number> {
  const article = await createArticle(prisma, {
    ...(options.content === undefined ? {} : { content: options.content }),
    ...(options.title === undefined ? {} : { title: options.title }),
    ...(options.url === undefined ? {} : { url: options.url, canonicalUrl: options.url }),
    huntScore: options.huntScore ?? 50,
  });
  return article.id;
}
