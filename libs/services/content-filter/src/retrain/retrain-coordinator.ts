import { CONTENT_FILTER_ERROR_CODES, type RetrainResult } from '@huntforge/contracts/content-filter';
import { HttpError } from '@huntforge/platform';
import type { ContentFilterPorts } from '../ports';
import { runRetrainPipeline, type RetrainPipelineDeps } from './retrain-pipeline';

/** Cross-replica lease: one retrain (or first-start training) at a time, whichever replica runs it. */
export const RETRAIN_LOCK = 'content-filter.retrain';
const LOCK_TTL_MS = 30 * 60_000;

export interface RetrainCoordinatorDeps extends RetrainPipelineDeps, Pick<ContentFilterPorts, 'locks' | 'holder'> {
  runs: RetrainPipelineDeps['runs'] & Pick<ContentFilterPorts['runs'], 'create' | 'failUnfinished'>;
  versions: RetrainPipelineDeps['versions'] & Pick<ContentFilterPorts['versions'], 'count'>;
  background: Pick<ContentFilterPorts['background'], 'run'>;
}

export interface StartRetrainCommand {
  /** Who asked, for the run record (null when the gateway forwarded no principal). */
  requestedBy: string | null;
}

export interface StartedRetrain {
  runId: number;
  done: Promise<RetrainResult>;
}

/** Starts retrains in the background, one at a time (409 retrain_in_progress otherwise). */
export class RetrainCoordinator {
  /** The lease is re-entrant for its holder, so this instance also keeps its own flag. */
  private active = false;

  constructor(private readonly deps: RetrainCoordinatorDeps) {}

  async start(command: StartRetrainCommand): Promise<StartedRetrain> {
    const { deps } = this;
    if (this.active || !(await this.acquire())) {
      throw new HttpError(
        409,
        CONTENT_FILTER_ERROR_CODES.retrainInProgress,
        'A retrain is already running; watch GET /api/model/retrain-status',
      );
    }
    try {
      const run = await deps.runs.create(command.requestedBy);
      const done = this.runHoldingLock(run.id, false);
      void deps.background.run(`retrain-${run.id}`, () => done);
      return { runId: run.id, done };
    } catch (error) {
      await this.release();
      throw error;
    }
  }

  /**
   * First start: when no version exists, train version 1 from the seed. Also marks runs a dead process
   * left unfinished. Skipped when another replica holds the lock (it is doing the same).
   */
  async bootstrap(): Promise<RetrainResult | null> {
    const { deps } = this;
    if (this.active || !(await this.acquire())) return null;
    let released = false;
    try {
      await deps.runs.failUnfinished('Interrupted: the process running this retrain stopped');
      if ((await deps.versions.count()) > 0) return null;
      const run = await deps.runs.create('bootstrap');
      released = true;
      return await this.runHoldingLock(run.id, true);
    } finally {
      if (!released) await this.release();
    }
  }

  private async runHoldingLock(runId: number, bootstrap: boolean): Promise<RetrainResult> {
    try {
      return await runRetrainPipeline(this.deps, { runId, bootstrap });
    } finally {
      await this.release();
    }
  }

  private async acquire(): Promise<boolean> {
    // Set before the await so a second call in the same tick sees it.
    this.active = true;
    const acquired = await this.deps.locks.tryAcquire(RETRAIN_LOCK, this.deps.holder, LOCK_TTL_MS).catch((error: unknown) => {
      this.active = false;
      throw error;
    });
    if (!acquired) this.active = false;
    return acquired;
  }

  private async release(): Promise<void> {
    this.active = false;
    await this.deps.locks.release(RETRAIN_LOCK, this.deps.holder);
  }
}
