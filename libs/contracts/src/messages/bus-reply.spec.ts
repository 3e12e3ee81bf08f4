import { classifyArticleResponseSchema } from '../content-filter/classify-article';
import { classifyResponseSchema } from '../content-filter/classification';
import { detectOsResponseSchema } from '../content-filter/detect-os';
import { corpusCoverageBusResponseSchema } from '../executions/corpus-coverage';
import { sigmaEnqueueBusResponseSchema } from '../executions/sigma-enqueue';
import { sigmaSimilarityBusResponseSchema } from '../sigma/similarity';
import { busReplyError, busReplyErrorSchema, isBusReplyError } from './bus-reply';

describe('bus reply refusals', () => {
  it('builds the one refusal shape, with details only when given', () => {
    expect(busReplyError('validation_error', 'rules: required')).toEqual({
      ok: false,
      error: { code: 'validation_error', message: 'rules: required' },
    });
    expect(busReplyError('conflict', 'taken', { queue_id: 4 }).error.details).toEqual({ queue_id: 4 });
    expect(busReplyErrorSchema.safeParse({ error: { code: 'x', message: 'y' } }).success).toBe(false);
  });

  it('tells a refusal from an answer, whatever the answer looks like', () => {
    expect(isBusReplyError(busReplyError('x', 'y'))).toBe(true);
    expect(isBusReplyError({ ok: true, results: [] })).toBe(false);
    expect(isBusReplyError({ classification: {}, platform: null })).toBe(false);
    expect(isBusReplyError(null)).toBe(false);
  });

  it.each([
    ['content-filter.classify', classifyResponseSchema],
    ['content-filter.classify-article', classifyArticleResponseSchema],
    ['content-filter.detect-os', detectOsResponseSchema],
    ['sigma.corpus.coverage', corpusCoverageBusResponseSchema],
    ['sigma.queue.enqueue', sigmaEnqueueBusResponseSchema],
    ['sigma.similarity.search', sigmaSimilarityBusResponseSchema],
  ])('%s answers a refusal in that shape and no other', (_key, schema) => {
    const refusal = busReplyError('validation_error', 'payload: required');
    expect(schema.parse(refusal)).toEqual(refusal);
    expect(schema.safeParse({ error: { code: 'validation_error', message: 'payload: required' } }).success).toBe(false);
  });
});
