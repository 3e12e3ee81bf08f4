import { BusClosedError, BusRemoteError, BusTimeoutError, BusUnavailableError } from '@huntforge/bus';
import { isTransportFailure, PeerUnreachableError, withTransportRetry } from './peer-transport';

const policy = { attempts: 4, baseDelayMs: 1, maxDelayMs: 5 };

/** A request failing with each error in turn, then answering `answer`. */
function failingThen<T>(errors: Error[], answer: T) {
  let calls = 0;
  return {
    calls: () => calls,
    request: async () => {
      calls++;
      const error = errors[calls - 1];
      if (error) throw error;
      return answer;
    },
  };
}

describe('peer requests failing in transport', () => {
  it('counts a lost connection, a lost reply (timeout) and a closed bus as transport, a peer’s own failure not', () => {
    expect(isTransportFailure(new BusUnavailableError('connection to RabbitMQ lost before the reply arrived'))).toBe(true);
    expect(isTransportFailure(new BusTimeoutError('content-filter.classify-article', 100))).toBe(true);
    expect(isTransportFailure(new BusClosedError('request'))).toBe(true);
    expect(isTransportFailure(new BusRemoteError('content-filter.classify-article', 'TypeError', 'boom'))).toBe(false);
    expect(isTransportFailure(new Error('article 7 no longer exists'))).toBe(false);
  });

  it('asks again after a dropped connection or a lost reply, and returns the answer', async () => {
    const peer = failingThen([new BusUnavailableError('connection lost'), new BusTimeoutError('k', 10)], 'answer');
    await expect(withTransportRetry('k', policy, new AbortController().signal, peer.request)).resolves.toBe('answer');
    expect(peer.calls()).toBe(3);
  });

  it('gives up after the bounded attempts with a transport failure (the execution is requeued for it)', async () => {
    const peer = failingThen(
      Array.from({ length: 10 }, () => new BusUnavailableError('connection lost')),
      'never',
    );
    const failure = await withTransportRetry('k', policy, new AbortController().signal, peer.request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PeerUnreachableError);
    expect(isTransportFailure(failure)).toBe(true);
    expect(peer.calls()).toBe(4);
  });

  it('never asks again after a peer’s own failure, a closed bus or a cancel', async () => {
    const remote = failingThen([new BusRemoteError('k', 'Error', 'bad')], 'never');
    await expect(withTransportRetry('k', policy, new AbortController().signal, remote.request)).rejects.toBeInstanceOf(BusRemoteError);
    expect(remote.calls()).toBe(1);

    const closed = failingThen([new BusClosedError('request')], 'never');
    await expect(withTransportRetry('k', policy, new AbortController().signal, closed.request)).rejects.toBeInstanceOf(BusClosedError);
    expect(closed.calls()).toBe(1);

    const controller = new AbortController();
    const cancelled = failingThen([new BusUnavailableError('connection lost')], 'never');
    const run = withTransportRetry('k', { ...policy, baseDelayMs: 60_000, maxDelayMs: 60_000 }, controller.signal, cancelled.request);
    await new Promise((resolve) => setTimeout(resolve, 20)); // the first attempt failed; it waits to ask again
    controller.abort(new Error('cancelled'));
    await expect(run).rejects.toThrow('cancelled');
    expect(cancelled.calls()).toBe(1);
  });
});
