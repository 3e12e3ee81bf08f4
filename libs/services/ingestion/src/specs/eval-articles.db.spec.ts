import { readFileSync } from 'node:fs';
import { loadEvalSet } from '@huntforge/observables';
import { defaultEvalArticlesFile, seedEvalArticles } from '../use-cases/eval-articles/seed-eval-articles';
import { startIngestion, type IngestionHarness } from '../test-support/ingestion-harness';

describe('evaluation snapshots under the eval source', () => {
  let h: IngestionHarness;
  const evalSet = loadEvalSet(defaultEvalArticlesFile(), (path) => readFileSync(path, 'utf8'));

  beforeAll(async () => {
    h = await startIngestion({ seedEvalArticles: true });
  }, 120_000);
  afterAll(() => h?.close());

  it('stores every committed snapshot once at start, under the protected eval source, without announcing it', async () => {
    const list = (await h.http.get('/api/articles?limit=100').expect(200)).body;
    expect(list.total).toBe(evalSet.fixtures.length);
    const byUrl = new Map<string, { source: string; title: string }>(
      list.articles.map((a: { url: string; source: string; title: string }) => [a.url, a]),
    );
    for (const fixture of evalSet.fixtures) expect(byUrl.get(fixture.url)).toMatchObject({ source: 'eval', title: fixture.title });
    // No article.ingested: evaluation snapshots never start a normal run (and so never reach the review queue).
    expect(h.ingested).toEqual([]);
  });

  it('is idempotent: a second start (or replica) finds them by URL', async () => {
    expect(await seedEvalArticles(h.module.ports, { file: defaultEvalArticlesFile() })).toEqual({
      created: 0,
      existing: evalSet.fixtures.length,
    });
    expect((await h.http.get('/api/articles?limit=1').expect(200)).body.total).toBe(evalSet.fixtures.length);
  });
});
