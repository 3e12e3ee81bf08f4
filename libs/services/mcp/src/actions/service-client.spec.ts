import { randomBytes } from 'node:crypto';
import { BODY_DIGEST_HEADER, bodyDigest, UNSIGNED_BODY } from '@huntforge/platform';
import type { Caller } from '../caller/caller';
import { routeCallFor } from './action-table';
import { ServiceClient } from './service-client';

const caller: Caller = { actor: 'token:ci', role: 'analyst', tokenId: 1, bearer: null, session: null, selfUrl: null };

/** Records what the client sends and answers as the service would. */
function recordingFetch() {
  const sent: Array<{ url: string; headers: Record<string, string>; body: string | undefined }> = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    sent.push({ url: String(input), headers: { ...(init?.headers as Record<string, string>) }, body: init?.body as string | undefined });
    return new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { sent, fetchImpl };
}

describe('ServiceClient direct writes', () => {
  it('sign a digest of the exact body they send, so a service can refuse another body', async () => {
    const { sent, fetchImpl } = recordingFetch();
    const client = new ServiceClient({
      serviceUrls: { sigmaQueue: 'http://sigma-queue.internal:3004' },
      apiUrl: null,
      useSelfUrl: false,
      signingKey: randomBytes(32),
      fetchImpl,
    });

    await client.call(routeCallFor('reject_queue_rule', { queue_id: 7, reason: 'looks wrong' }), caller);

    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.url).toBe('http://sigma-queue.internal:3004/api/sigma-queue/7/reject');
    expect(request?.body).toContain('looks wrong');
    expect(request?.headers[BODY_DIGEST_HEADER]).not.toBe(UNSIGNED_BODY);
    expect(request?.headers[BODY_DIGEST_HEADER]).toBe(bodyDigest(request?.body ?? ''));
  });
});
