import type { Logger } from '../logging/logger';

export interface Shutdown {
  /** Adds a step; steps run in the order added. */
  add(name: string, step: () => Promise<void>): void;
  /** Runs every step once, then exits; later calls return the same promise. */
  run(reason: string): Promise<void>;
  /** SIGTERM/SIGINT start the shutdown; a second signal forces exit(1). */
  installSignalHandlers(): void;
  /** Undoes installSignalHandlers (tests, or a host that manages signals itself). */
  removeSignalHandlers(): void;
  readonly shuttingDown: boolean;
}

export interface CreateShutdownOptions {
  logger: Logger;
  /** After this long the process exits with 1 whatever is still running. */
  timeoutMs: number;
  /** Defaults to process.exit; tests inject their own. */
  exit?: (code: number) => void;
  /** Where SIGTERM/SIGINT arrive; defaults to process (tests pass their own emitter). */
  signals?: Pick<NodeJS.EventEmitter, 'on' | 'off'>;
}

const SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

/**
 * Graceful shutdown. Each step's failure is logged and the rest still run, so a broken bus never
 * keeps the database open. Exits 0 when every step succeeded, 1 when one failed, the timeout hit,
 * or a second signal arrived.
 */
export function createShutdown(options: CreateShutdownOptions): Shutdown {
  const { logger, timeoutMs } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const signals = options.signals ?? process;
  const steps: Array<{ name: string; step: () => Promise<void> }> = [];
  let running: Promise<void> | undefined;
  let exited = false;

  const exitOnce = (code: number) => {
    if (exited) return;
    exited = true;
    exit(code);
  };

  async function runSteps(): Promise<boolean> {
    let allSucceeded = true;
    // Index loop on purpose: a step added while shutting down still runs.
    for (let index = 0; index < steps.length; index++) {
      const { name, step } = steps[index];
      const started = Date.now();
      try {
        await step();
        logger.info({ step: name, durationMs: Date.now() - started }, 'shutdown step done');
      } catch (error) {
        allSucceeded = false;
        logger.error({ step: name, err: error, durationMs: Date.now() - started }, 'shutdown step failed');
      }
    }
    return allSucceeded;
  }

  function run(reason: string): Promise<void> {
    running ??= (async () => {
      logger.info({ reason, timeoutMs }, 'shutting down');
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      const outcome = await Promise.race([runSteps(), timedOut]);
      clearTimeout(timer);
      if (outcome === 'timeout') {
        logger.error({ timeoutMs }, 'shutdown timed out; forcing exit');
        exitOnce(1);
      } else {
        logger.info({ clean: outcome }, 'shutdown complete');
        exitOnce(outcome ? 0 : 1);
      }
    })();
    return running;
  }

  const onSignal = (signal: NodeJS.Signals) => {
    if (running) {
      logger.warn({ signal }, 'second signal during shutdown; forcing exit');
      exitOnce(1);
      return;
    }
    void run(signal);
  };

  return {
    add(name, step) {
      steps.push({ name, step });
    },
    run,
    installSignalHandlers() {
      for (const signal of SIGNALS) signals.on(signal, onSignal);
    },
    removeSignalHandlers() {
      for (const signal of SIGNALS) signals.off(signal, onSignal);
    },
    get shuttingDown() {
      return running !== undefined;
    },
  };
}
