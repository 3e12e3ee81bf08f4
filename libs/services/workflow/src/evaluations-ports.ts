import type { EvalSet } from '@huntforge/observables';
import type { Logger } from '@huntforge/platform';
import type { WorkflowConfigRepository } from './repositories/config-repository';
import type { EvaluationRepository } from './repositories/evaluation-repository';
import type { PromptRepository } from './repositories/prompt-repository';

/**
 * The ports of the subagent evaluations, built once by the evaluations part (the config and prompt stores are
 * the config part's). No use case takes this whole record: each declares the few it uses, narrowed to the
 * methods it calls.
 */
export interface EvaluationPorts {
  evaluations: EvaluationRepository;
  configs: WorkflowConfigRepository;
  prompts: PromptRepository;
  /** The committed eval set (config/eval_articles.yaml), read on first use. */
  evalSet(): EvalSet;
  /** Seeded eval articles by URL (ingestion seeds them under the eval source; the workflow only reads). */
  articleIdsByUrl(urls: string[]): Promise<Map<string, number>>;
  /** The active config's snapshot, which an evaluation execution stores. */
  activeConfig: { active(): Promise<{ version: number | null; snapshot: unknown }> };
  /** Queues an execution after `delayMs` (the stagger between evaluation executions). */
  dispatchLater(executionId: number, delayMs: number): void;
  /** Cancels an execution that has not finished (cleared evaluations); false when it already ended. */
  cancelExecution(executionId: number): Promise<boolean>;
  limits: { maxExecutionsPerLaunch: number; staggerSeconds: number };
  logger: Logger;
}
