import { createHash } from 'node:crypto';
import type { Prisma, PrismaClient } from '../generated/prisma/client';

// Entity factories for specs: each fills the required columns with unique, valid values and takes overrides for
// the ones a test is about, so specs say only what matters to them and never repeat a raw insert. They live in
// libs/data so its own specs can use them without a cycle (data -> service-testing -> data); everyone else imports
// them from @huntforge/service-testing, which re-exports them.

let sequence = 0;
/** Unique within a run and across the jest workers sharing one PostgreSQL server. */
const next = (): string => `${process.pid}-${++sequence}`;

export type SourceOverrides = Partial<Prisma.SourceUncheckedCreateInput>;
export type ArticleOverrides = Partial<Prisma.ArticleUncheckedCreateInput>;
export type ExecutionOverrides = Partial<Prisma.WorkflowExecutionUncheckedCreateInput>;
export type QueueItemOverrides = Partial<Prisma.SigmaQueueItemUncheckedCreateInput>;

/** A source (rss, active) with a unique identifier unless given. */
export function createSource(prisma: PrismaClient, overrides: SourceOverrides = {}) {
  const identifier = overrides.identifier ?? `test-source-${next()}`;
  return prisma.source.create({
    data: { identifier, name: `Test source ${identifier}`, url: `https://${identifier}.example.test/feed`, kind: 'rss', ...overrides },
  });
}

/**
 * An article with a unique URL and content hash; without `sourceId` it goes to a shared test source (created once
 * per database). The content hash is the SHA-256 of the content and URL, as unique as they are.
 */
export async function createArticle(prisma: PrismaClient, overrides: ArticleOverrides = {}) {
  const n = next();
  const sourceId =
    overrides.sourceId ??
    (
      await prisma.source.upsert({
        where: { identifier: 'test-articles' },
        update: {},
        create: { identifier: 'test-articles', name: 'Test articles', url: 'https://articles.example.test/feed', kind: 'rss' },
      })
    ).id;
  const url = overrides.url ?? `https://articles.example.test/posts/${n}`;
  const content = overrides.content ?? `Article body ${n}`;
  return prisma.article.create({
    data: {
      sourceId,
      canonicalUrl: url,
      url,
      title: `Test article ${n}`,
      content,
      contentHash: createHash('sha256')
        .update(`${content}|${overrides.canonicalUrl ?? url}`)
        .digest('hex'),
      simhash: BigInt(sequence),
      simhashBands: [],
      ...overrides,
    },
  });
}

/** A workflow execution of `articleId` (pending, empty config snapshot unless given). */
export function createExecution(prisma: PrismaClient, articleId: number, overrides: Omit<ExecutionOverrides, 'articleId'> = {}) {
  return prisma.workflowExecution.create({ data: { articleId, configSnapshot: {}, ...overrides } });
}

/** A Sigma queue item (pending, a minimal rule text) unless overridden. */
export function createQueueItem(prisma: PrismaClient, overrides: QueueItemOverrides = {}) {
  const title = overrides.title ?? `Test rule ${next()}`;
  return prisma.sigmaQueueItem.create({ data: { title, ruleYaml: `title: ${title}\n`, ...overrides } });
}
