import type { Bus } from '@huntforge/bus';
import type { ArticleTextReader, JobLockRepository, SettingsReader } from '@huntforge/data';
import type { OutboundGuardOptions } from '@huntforge/llm';
import type { Logger } from '@huntforge/platform';
import type { DatasetLimits } from './backtest/dataset-limits';
import type { SigmaQueueConfig } from './config';
import type { CorpusIndex } from './corpus/corpus-index';
import type { RuleEnricher } from './enrichment/rule-enricher';
import type { ConversationRepository } from './repositories/conversation-repository';
import type { QueueRepository } from './repositories/queue-repository';
import type { ReferenceRuleRepository } from './repositories/reference-rule-repository';
import type { TelemetryDatasetRepository } from './repositories/telemetry-dataset-repository';
import type { QueueSimilarity } from './similarity/queue-similarity';

/**
 * Every port the module builds, once. No use case takes this whole record: each declares the few ports
 * (and methods) it uses, so its signature says what it touches and a test can hand it just those.
 */
export interface SigmaQueuePorts {
  config: SigmaQueueConfig;
  logger: Logger;
  /** Where queue events go out and the responders answer. */
  bus: Bus;
  /** Runtime settings (GITHUB_*, SIGMA_CONVERT_TARGETS). */
  settings: SettingsReader;
  locks: JobLockRepository;
  /** Identifies this replica as a lock holder. */
  holder: string;
  rules: ReferenceRuleRepository;
  /** The reference corpus, indexed in memory for similarity and coverage. */
  index: CorpusIndex;
  queue: QueueRepository;
  /** The open and approved items a new rule is compared with, so the queue never holds the same rule twice. */
  queueSimilarity: QueueSimilarity;
  conversations: ConversationRepository;
  articles: ArticleTextReader;
  /** Enrichment providers by name; `defaultProvider` when a request names none. */
  enrichers: ReadonlyMap<string, RuleEnricher>;
  defaultProvider: string;
  /** Where a submitted rule goes in the team's repository (GITHUB_RULES_DIR). */
  rulesDir: string;
  /** The operator's environment (PROVIDER_ALLOW_PRIVATE_NETWORKS, GITHUB_API_URL) and, in tests, the resolver. */
  githubGuard?: OutboundGuardOptions;
  datasets: TelemetryDatasetRepository;
  limits: DatasetLimits;
  /** The clock dataset expiry is read against (tests move it). */
  now: () => Date;
}
