import { busReplyError } from '@huntforge/contracts/messages';
import { createEnvelope, encodeEnvelope } from './envelope-codec';
import { BusRemoteError } from './errors';
import { silentLogger } from './logger';
import { answerEnvelope, answerRequest, copyReply, decodeReply, encodeReply, PendingReplies, type ReplyBody } from './request-reply';

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

  it('copies a reply for a requester in this process as the text round trip would', () => {
    const replies: ReplyBody[] = [
      { ok: true, result: { at: new Date('2026-01-02T03:04:05.000Z'), gone: undefined, list: [1, undefined, Number.NaN] } },
      { ok: true, result: undefined },
      { ok: true },
      busReplyError('TypeError', 'bad', { field: 'text' }),
      // What a handler throws decides the code: one the schema refuses is a MalformedReply, as through the text.
      { ok: false, error: { code: 7 as unknown as string, message: 'odd' } },
    ];
    for (const reply of replies) expect(copyReply(reply)).toEqual(decodeReply(encodeReply(reply)));
    const result = { rules: ['a'] };
    const copy = copyReply({ ok: true, result });
    result.rules.push('changed');
    expect(copy).toEqual({ ok: true, result: { rules: ['a'] } });
  });

  it('answers an envelope read already as it answers its body', async () => {
    const envelope = createEnvelope('content-filter.classify', { text: 'x' });
    const handler = async (payload: unknown) => ({ echoed: payload });
    expect(await answerEnvelope('key', envelope, handler, silentLogger)).toEqual(
      await answerRequest('key', encodeEnvelope(envelope), handler, silentLogger),
    );
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
