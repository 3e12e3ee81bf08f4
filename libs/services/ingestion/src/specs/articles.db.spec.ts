import { createExecution } from '@huntforge/service-testing';
import { hammingDistance, simHash } from '../dedup/fingerprints';
import { ArticleQueries, type ListPosition } from '../repositories/article-queries';
import { ingestArticle, type ArticleCandidate } from '../use-cases/ingest-article/ingest-article';
import { embedNewArticles } from '../use-cases/maintenance/embed-new-articles';
import { startIngestion, type IngestionHarness } from '../test-support/ingestion-harness';

const SENTENCES = [
  'The loader was delivered as an ISO image and started through a shortcut that ran rundll32 against a DLL in the temp folder.',
  'Operators dumped LSASS with the comsvcs MiniDump export and moved laterally with PsExec to the file servers.',
  'Persistence came from a Run key and a scheduled task that relaunched the implant at every logon.',
  'Shadow copies were deleted with vssadmin and recovery was disabled with bcdedit before encryption began.',
  'Network telemetry showed beaconing to a VPS with jitter, and the configuration was recovered from memory.',
];

/** A write-up of about `sentences` sentences (distinct per seed). */
function writeup(seed: number, sentences = 30): string {
  return Array.from({ length: sentences }, (_, i) => `${SENTENCES[(seed + i) % SENTENCES.length]} (step ${i} of case ${seed})`).join(' ');
}

