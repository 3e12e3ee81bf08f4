import type { EvalSet } from '@huntforge/observables';
import type { Logger } from '@huntforge/platform';
import type { ActiveConfigSource } from '../executions/execution-deps';
import type { EvaluationRepository } from '../repositories/evaluation-repository';

export interface EvaluationDeps {
  repo: EvaluationRepository;
  evalSet: () => EvalSet;
  /** Seeded eval articles by URL (ingestion seeds them under the eval source; the workflow only reads). */
  articleIdsByUrl(urls: string[]): Promise<Map<string, number>>;
  config: ActiveConfigSource;
  /** Queues an execution after `delayMs` (the stagger between evaluation executions). */
  dispatchLater(executionId: number, delayMs: number): void;
  /** Cancels an execution that has not finished (cleared evaluations); false when it already ended. */
  cancelExecution(executionId: number): Promise<boolean>;
  limits: { maxExecutionsPerLaunch: number; staggerSeconds: number };
  logger: Logger;
}
