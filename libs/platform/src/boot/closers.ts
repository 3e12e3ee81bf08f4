import type { Logger } from '../logging/logger';
import type { Shutdown } from '../shutdown/shutdown';

/**
 * What start-up opened, in order. On success it is handed to the shutdown in reverse (last opened, first
 * closed: HTTP, scheduler, modules, bus, database); on a start-up failure it is unwound right away.
 */
export class Closers {
  private readonly steps: Array<{ name: string; close: () => Promise<void> }> = [];

  push(name: string, close: () => Promise<void>): void {
    this.steps.push({ name, close });
  }

  registerWith(shutdown: Shutdown): void {
    for (const step of [...this.steps].reverse()) shutdown.add(step.name, step.close);
  }

  async unwind(logger: Logger): Promise<void> {
    for (const step of [...this.steps].reverse()) {
      await step.close().catch((error: unknown) => logger.error({ err: error, step: step.name }, 'close failed'));
    }
  }
}
