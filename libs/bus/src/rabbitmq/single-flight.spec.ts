import { SingleFlight } from './single-flight';

describe('SingleFlight', () => {
  it('shares one run among concurrent callers and starts afresh once it settles', async () => {
    const flight = new SingleFlight<number>();
    let starts = 0;
    const start = () => new Promise<number>((resolve) => setImmediate(() => resolve(++starts)));

    await expect(Promise.all([flight.run(start), flight.run(start), flight.run(start)])).resolves.toEqual([1, 1, 1]);
    await expect(flight.run(start)).resolves.toBe(2);
  });

  it('lets the next call retry after a failure', async () => {
    const flight = new SingleFlight<string>();
    await expect(flight.run(() => Promise.reject(new Error('no channel')))).rejects.toThrow('no channel');
    await expect(flight.run(() => Promise.resolve('channel'))).resolves.toBe('channel');
  });
});