describe('articles', () => {
  let h: IngestionHarness;
  let manualId: number;
  const ingest = (candidate: Partial<ArticleCandidate> & { url: string; content: string }) =>
    ingestArticle(h.module.ports, { sourceId: manualId, title: candidate.url, publishedAt: null, ...candidate });

  beforeAll(async () => {
    h = await startIngestion({ sources: [{ identifier: 'other-lab', url: 'http://127.0.0.1:9/feed.xml', kind: 'rss' }] });
    manualId = await h.sourceId('manual');
  });
  afterAll(() => h?.close());

  describe('dedup', () => {
    it('refuses the same canonical URL and the same normalised content, links near duplicates visibly', async () => {
      const original = await ingest({ url: 'https://lab.example/a?utm_source=x', content: writeup(1) });
      expect(original.outcome).toBe('created');
      const sameUrl = await ingest({ url: 'HTTPS://LAB.example:443/a#top', content: writeup(2) });
      expect(sameUrl).toEqual({
        outcome: 'duplicate',
        articleId: original.outcome === 'created' ? original.articleId : -1,
        reason: 'canonical_url',
      });
      const sameContent = await ingest({ url: 'https://mirror.example/a', content: `  ${writeup(1).toUpperCase()}  ` });
      expect(sameContent).toEqual(expect.objectContaining({ outcome: 'duplicate', reason: 'content_hash' }));
      const nearContent = writeup(1).replace('step 3 of', 'step three of');
      const near = await ingest({ url: 'https://mirror.example/b', content: nearContent });
      expect(near).toEqual(
        expect.objectContaining({ outcome: 'created', duplicateOf: original.outcome === 'created' ? original.articleId : -1 }),
      );
      if (near.outcome !== 'created' || original.outcome !== 'created') throw new Error('unexpected outcome');
      const detail = (await h.http.get(`/api/articles/${original.articleId}`).expect(200)).body;
      expect(detail.near_duplicates).toEqual([near.articleId]);
      const hidden = (await h.http.get('/api/articles?include_duplicates=false&q=case 1)').expect(200)).body;
      expect(hidden.articles.map((a: { id: number }) => a.id)).toEqual([original.articleId]);
      const similar = (await h.http.get(`/api/articles/${original.articleId}/similar`).expect(200)).body;
      expect(similar.method).toBe('embedding');
      // The distance is measured in SQL; it must be the one the fingerprint defines.
      const distance = hammingDistance(simHash(writeup(1)).value, simHash(nearContent).value);
      expect(distance).toBeLessThanOrEqual(3);
      expect(similar.near_duplicates).toEqual([expect.objectContaining({ id: near.articleId, hamming_distance: distance })]);
      expect(similar.similar[0]).toEqual(expect.objectContaining({ id: near.articleId }));
      expect(similar.similar[0].similarity).toBeGreaterThan(0.9);
    });
  });

  describe('listing', () => {
    beforeAll(async () => {
      const other = await h.sourceId('other-lab');
      await ingest({
        url: 'https://list.example/old',
        title: 'Old marketing',
        content: `Join our webinar and book a demo. ${'Customer success stories. '.repeat(20)}`,
        publishedAt: new Date('2024-03-01T00:00:00Z'),
      });
      await ingest({
        url: 'https://list.example/new',
        title: 'New intrusion',
        content: writeup(3),
        publishedAt: new Date('2025-06-15T12:00:00Z'),
        sourceId: other,
      });
      await ingest({ url: 'https://list.example/undated', title: 'Undated note', content: writeup(4, 12) });
    });

    it('filters by source, hunt-score range and text, and pages', async () => {
      const bySource = (await h.http.get('/api/articles?source=other-lab').expect(200)).body;
      expect(bySource.articles.map((a: { title: string }) => a.title)).toEqual(['New intrusion']);
      const withoutSource = (await h.http.get('/api/articles?exclude_source=other-lab&limit=100').expect(200)).body;
      expect(withoutSource.articles.map((a: { title: string }) => a.title)).not.toContain('New intrusion');
      expect(withoutSource.total).toBe((await h.http.get('/api/articles').expect(200)).body.total - 1);
      expect((await h.http.get('/api/articles?exclude_source=no-such-source').expect(404)).body.error.code).toBe('not_found');
      const low = (await h.http.get('/api/articles?max_hunt_score=10').expect(200)).body;
      expect(low.articles.map((a: { title: string }) => a.title)).toEqual(['Old marketing']);
      const high = (await h.http.get('/api/articles?min_hunt_score=50&sort_by=id&sort_order=asc').expect(200)).body;
      expect(high.articles.every((a: { hunt_score: number }) => a.hunt_score >= 50)).toBe(true);
      const text = (await h.http.get(`/api/articles?q=${encodeURIComponent('CASE 3)')}`).expect(200)).body;
      expect(text.articles.map((a: { title: string }) => a.title)).toEqual(['New intrusion']);
      expect(text).toEqual(expect.objectContaining({ total: 1, total_exact: true }));
      const paged = (await h.http.get('/api/articles?limit=2&page=2&sort_by=id&sort_order=asc').expect(200)).body;
      expect(paged).toEqual(expect.objectContaining({ page: 2, limit: 2, total: 5, total_pages: 3 }));
      expect(paged.articles).toHaveLength(2);
    });

    it('counts a text search only up to its cap, and says so', async () => {
      const capped = new ArticleQueries(h.ctx.db.prisma, { textCountCap: 1 });
      const filter = { includeDuplicates: true, sortBy: 'id' as const, sortOrder: 'asc' as const, skip: 0, take: 1 };
      const common = await capped.list({ ...filter, text: 'of case' });
      expect(common).toEqual(expect.objectContaining({ total: 1, totalExact: false }));
      // Past the cap the page is read by walking the sort instead of from the matched ids: same rows, same order.
      const uncapped = new ArticleQueries(h.ctx.db.prisma);
      for (const sortOrder of ['asc', 'desc'] as const) {
        const query = { ...filter, sortOrder, take: 3, text: 'of case' };
        const walked = (await capped.list(query)).rows.map((row) => row.id);
        const fromIds = await uncapped.list(query);
        expect(fromIds.totalExact).toBe(true);
        expect(walked).toEqual(fromIds.rows.map((row) => row.id));
        expect(walked.length).toBeGreaterThan(1);
      }
      const rare = await capped.list({ ...filter, text: 'case 3)' });
      expect(rare).toEqual(expect.objectContaining({ total: 1, totalExact: true }));
      // Without a text filter the count is exact, however many match.
      const all = await capped.list(filter);
      expect(all).toEqual(expect.objectContaining({ total: (await h.http.get('/api/articles').expect(200)).body.total, totalExact: true }));
      expect(all.total).toBeGreaterThan(1);
    });

    it('reads the same text-search page from matched ids as from walking the sort, whatever the filters', async () => {
      const other = await h.sourceId('other-lab');
      const fromIds = new ArticleQueries(h.ctx.db.prisma);
      const walking = new ArticleQueries(h.ctx.db.prisma, { textCountCap: 0 });
      const base = { includeDuplicates: true, sortBy: 'collected_at' as const, sortOrder: 'desc' as const, skip: 0, take: 10 };
      const filters = [
        { text: 'of case' },
        { text: 'OF CASE', includeDuplicates: false },
        { text: 'step', sourceId: other },
        { text: 'step', excludeSourceId: other },
        { text: 'case', minHuntScore: 50, maxHuntScore: 100 },
        { text: 'case', publishedAfter: new Date('2025-01-01T00:00:00Z'), publishedBefore: new Date('2025-12-31T23:59:59Z') },
        { text: '100%_sure' },
      ];
      let nonEmpty = 0;
      for (const extra of filters) {
        const query = { ...base, ...extra };
        const expected = (await walking.list(query)).rows.map((row) => row.id);
        expect({ extra, ids: (await fromIds.list(query)).rows.map((row) => row.id) }).toEqual({ extra, ids: expected });
        if (expected.length > 0) nonEmpty++;
      }
      expect(nonEmpty).toBeGreaterThanOrEqual(5);
    });

    it('pages through every sort in one order, with no row missed or repeated', async () => {
      const queries = new ArticleQueries(h.ctx.db.prisma);
      for (const sortBy of ['published_at', 'collected_at', 'title', 'hunt_score', 'id'] as const) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          const filter = { includeDuplicates: true, sortBy, sortOrder, skip: 0, take: 1_000 };
          const whole = (await queries.list(filter)).rows.map((row) => row.id);
          expect(whole.length).toBeGreaterThanOrEqual(5);
          const paged: number[] = [];
          for (let skip = 0; skip < whole.length; skip += 3)
            paged.push(...(await queries.list({ ...filter, skip, take: 3 })).rows.map((row) => row.id));
          expect({ sortBy, sortOrder, paged }).toEqual({ sortBy, sortOrder, paged: whole });
          // The same walk by keyset: each page starts after the position where the one before ended (pages of
          // one and two rows put a page end on the last dated article, where the undated ones must follow).
          for (const take of [1, 2, 3]) {
            const walked: number[] = [];
            let after: ListPosition | undefined;
            for (let pages = 0; pages <= whole.length; pages++) {
              const page = await queries.list({ ...filter, take, after });
              walked.push(...page.rows.map((row) => row.id));
              if (!page.next) break;
              after = page.next;
            }
            expect({ sortBy, sortOrder, take, walked }).toEqual({ sortBy, sortOrder, take, walked: whole });
          }
        }
      }
      // Undated articles come last whichever way published_at is sorted.
      const dated = await h.ctx.db.prisma.article.count({ where: { publishedAt: { not: null } } });
      for (const sortOrder of ['asc', 'desc'] as const) {
        const rows = (await queries.list({ includeDuplicates: true, sortBy: 'published_at', sortOrder, skip: 0, take: 1_000 })).rows;
        expect(rows.slice(dated).every((row) => row.publishedAt === null)).toBe(true);
      }
    });

    it('filters by date range (inclusive days) and sorts', async () => {
      const range = (await h.http.get('/api/articles?published_after=2025-06-15&published_before=2025-06-15').expect(200)).body;
      expect(range.articles.map((a: { title: string }) => a.title)).toEqual(['New intrusion']);
      const sorted = (await h.http.get('/api/articles?sort_by=published_at&sort_order=asc').expect(200)).body;
      expect(sorted.articles[0].title).toBe('Old marketing');
      // Title order follows the database collation, so compare the two directions with each other.
      const titles = async (order: string) =>
        (await h.http.get(`/api/articles?sort_by=title&sort_order=${order}`).expect(200)).body.articles.map(
          (a: { title: string }) => a.title,
        );
      const ascending = await titles('asc');
      expect(ascending).toHaveLength(5);
      expect(await titles('desc')).toEqual([...ascending].reverse());
    });

    it('pages by cursor along a sort with ties, numbering the pages, and refuses a cursor from another list', async () => {
      const walk = async (query: Record<string, string>) => {
        const everything = (
          await h.http
            .get('/api/articles')
            .query({ ...query, limit: 200 })
            .expect(200)
        ).body;
        expect(everything.next_cursor).toBeNull();
        const seen: number[] = [];
        let cursor: string | null = null;
        for (let expected = 1; expected <= everything.total; expected++) {
          const body: { page: number; articles: Array<{ id: number }>; next_cursor: string | null } = (
            await h.http
              .get('/api/articles')
              .query({ ...query, limit: 2, ...(cursor ? { cursor } : {}) })
              .expect(200)
          ).body;
          expect(body.page).toBe(expected);
          seen.push(...body.articles.map((a) => a.id));
          cursor = body.next_cursor;
          if (!cursor) break;
        }
        expect(seen).toEqual(everything.articles.map((a: { id: number }) => a.id));
        return everything.articles as Array<{ hunt_score: number }>;
      };
      // Three articles of one score: a page boundary falls between rows that only their ids order.
      const other = await h.sourceId('other-lab');
      const tied: number[] = [];
      for (let i = 0; i < 3; i++) {
        const outcome = await ingest({ url: `https://tie.example/${i}`, content: writeup(700 + i * 13, 10), sourceId: other });
        if (outcome.outcome === 'created') tied.push(outcome.articleId);
      }
      await h.ctx.db.prisma.article.updateMany({ where: { id: { in: tied } }, data: { huntScore: 42.5 } });
      const byScore = await walk({ sort_by: 'hunt_score', source: 'other-lab' });
      expect(byScore.filter((a) => a.hunt_score === 42.5)).toHaveLength(3);
      await walk({ sort_by: 'hunt_score', sort_order: 'asc' });
      expect((await walk({ sort_by: 'published_at', q: 'case' })).length).toBeGreaterThan(2);

      const first = (await h.http.get('/api/articles?sort_by=hunt_score&limit=2').expect(200)).body;
      expect(first.next_cursor).toEqual(expect.any(String));
      const refused = async (query: Record<string, string | number>) =>
        (await h.http.get('/api/articles').query(query).expect(400)).body.error;
      const otherLists: Array<Record<string, string | number>> = [
        { sort_by: 'title', limit: 2 },
        { sort_by: 'hunt_score', limit: 3 },
        { sort_by: 'hunt_score', limit: 2, q: 'case' },
      ];
      for (const other of otherLists) {
        expect(await refused({ ...other, cursor: first.next_cursor })).toEqual(
          expect.objectContaining({ code: 'invalid_cursor', message: expect.stringContaining('other filters, sort or limit') }),
        );
      }
      for (const garbage of ['not-a-cursor', Buffer.from('{"q":"x","k":null,"i":-1,"p":2}').toString('base64url')]) {
        expect(await refused({ sort_by: 'hunt_score', limit: 2, cursor: garbage })).toEqual(
          expect.objectContaining({ code: 'invalid_cursor' }),
        );
      }
    });

    it('rejects bad queries with 400 and unknown sources or articles with 404', async () => {
      expect((await h.http.get('/api/articles?limit=500').expect(400)).body.error.code).toBe('validation_error');
      expect((await h.http.get('/api/articles?min_hunt_score=60&max_hunt_score=10').expect(400)).body.error.code).toBe('validation_error');
      expect((await h.http.get('/api/articles?sort_by=secret').expect(400)).body.error.code).toBe('validation_error');
      expect((await h.http.get('/api/articles?source=nope').expect(404)).body.error.code).toBe('not_found');
      expect((await h.http.get('/api/articles/999999').expect(404)).body.error.code).toBe('not_found');
      expect((await h.http.get('/api/articles/abc').expect(400)).body.error.code).toBe('validation_error');
    });

    it('returns the score breakdown with the matched terms per tier', async () => {
      const [row] = (await h.http.get('/api/articles?source=other-lab').expect(200)).body.articles;
      const detail = (await h.http.get(`/api/articles/${row.id}`).expect(200)).body;
      expect(detail.hunt_score_breakdown.score).toBe(row.hunt_score);
      expect(detail.hunt_score_breakdown.tiers.perfect.matched).toEqual(expect.arrayContaining(['rundll32', 'psexec']));
      expect(detail.hunt_score_breakdown.tiers.lolbas.matched).toEqual(expect.arrayContaining(['vssadmin', 'bcdedit']));
      expect(detail.hunt_score_breakdown.tiers.perfect.points).toBeGreaterThan(0);
    });
  });

  describe('annotations', () => {
    let articleId: number;
    let content: string;
    beforeAll(async () => {
      content = writeup(9, 40);
      const outcome = await ingest({ url: 'https://annotate.example/a', content });
      if (outcome.outcome !== 'created') throw new Error('not created');
      articleId = outcome.articleId;
      expect(content.length).toBeGreaterThan(1200);
    });
    const post = (length: number, overrides: Record<string, unknown> = {}) =>
      h.http.post(`/api/articles/${articleId}/annotations`).send({
        annotation_type: 'huntable',
        selected_text: content.slice(100, 100 + length),
        start_position: 100,
        end_position: 100 + length,
        ...overrides,
      });

    it.each([
      [949, 400],
      [950, 201],
      [1050, 201],
      [1051, 400],
    ])('a huntability annotation of %i characters answers %i', async (length, status) => {
      const response = await post(length).expect(status);
      if (status === 400)
        expect(response.body.error).toEqual(
          expect.objectContaining({ code: 'annotation_length', details: { length, min: 950, max: 1050 } }),
        );
      else
        expect(response.body).toEqual(
          expect.objectContaining({
            article_id: articleId,
            annotation_type: 'huntable',
            start_position: 100,
            end_position: 100 + length,
            used_for_training: false,
          }),
        );
    });

    it('applies the length rule to not_huntable too, and not to observable types', async () => {
      expect((await post(500, { annotation_type: 'not_huntable' }).expect(400)).body.error.code).toBe('annotation_length');
      await post(20, { annotation_type: 'cmdline' }).expect(201);
    });

    it('requires selected_text to equal the content between the positions', async () => {
      const shifted = await post(1000, { start_position: 101, end_position: 1101 }).expect(400);
      expect(shifted.body.error.code).toBe('annotation_mismatch');
      const pastEnd = await post(20, {
        annotation_type: 'cmdline',
        start_position: content.length - 10,
        end_position: content.length + 10,
      }).expect(400);
      expect(pastEnd.body.error.code).toBe('annotation_mismatch');
      expect((await post(20, { annotation_type: 'bogus' }).expect(400)).body.error.code).toBe('validation_error');
      expect(
        (
          await h.http
            .post('/api/articles/999999/annotations')
            .send({ annotation_type: 'cmdline', selected_text: 'x', start_position: 0, end_position: 1 })
            .expect(404)
        ).body.error.code,
      ).toBe('not_found');
    });

    it('lists the annotations of an article', async () => {
      const list = (await h.http.get(`/api/articles/${articleId}/annotations`).expect(200)).body;
      expect(list.annotations.map((a: { end_position: number }) => a.end_position - 100)).toEqual([950, 1050, 20]);
    });
  });

  describe('delete', () => {
    it('cascades to annotations, feedback and executions and says what was removed', async () => {
      const outcome = await ingest({ url: 'https://delete.example/a', content: writeup(11) });
      if (outcome.outcome !== 'created') throw new Error('not created');
      const id = outcome.articleId;
      const { prisma } = h.ctx.db;
      await prisma.articleAnnotation.create({
        data: { articleId: id, annotationType: 'cmdline', selectedText: 'x', startPosition: 0, endPosition: 1 },
      });
      await prisma.chunkClassificationFeedback.create({
        data: { articleId: id, chunkId: 1, chunkText: 'x', modelClassification: 'Huntable', modelConfidence: 0.9, isCorrect: true },
      });
      await createExecution(prisma, id, { status: 'completed' });
      const response = (await h.http.delete(`/api/articles/${id}`).expect(200)).body;
      expect(response).toEqual({
        deleted: true,
        article_id: id,
        removed: { annotations: 1, chunk_feedback: 1, chunk_analyses: 0, chunk_debug_progress: 0, workflow_executions: 1 },
        unlinked: { sigma_queue_items: 0, evaluation_records: 0, near_duplicates: 0 },
      });
      expect(await prisma.articleAnnotation.count({ where: { articleId: id } })).toBe(0);
      expect(await prisma.workflowExecution.count({ where: { articleId: id } })).toBe(0);
      expect((await h.http.delete(`/api/articles/${id}`).expect(404)).body.error.code).toBe('not_found');
    });
  });

  describe('scheduled maintenance', () => {
    it('embed_new_articles embeds the articles left without a vector', async () => {
      await h.ctx.db.prisma.$executeRaw`UPDATE articles SET embedding = NULL, embedded_at = NULL, embedding_model = NULL`;
      const before = (await h.http.get('/api/embeddings/stats').expect(200)).body;
      expect(before.articles.embedded).toBe(0);
      const summary = await embedNewArticles(h.module.ports, { signal: new AbortController().signal, batchSize: 2 });
      expect(summary.embedded).toBe(before.articles.total);
      const after = (await h.http.get('/api/embeddings/stats').expect(200)).body;
      expect(after.articles).toEqual(expect.objectContaining({ embedded: before.articles.total, missing: 0, coverage_percent: 100 }));
    });

    it('embedding statistics count the reference corpus through its read model', async () => {
      const rule = (id: string) => ({ ruleId: id, path: `rules/${id}.yml`, title: id, yaml: 'title: x', contentHash: id.padEnd(64, '0') });
      await h.ctx.db.prisma.sigmaReferenceRule.createMany({ data: [rule('corpus-a'), rule('corpus-b')] });
      await h.ctx.db.prisma
        .$executeRaw`UPDATE sigma_reference_rules SET embedding = array_fill(0.1, ARRAY[384])::vector WHERE rule_id = 'corpus-a'`;
      try {
        const stats = (await h.http.get('/api/embeddings/stats').expect(200)).body;
        expect(stats.sigma_corpus).toEqual({ total_rules: 2, embedded_rules: 1, missing: 1, coverage_percent: 50 });
      } finally {
        await h.ctx.db.prisma.sigmaReferenceRule.deleteMany({ where: { ruleId: { in: ['corpus-a', 'corpus-b'] } } });
      }
    });

    it('cleanup_old_data deletes expired articles but keeps annotated, executed and protected ones', async () => {
      const other = await h.sourceId('other-lab');
      const make = async (url: string) => {
        const outcome = await ingest({ url, content: writeup(url.length + 20, 12), sourceId: other });
        if (outcome.outcome !== 'created') throw new Error('not created');
        return outcome.articleId;
      };
      const plain = await make('https://old.example/plain');
      const annotated = await make('https://old.example/annotated');
      const executed = await make('https://old.example/executed-one');
      const recent = await make('https://old.example/recent-article-x');
      const manualOld = await ingest({ url: 'https://old.example/manual', content: writeup(77, 12) });
      const { prisma } = h.ctx.db;
      const old = new Date(Date.now() - 400 * 86_400_000);
      await prisma.article.updateMany({
        where: { id: { in: [plain, annotated, executed, manualOld.outcome === 'created' ? manualOld.articleId : -1] } },
        data: { collectedAt: old },
      });
      await prisma.articleAnnotation.create({
        data: { articleId: annotated, annotationType: 'cmdline', selectedText: 'x', startPosition: 0, endPosition: 1 },
      });
      await createExecution(prisma, executed);
      const result = await h.ctx.scheduler.runNow('cleanup_old_data');
      expect(result.outcome).toBe('succeeded');
      expect(result.detail).toEqual(expect.objectContaining({ articles_deleted: 1, article_retention_days: 365 }));
      const remaining = (await prisma.article.findMany({ select: { id: true } })).map((row) => row.id);
      expect(remaining).not.toContain(plain);
      expect(remaining).toEqual(expect.arrayContaining([annotated, executed, recent]));
    });

    it('retention walks the expired articles in batches past the ones it keeps', async () => {
      const other = await h.sourceId('other-lab');
      const { prisma } = h.ctx.db;
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) {
        const outcome = await ingest({ url: `https://batch.example/expired-${i}`, content: writeup(300 + i * 7, 9), sourceId: other });
        if (outcome.outcome !== 'created') throw new Error('not created');
        ids.push(outcome.articleId);
      }
      // Interleaved by collection date: the kept ones (annotated) sit between the ones to delete.
      for (const [i, id] of ids.entries())
        await prisma.article.update({ where: { id }, data: { collectedAt: new Date(Date.UTC(2001, 0, 1 + i)) } });
      const kept = [ids[1], ids[4]] as number[];
      for (const articleId of kept)
        await prisma.articleAnnotation.create({
          data: { articleId, annotationType: 'cmdline', selectedText: 'x', startPosition: 0, endPosition: 1 },
        });
      const deleted = await h.module.ports.queries.deleteExpired(new Date(Date.UTC(2002, 0, 1)), [], 1);
      expect(deleted).toBe(4);
      const left = (await prisma.article.findMany({ where: { id: { in: ids } }, select: { id: true }, orderBy: { id: 'asc' } })).map(
        (row) => row.id,
      );
      expect(left).toEqual(kept);
    });
  });
});
