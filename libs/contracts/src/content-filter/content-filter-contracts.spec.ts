import { buildOpenApiDocument } from '../openapi';
import { classifyRequestSchema } from './classification';
import { createChunkFeedbackRequestSchema } from './feedback';
import { modelVersionsQuerySchema } from './model';

describe('content-filter contracts', () => {
  it('puts every content-filter route in the OpenAPI document', () => {
    const paths = buildOpenApiDocument({ version: 'test' }).paths ?? {};
    const expected: Array<[string, 'get' | 'post']> = [
      ['/api/articles/{article_id}/chunk-debug', 'get'],
      ['/api/articles/{article_id}/chunk-debug/progress', 'get'],
      ['/api/articles/{article_id}/detect-os', 'post'],
      ['/api/feedback/chunk-classification', 'post'],
      ['/api/feedback/chunk-classification/{article_id}', 'get'],
      ['/api/feedback/chunk-classification/{article_id}/{chunk_id}', 'get'],
      ['/api/model/retrain-status', 'get'],
      ['/api/model/retrain', 'post'],
      ['/api/model/versions', 'get'],
      ['/api/model/evaluate', 'post'],
      ['/api/model/eval-chunk-count', 'get'],
      ['/api/model/feedback-count', 'get'],
      ['/api/model/rollback/{version_id}', 'post'],
      ['/api/model/compare/{version_id}', 'get'],
      ['/api/model/feedback-comparison', 'get'],
      ['/api/model/classification-timeline', 'get'],
      ['/api/ml-model-performance/summary', 'get'],
    ];
    for (const [path, method] of expected) expect(paths[path]?.[method]).toBeDefined();
    expect(JSON.stringify(paths['/api/articles/{article_id}/detect-os']?.post?.responses?.['422'])).toContain('no_huntable_content');
    expect(JSON.stringify(paths['/api/model/rollback/{version_id}']?.post?.responses?.['422'])).toContain('artifact_missing');
    expect(JSON.stringify(paths['/api/model/retrain']?.post?.responses?.['409'])).toContain('retrain_in_progress');
  });

  it('accepts only Huntable / Not Huntable classifications', () => {
    const body = { article_id: 1, chunk_id: 0, chunk_text: 'x', model_classification: 'Huntable', model_confidence: 0.5, is_correct: true };
    expect(createChunkFeedbackRequestSchema.safeParse(body).success).toBe(true);
    expect(createChunkFeedbackRequestSchema.safeParse({ ...body, model_classification: 'huntable' }).success).toBe(false);
    expect(createChunkFeedbackRequestSchema.safeParse({ ...body, user_classification: 'Not Huntable at all!!' }).success).toBe(false);
    expect(createChunkFeedbackRequestSchema.safeParse({ ...body, extra: 1 }).success).toBe(false);
  });

  it('needs article_id, text or both to classify', () => {
    expect(classifyRequestSchema.safeParse({ text: 'a' }).success).toBe(true);
    expect(classifyRequestSchema.safeParse({ article_id: 3, threshold: 0.5 }).success).toBe(true);
    expect(classifyRequestSchema.safeParse({}).success).toBe(false);
    expect(classifyRequestSchema.safeParse({ text: 'a', article_id: 3 }).success).toBe(true);
    expect(classifyRequestSchema.safeParse({ threshold: 0.5 }).success).toBe(false);
    expect(classifyRequestSchema.safeParse({ text: 'a', threshold: 1.2 }).success).toBe(false);
  });

  it('defaults the versions limit to 10 and caps it at 100', () => {
    expect(modelVersionsQuerySchema.parse({})).toEqual({ limit: 10 });
    expect(modelVersionsQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});
