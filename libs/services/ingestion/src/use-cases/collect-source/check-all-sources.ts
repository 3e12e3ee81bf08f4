import type { IngestionPorts } from '../../ports';
import type { CollectionTracker } from './collection-tracker';

export interface CheckAllSourcesDeps extends Pick<IngestionPorts, 'now'> {
  sources: Pick<IngestionPorts['sources'], 'due'>;
  config: Pick<IngestionPorts['config'], 'INGEST_SOURCE_CONCURRENCY'>;
  collections: Pick<CollectionTracker, 'start'>;
}

export interface CheckAllSummary {
  due: number;
  started: number;
  skipped_running: number;
  succeeded: number;
  failed: number;
  articles_created: number;
}

/** The check_all_sources job: every due source, a few at a time; a failing source never stops the others. */
export interface CheckAllSourcesCommand {
  /** The scheduler's: the job's lease lost or the module stopping. */
  signal: AbortSignal;
}

export async function checkAllSources(deps: CheckAllSourcesDeps, command: CheckAllSourcesCommand): Promise<CheckAllSummary> {
  const { signal } = command;
  const due = await deps.sources.due(deps.now());
  const summary: CheckAllSummary = { due: due.length, started: 0, skipped_running: 0, succeeded: 0, failed: 0, articles_created: 0 };
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < due.length && !signal.aborted) {
      const source = due[next++];
      const started = await deps.collections.start({ source, trigger: 'scheduled', signal });
      if (!started) {
        summary.skipped_running++;
        continue;
      }
      summary.started++;
      const run = await started.done;
      if (run.status === 'succeeded') summary.succeeded++;
      else summary.failed++;
      summary.articles_created += run.articlesCreated;
    }
  };
  await Promise.all(Array.from({ length: Math.min(deps.config.INGEST_SOURCE_CONCURRENCY, Math.max(1, due.length)) }, worker));
  return summary;
}
