import type { Bus } from '@huntforge/bus';
import type { ArticleTextReader, SettingsReader } from '@huntforge/data';
import type { Logger } from '@huntforge/platform';
import type { ActiveConfigSource } from './executions/active-config-source';
import type { ExecutionTimings } from './executions/execution-config';
import type { ExecutionLeaseRepository } from './repositories/execution-lease-repository';
import type { ExecutionRepository } from './repositories/execution-repository';

/**
 * The ports of the workflow's executions, built once by the executions part. No use case takes this whole
 * record: each declares the few it uses, narrowed to the methods it calls.
 */
export interface ExecutionPorts {
  executions: ExecutionRepository;
  /** Workers' leases on running rows (the stale cleanup fails rows whose lease lapsed). */
  leases: ExecutionLeaseRepository;
  /** The article's hunt score (the workflow reads articles, it does not own them). */
  articles: Pick<ArticleTextReader, 'huntScore'>;
  activeConfig: ActiveConfigSource;
  bus: Bus;
  logger: Logger;
  timings: ExecutionTimings;
  /** The provider timeout of one model call (WORKFLOW_LLM_TIMEOUT_MS), shown on the stages that make one. */
  modelCallTimeoutMs: number;
  /** Runtime settings (the STIX export reads SIGMA_CONVERT_TARGETS); absent: the default targets. */
  settings?: SettingsReader;
}
