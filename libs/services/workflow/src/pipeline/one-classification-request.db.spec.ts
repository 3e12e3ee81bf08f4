import request from 'supertest';
import { REQUEST_KEYS } from '@huntforge/contracts';
import type { ClassifyArticleRequest, ClassifyArticleResult } from '@huntforge/contracts/content-filter';
import { busReplyError } from '@huntforge/contracts/messages';
import { waitFor } from '@huntforge/test-kit';
import { seedArticle } from '../test-support/seed';
import { startWorkflow, type WorkflowHarness } from '../test-support/workflow-harness';

const CONTENT = 'Quarterly newsletter: our team grew, and we thank our partners for a wonderful year.';

/** What the content filter answers for an article none of whose chunks is huntable. */
function nothingKept(articleId: number, threshold: number): ClassifyArticleResult {
  const chunk = {
    chunk_id: 0,
    start: 0,
    end: CONTENT.length,
    label: 'Not Huntable' as const,
    confidence: 0.97,
    huntable_probability: 0.03,
    perfect_keywords: [],
    kept: false,
    reason: 'removed: model says Not Huntable with confidence 0.97',
    top_features: [],
  };
  return {
    classification: {
      article_id: articleId,
      model_version: 4,
      threshold,
      total_chunks: 1,
      kept_count: 0,
      has_huntable_content: false,
      chunks: [chunk],
      kept_chunks: [],
    },
    platform: null,
  };
}

describe('the pipeline asks the content filter once per run', () => {
  let h: WorkflowHarness;
  const asked: Array<{ key: string; payload: unknown }> = [];

  beforeAll(async () => {
    h = await startWorkflow();
    // The content filter at its process boundary: every key it serves, each request recorded.
    await h.ctx.bus.respond<ClassifyArticleRequest, ClassifyArticleResult>(REQUEST_KEYS.contentFilterClassifyArticle, async (payload) => {
      asked.push({ key: REQUEST_KEYS.contentFilterClassifyArticle, payload });
      return nothingKept(payload.article_id, payload.threshold ?? 0.8);
    });
    for (const key of [REQUEST_KEYS.contentFilterClassify, REQUEST_KEYS.contentFilterDetectOs]) {
      await h.ctx.bus.respond(key, async (payload) => {
        asked.push({ key, payload });
        return busReplyError('unexpected', `${key} should not be asked`);
      });
    }
  }, 120_000);
  afterAll(() => h.close());

  it('one classify-article request with the run’s article text answers both platform detection and the junk filter', async () => {
    const articleId = await seedArticle(h.ctx.db.prisma, { huntScore: 99, content: CONTENT });
    const trigger = await request(h.app).post(`/api/workflow/articles/${articleId}/trigger?force=true`).expect(202);
    const id = trigger.body.execution_id as number;
    await waitFor(
      'the run to end',
      async () => ['completed', 'failed'].includes((await h.ctx.db.prisma.workflowExecution.findUnique({ where: { id } }))?.status ?? ''),
      20_000,
    );

    expect(asked).toEqual([
      {
        key: REQUEST_KEYS.contentFilterClassifyArticle,
        payload: { article_id: articleId, text: CONTENT, threshold: 0.8, top_features: 0 },
      },
    ]);
    const detail = await request(h.app).get(`/api/workflow/executions/${id}`).expect(200);
    expect(detail.body).toMatchObject({ status: 'completed', termination_reason: 'no_huntable_content' });
    expect(detail.body.platform_detection).toMatchObject({ os: 'unknown', method: 'none' });
    expect(detail.body.junk_filter_summary).toMatchObject({ model_version: 4, kept_chunks: 0, total_chunks: 1, kept_chunk_ids: [] });
    expect(detail.body.stages.map((stage: { stage: string; status: string }) => [stage.stage, stage.status])).toEqual([
      ['source_sigma_import', 'skipped'],
      ['platform_detection', 'completed'],
      ['junk_filter', 'completed'],
    ]);
  });
});
