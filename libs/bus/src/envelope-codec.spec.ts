import { assertValidTopic, createEnvelope, decodeEnvelope, encodeEnvelope } from './envelope-codec';

describe('envelope codec', () => {
  it('round-trips an envelope through JSON', () => {
    const envelope = createEnvelope('article.ingested', { articleId: 3 });
    expect(decodeEnvelope(encodeEnvelope(envelope))).toEqual({ ok: true, envelope });
    expect(envelope.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a caller-chosen id and refuses an empty one', () => {
    expect(createEnvelope('article.ingested', {}, 'article-7').id).toBe('article-7');
    expect(() => createEnvelope('article.ingested', {}, '')).toThrow('message id must not be empty');
  });

  it('explains why a body is not an envelope', () => {
    expect(decodeEnvelope('{')).toEqual({ ok: false, reason: 'malformed envelope: body is not JSON' });
    const missing = decodeEnvelope(JSON.stringify({ type: 'x', occurredAt: new Date().toISOString() }));
    expect(missing.ok).toBe(false);
    expect(!missing.ok && missing.reason).toMatch(/^malformed envelope: id: /);
    const notObject = decodeEnvelope('[1,2]');
    expect(!notObject.ok && notObject.reason).toMatch(/^malformed envelope: \(root\): /);
  });

  it('refuses topics a publisher must not use', () => {
    expect(() => assertValidTopic('')).toThrow('must not be empty');
    expect(() => assertValidTopic('article.*')).toThrow('wildcard');
    expect(() => assertValidTopic('x'.repeat(256))).toThrow('255 bytes');
    expect(() => assertValidTopic('article.ingested')).not.toThrow();
  });
});
