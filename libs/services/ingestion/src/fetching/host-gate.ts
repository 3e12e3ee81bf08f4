/**
 * Per-host politeness: one request at a time per host, with at least `delayMs` between the end of one
 * and the start of the next. Hosts are independent, so a slow site never holds up the others.
 */
export interface HostGate {
  run<T>(url: string, task: () => Promise<T>): Promise<T>;
}

export function createHostGate(delayMs: number): HostGate {
  const tails = new Map<string, Promise<void>>();
  return {
    run(url, task) {
      let host: string;
      try {
        host = new URL(url).host.toLowerCase();
      } catch {
        return task();
      }
      const previous = tails.get(host) ?? Promise.resolve();
      const result = previous.then(task);
      const tail = result
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => (delayMs > 0 ? new Promise<void>((resolve) => setTimeout(resolve, delayMs)) : undefined));
      tails.set(host, tail);
      // Forget idle hosts so the map does not grow with every host ever seen.
      void tail.then(() => {
        if (tails.get(host) === tail) tails.delete(host);
      });
      return result;
    },
  };
}
