import { LaneFull, SingleLane } from './single-lane';

/** A task the test finishes when it wants, recording when it started. */
function gated(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish,
  };
}

describe('SingleLane', () => {
  it('runs one task at a time, in arrival order, and refuses a task beyond the queue', async () => {
    const lane = new SingleLane(2);
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => gated(started, name)) as [
      ReturnType<typeof gated>,
      ReturnType<typeof gated>,
      ReturnType<typeof gated>,
      ReturnType<typeof gated>,
    ];
    const runs = [lane.run(a.task), lane.run(b.task), lane.run(c.task)];
    await expect(lane.run(d.task)).rejects.toBeInstanceOf(LaneFull);
    await Promise.resolve();
    expect(started).toEqual(['a']);
    a.finish();
    await runs[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b']);
    b.finish();
    c.finish();
    await expect(Promise.all(runs)).resolves.toEqual(['a', 'b', 'c']);
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('frees the lane when a task fails', async () => {
    const lane = new SingleLane(0);
    await expect(lane.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(lane.run(() => Promise.resolve(1))).resolves.toBe(1);
  });
});
