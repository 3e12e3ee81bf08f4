import { REQUEST_KEYS } from '@huntforge/contracts';
import type { ClassifyResponse, ClassifyResult } from '@huntforge/contracts/content-filter';
import { createAppMetrics } from '@huntforge/platform';
import { createTestContext, type TestContext } from '@huntforge/service-testing';
import { startContentFilter, type ContentFilterHarness } from '../test-support/content-filter-harness';
import { WINDOWS_INTRUSION } from '../test-support/sample-articles';

describe('model inference latency metric', () => {
  let h: ContentFilterHarness;
  let ctx: TestContext;
  const metrics = createAppMetrics({ service: 'content-filter', processMetrics: false });

  beforeAll(async () => {
    ctx = await createTestContext({ service: 'content-filter' });
    ctx.metrics = metrics;
    h = await startContentFilter({ ctx });
  }, 120_000);
  // The harness leaves a context it was given open: this spec made it, so it closes it (its database thread too).
  afterAll(async () => {
    await h?.close();
    await ctx?.dispose();
  });

  const observed = async () => {
    const histogram = await metrics.registry.getSingleMetric('huntforge_model_inference_duration_seconds')?.get();
    const count = histogram?.values.find(
      (sample) => (sample as { metricName?: string }).metricName === 'huntforge_model_inference_duration_seconds_count',
    );
    return { count: count?.value ?? 0, labels: count?.labels };
  };

  it('times each call of the model and labels it with the model', async () => {
    const before = await observed();
    const articleId = await h.createArticle(WINDOWS_INTRUSION);
    const reply = (await h.ctx.bus.request<unknown, ClassifyResponse>(REQUEST_KEYS.contentFilterClassify, {
      article_id: articleId,
      threshold: 0.8,
    })) as ClassifyResult;
    expect(reply.total_chunks).toBeGreaterThan(0);
    const after = await observed();
    expect(after.count).toBeGreaterThan(before.count);
    expect(after.labels).toMatchObject({ model: 'junk_filter' });
    const text = (await metrics.exposition()).body;
    expect(text).toMatch(/^huntforge_model_inference_duration_seconds_count\{service="content-filter",model="junk_filter"\} [1-9]\d*$/m);
  });
});
