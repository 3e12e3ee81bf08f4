import { ingestArticle } from '../ingest-article/ingest-article';
import { startIngestion, type IngestionHarness } from '../../test-support/ingestion-harness';

const NOW = new Date('2026-03-10T15:30:00Z');

describe('GET /api/articles/daily-counts', () => {
  let h: IngestionHarness;

  /** Stores an article under `source` and sets when it was collected. */
  async function collectedAt(source: string, at: string, seed: number): Promise<void> {
    const content = `Report ${seed}: the actor staged tooling with certutil and ran it through a scheduled task on host ${seed}. `.repeat(
      8,
    );
    const result = await ingestArticle(h.module.ports, {
      sourceId: await h.sourceId(source),
      url: `https://daily.example/${seed}`,
      title: `Report ${seed}`,
      publishedAt: null,
      content,
    });
    if (result.outcome !== 'created') throw new Error(`article ${seed} was not stored: ${result.outcome}`);
    await h.ctx.db.prisma.article.update({ where: { id: result.articleId }, data: { collectedAt: new Date(at) } });
  }

  beforeAll(async () => {
    h = await startIngestion({ now: () => NOW });
    await collectedAt('manual', '2026-03-10T00:00:00Z', 1); // today, first millisecond
    await collectedAt('manual', '2026-03-10T14:00:00Z', 2);
    await collectedAt('manual', '2026-03-08T23:59:59.999Z', 3); // two days ago, last millisecond
    await collectedAt('manual', '2026-03-07T12:00:00Z', 4); // outside a three-day window
    await collectedAt('eval', '2026-03-10T09:00:00Z', 5); // seeded, not collected
  });
  afterAll(() => h?.close());

  it('counts per UTC day, zero-filled, today last, without the seeded evaluation articles', async () => {
    const body = (await h.http.get('/api/articles/daily-counts?days=3').expect(200)).body;
    expect(body).toEqual({
      days: 3,
      total: 3,
      counts: [
        { date: '2026-03-08', articles: 1 },
        { date: '2026-03-09', articles: 0 },
        { date: '2026-03-10', articles: 2 },
      ],
    });
  });

  it('covers 30 days by default', async () => {
    const body = (await h.http.get('/api/articles/daily-counts').expect(200)).body;
    expect(body.days).toBe(30);
    expect(body.counts).toHaveLength(30);
    expect(body.counts[0].date).toBe('2026-02-09');
    expect(body.counts.at(-1).date).toBe('2026-03-10');
    expect(body.total).toBe(4);
  });

  it.each(['0', '366', '1.5', 'week', ''])('refuses days=%j with a 400 validation_error', async (days) => {
    const response = await h.http.get(`/api/articles/daily-counts?days=${days}`).expect(400);
    expect(response.body.error.code).toBe('validation_error');
  });

  it('leaves article ids to the article route', async () => {
    expect((await h.http.get('/api/articles/999999').expect(404)).body.error.code).toBe('not_found');
  });
});
