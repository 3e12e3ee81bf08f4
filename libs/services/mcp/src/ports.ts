import type { ArticleTextReader, AuditRepository, SettingsReader } from '@huntforge/data';
import type { Embedder } from '@huntforge/llm';
import type { Logger } from '@huntforge/platform';
import type { ServiceClient } from './actions/service-client';
import type { ArticleReadRepository } from './repositories/article-read-repository';
import type { ConfirmationRepository } from './repositories/confirmation-repository';
import type { ExecutionReadRepository } from './repositories/execution-read-repository';
import type { FilingTargetRepository } from './repositories/filing-target-repository';
import type { ReadOnlySqlRunner } from './repositories/read-only-sql-runner';
import type { SigmaReadRepository } from './repositories/sigma-read-repository';
import type { SourceReadRepository } from './repositories/source-read-repository';
import type { StatsRepository } from './repositories/stats-repository';

/**
 * Every port the module builds, once, shared by every session. The confirmation use cases and the tools each
 * declare the few ports (and methods) they use; the server hands this record to every tool it registers.
 */
export interface McpPorts {
  articles: ArticleReadRepository;
  sigma: SigmaReadRepository;
  sources: SourceReadRepository;
  executions: ExecutionReadRepository;
  stats: StatsRepository;
  sql: ReadOnlySqlRunner;
  /** The owning services' routes, which writes and confirmed actions call as the caller. */
  services: ServiceClient;
  /** The stored confirmation requests of high-risk tool calls. */
  confirmations: ConfirmationRepository;
  /** What a high-risk request names (queue items, model versions), checked when it is filed. */
  filingTargets: FilingTargetRepository;
  /** Whether an article a request names exists. */
  articleTexts: Pick<ArticleTextReader, 'exists'>;
  audit: Pick<AuditRepository, 'record'>;
  /** How long a confirmation request stays open (MCP_CONFIRMATION_TTL_MINUTES). */
  confirmationTtlMs: number;
  /** MCP_ALLOW_SELF_CONFIRMATION: whether a token may confirm what it filed itself. */
  allowSelfConfirmation: () => Promise<boolean>;
  /** The clock confirmation requests are filed, decided and expired by (tests move it). */
  now: () => Date;
  /** The query-side embedder of semantic article search (the one ingestion embeds with). */
  embedder: () => Promise<Embedder>;
  logger: Logger;
  /** Runtime settings (SIGMA_CONVERT_TARGETS...); absent where the server runs without a settings store. */
  settings?: SettingsReader;
}
