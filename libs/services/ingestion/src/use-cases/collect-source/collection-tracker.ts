import type { CollectionRunRecord, SourceRecord } from '../../records';
import type { IngestionPorts } from '../../ports';
import { runCollection, type RunCollectionDeps } from './collect-source';

export interface CollectionTrackerDeps extends RunCollectionDeps {
  runs: RunCollectionDeps['runs'] & Pick<IngestionPorts['runs'], 'findRunning' | 'start'>;
}

export interface StartCollectionRunCommand {
  source: SourceRecord;
  trigger: 'scheduled' | 'manual';
  /** The caller's own abort (the scheduler's), besides the module stopping. */
  signal?: AbortSignal;
}

export interface StartedCollection {
  run: CollectionRunRecord;
  done: Promise<CollectionRunRecord>;
}

/**
 * Starts collection runs and keeps track of the ones in flight, so a source is never collected twice
 * at once from this replica and stop() can wait for them (the database row guards across replicas).
 */
export class CollectionTracker {
  private readonly inFlight = new Map<number, Promise<CollectionRunRecord>>();
  private readonly controller = new AbortController();

  constructor(private readonly deps: CollectionTrackerDeps) {}

  /** null when the source already has a live run. */
  async start(command: StartCollectionRunCommand): Promise<StartedCollection | null> {
    const { source, trigger, signal } = command;
    if (this.inFlight.has(source.id)) return null;
    if (await this.deps.runs.findRunning(source.id, this.deps.now())) return null;
    const run = await this.deps.runs.start(source.id, trigger);
    const combined = signal ? AbortSignal.any([signal, this.controller.signal]) : this.controller.signal;
    const done = runCollection(this.deps, { source, run, signal: combined }).finally(() => this.inFlight.delete(source.id));
    this.inFlight.set(source.id, done);
    return { run, done };
  }

  runningRunOf(sourceId: number): Promise<CollectionRunRecord | null> {
    return this.deps.runs.findRunning(sourceId, this.deps.now());
  }

  /** Aborts runs in flight and waits until each has recorded its outcome. */
  async stop(): Promise<void> {
    this.controller.abort(new Error('ingestion stopping'));
    await Promise.allSettled([...this.inFlight.values()]);
  }
}
