/** Thrown when a task arrives while the lane runs one and its queue is full. */
export class LaneFull extends Error {}

/**
 * Runs one task at a time with at most `maxWaiting` queued behind it; a task beyond that is refused at once
 * (LaneFull) rather than queued, so a burst cannot pile work onto a resource that serves one thing at a time.
 */
export class SingleLane {
  private running = false;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly maxWaiting: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running) {
      if (this.waiting.length >= this.maxWaiting) throw new LaneFull('busy');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running = true;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running = false;
    }
  }
}
