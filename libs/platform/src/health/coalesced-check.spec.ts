import type { ComponentHealth } from '../module';
import { coalescedCheck } from './coalesced-check';

function controllableCheck() {
  const pending: Array<(result: ComponentHealth) => void> = [];
  let calls = 0;
  const check = () => {
    calls += 1;
    return new Promise<ComponentHealth>((resolve) => pending.push(resolve));
  };
  return { check, calls: () => calls, finish: (result: ComponentHealth) => pending.shift()?.(result) };
}

describe('coalescedCheck', () => {
  it('runs the check once for callers that arrive while it is in flight', async () => {
    const probe = controllableCheck();
    const shared = coalescedCheck(probe.check);
    const answers = Promise.all([shared(), shared(), shared()]);
    await Promise.resolve();
    probe.finish({ status: 'up', latencyMs: 1 });
    await expect(answers).resolves.toEqual([
      { status: 'up', latencyMs: 1 },
      { status: 'up', latencyMs: 1 },
      { status: 'up', latencyMs: 1 },
    ]);
    expect(probe.calls()).toBe(1);
  });

  it('never reuses a finished result: the next caller gets a fresh run', async () => {
    const probe = controllableCheck();
    const shared = coalescedCheck(probe.check);
    const first = shared();
    await Promise.resolve();
    probe.finish({ status: 'up' });
    await first;

    const second = shared();
    await Promise.resolve();
    probe.finish({ status: 'down', detail: { error: 'gone' } });
    await expect(second).resolves.toEqual({ status: 'down', detail: { error: 'gone' } });
    expect(probe.calls()).toBe(2);
  });

  it('shares a failure with the waiting callers and recovers after it', async () => {
    let fail = true;
    const shared = coalescedCheck(async () => {
      if (fail) throw new Error('boom');
      return { status: 'up' as const };
    });
    await expect(Promise.all([shared(), shared()])).rejects.toThrow('boom');
    fail = false;
    await expect(shared()).resolves.toEqual({ status: 'up' });
  });
});

describe('coalescedCheck with maxAgeMs', () => {
  it('reuses a finished result while it is younger than maxAgeMs, then checks again', async () => {
    let clock = 0;
    let calls = 0;
    const statuses: ComponentHealth['status'][] = ['up', 'down'];
    const shared = coalescedCheck(async () => ({ status: statuses[calls++] ?? 'degraded' }), { maxAgeMs: 1000, now: () => clock });

    await expect(shared()).resolves.toEqual({ status: 'up' });
    clock = 999;
    await expect(shared()).resolves.toEqual({ status: 'up' });
    expect(calls).toBe(1);

    clock = 1000;
    await expect(shared()).resolves.toEqual({ status: 'down' });
    expect(calls).toBe(2);
  });

  it('does not keep a failure: a throwing check is run again on the next call', async () => {
    let calls = 0;
    const shared = coalescedCheck(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('boom');
        return { status: 'up' as const };
      },
      { maxAgeMs: 60_000, now: () => 0 },
    );
    await expect(shared()).rejects.toThrow('boom');
    await expect(shared()).resolves.toEqual({ status: 'up' });
  });
});
