import { busReplyError } from '@huntforge/contracts/messages';
import { createEnvelope, encodeEnvelope } from './envelope-codec';
import { BusRemoteError } from './errors';
import { silentLogger } from './logger';
import { answerRequest, decodeReply, encodeReply, PendingReplies } from './request-reply';

describe('request/reply bodies', () => {
  const request = encodeEnvelope(createEnvelope('content-filter.classify', { text: '' }));

  it("answers a handler's result as ok, and its throw as the contracts' refusal with the error's name as code", async () => {
    expect(await answerRequest('key', request, async () => ({ kept: 2 }), silentLogger)).toEqual({ ok: true, result: { kept: 2 } });
    const thrown = await answerRequest(
      'key',
      request,
      async () => {
        throw new TypeError('chunk text is empty');
      },
      silentLogger,
    );
    expect(thrown).toEqual(busReplyError('TypeError', 'chunk text is empty'));
  });

  it('refuses a request that is not an envelope with code MalformedRequest', async () => {
    const reply = await answerRequest('key', '{', async () => 'never', silentLogger);
    expect(reply).toMatchObject({ ok: false, error: { code: 'MalformedRequest' } });
  });

  it('decodes what it encodes, and turns a reply of another shape into MalformedReply', () => {
    const refusal = busReplyError('TypeError', 'bad', { field: 'text' });
    expect(decodeReply(encodeReply(refusal))).toEqual(refusal);
    expect(decodeReply(encodeReply({ ok: true, result: [1] }))).toEqual({ ok: true, result: [1] });
    for (const body of ['not json', JSON.stringify({ ok: false, error: { name: 'TypeError', message: 'old shape' } })]) {
      expect(decodeReply(body)).toMatchObject({ ok: false, error: { code: 'MalformedReply' } });
    }
  });

  it('rejects the waiting request with the remote code and message', async () => {
    const pending = new PendingReplies();
    const waiting = pending.wait('c1', 'key', 10_000);
    expect(pending.settle('c1', busReplyError('RangeError', 'too long'))).toBe(true);
    await expect(waiting).rejects.toBeInstanceOf(BusRemoteError);
    await expect(waiting).rejects.toMatchObject({ remoteName: 'RangeError', remoteMessage: 'too long' });
    expect(pending.settle('c1', { ok: true, result: null })).toBe(false);
  });
});
