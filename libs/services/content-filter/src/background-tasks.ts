import type { Logger } from '@huntforge/platform';

/** Fire-and-forget work the module still owns: errors are logged, and `drain` waits for all of it on stop. */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  run(name: string, task: () => Promise<unknown>): Promise<void> {
    const promise: Promise<void> = task()
      .then(() => undefined)
      .catch((error: unknown) => {
        this.logger.error(
          { task: name, reason: error instanceof Error ? error.message : String(error) },
          'content-filter: background task failed',
        );
      })
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
    return promise;
  }

  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
