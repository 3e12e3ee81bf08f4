import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EVAL_ARTICLES_FILE, loadEvalSet } from '@huntforge/observables';
import { findUpwards } from '@huntforge/platform';
import { canonicalUrl } from '../../dedup/canonical-url';
import type { IngestionPorts } from '../../ports';
import { uniqueViolationOf } from '../../repositories/article-repository';
import { prepareArticle, type PrepareArticleDeps } from '../ingest-article/ingest-article';

export interface SeedEvalArticlesDeps extends PrepareArticleDeps {
  sources: Pick<IngestionPorts['sources'], 'findIdByIdentifier'>;
  articles: PrepareArticleDeps['articles'] & Pick<IngestionPorts['articles'], 'idsByCanonicalUrls' | 'insert'>;
}

/** config/eval_articles.yaml above this file or the working directory; EVAL_ARTICLES_FILE overrides. */
export function defaultEvalArticlesFile(override?: string, startDirs: string[] = [__dirname, process.cwd()]): string {
  if (override) return resolve(override);
  return findUpwards(EVAL_ARTICLES_FILE, startDirs) ?? resolve(process.cwd(), EVAL_ARTICLES_FILE);
}

/**
 * Stores the committed evaluation snapshots under the protected `eval` source, once each (deduplicated
 * by URL). They are not announced (no article.ingested), so they never start a normal run or reach the
 * review queue; evaluations run them through their own executions.
 */
export interface SeedEvalArticlesCommand {
  /** The evaluation set (config/eval_articles.yaml, or EVAL_ARTICLES_FILE). */
  file: string;
}

export async function seedEvalArticles(
  deps: SeedEvalArticlesDeps,
  command: SeedEvalArticlesCommand,
): Promise<{ created: number; existing: number }> {
  const { file } = command;
  const sourceId = await deps.sources.findIdByIdentifier('eval');
  if (sourceId === null) return { created: 0, existing: 0 };
  const { fixtures } = loadEvalSet(file, (path) => readFileSync(path, 'utf8'));
  const stored = await deps.articles.idsByCanonicalUrls(fixtures.map((fixture) => canonicalUrl(fixture.url)));
  let created = 0;
  for (const fixture of fixtures) {
    const canonical = canonicalUrl(fixture.url);
    if (stored.has(canonical)) continue;
    const { article, embedding } = await prepareArticle(
      deps,
      {
        sourceId,
        url: fixture.url,
        title: fixture.title,
        content: fixture.content,
        publishedAt: null,
        metadata: { eval_fixture: fixture.fixture },
      },
      null,
    );
    try {
      await deps.articles.insert({ ...article, sourceId, canonicalUrl: canonical }, embedding);
      created++;
    } catch (error) {
      // Another replica seeded it first, or the same text is stored under another URL.
      if (!uniqueViolationOf(error)) throw error;
    }
  }
  return { created, existing: fixtures.length - created };
}
