/**
 * What the rest of the service feels while one long operation runs: a second client asks, one request at a
 * time, for /health/live and the first article page, so a long lock or a blocked event loop shows up there.
 */
import { api, type RunningService } from './service';

interface Probe {
  stop(): Promise<string>;
}

/** One client asking, one request at a time, for liveness and the first article page until stopped. */
function probe(service: RunningService): Probe {
  const health: number[] = [];
  const list: number[] = [];
  let running = true;
  const loop = async (path: string, into: number[]) => {
    while (running) {
      const started = performance.now();
      await api(service.url, path).then((res) => res.arrayBuffer());
      into.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const loops = [loop('/health/live', health), loop('/api/articles?limit=20&sort_by=collected_at', list)];
  const stats = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
    return `p95 ${p95.toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms over ${sorted.length}`;
  };
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return `meanwhile /health/live ${stats(health)}; article list ${stats(list)}`;
    },
  };
}

export async function timed<T>(service: RunningService, action: () => Promise<T>): Promise<{ value: T; ms: number; meanwhile: string }> {
  const watcher = probe(service);
  await new Promise((r) => setTimeout(r, 200));
  const started = performance.now();
  const value = await action();
  const ms = performance.now() - started;
  return { value, ms, meanwhile: await watcher.stop() };
}
