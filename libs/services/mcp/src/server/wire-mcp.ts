import { ArticleTextReader, type Db } from '@huntforge/data';
import { createEmbedder, parseEmbeddingProvider, type Embedder } from '@huntforge/llm';
import type { SettingsReader } from '@huntforge/data';
import { decodeEncryptionKey, type AppConfig, type Logger } from '@huntforge/platform';
import { ServiceClient } from '../actions/service-client';
import { ToolCallRecorder } from '../audit/tool-call-recorder';
import type { McpConfig } from '../config';
import { ArticleReadRepository } from '../repositories/article-read-repository';
import { ConfirmationRepository } from '../repositories/confirmation-repository';
import { FilingTargetRepository } from '../repositories/filing-target-repository';
import { ExecutionReadRepository } from '../repositories/execution-read-repository';
import { SigmaReadRepository } from '../repositories/sigma-read-repository';
import { SourceReadRepository } from '../repositories/source-read-repository';
import { StatsRepository } from '../repositories/stats-repository';
import { ReadOnlySqlRunner } from '../repositories/read-only-sql-runner';
import type { McpPorts } from '../ports';

export interface McpWiringOptions {
  db: Db;
  config: Pick<AppConfig, 'serviceUrls' | 'shape' | 'identitySigningKey'>;
  mcpConfig: McpConfig;
  logger: Logger;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  /** Credentials of a hosted embedder (OPENAI_API_KEY, OLLAMA_HOST); without it only the builtin embedder works. */
  settings?: SettingsReader;
  embedder?: Embedder;
}

export interface McpWiring {
  ports: McpPorts;
  recorder: ToolCallRecorder;
}

/** The ports the tools and the confirmation routes share, and the transports' recorder, built once per process. */
export function wireMcp(options: McpWiringOptions): McpWiring {
  const { prisma } = options.db;
  const audit = options.db.repos.audit;
  const services = new ServiceClient({
    serviceUrls: options.config.serviceUrls,
    apiUrl: options.mcpConfig.apiUrl,
    useSelfUrl: options.config.shape === 'all-in-one',
    signingKey: options.config.identitySigningKey ? (decodeEncryptionKey(options.config.identitySigningKey) ?? undefined) : undefined,
    fetchImpl: options.fetchImpl,
  });
  const ports: McpPorts = {
    articles: new ArticleReadRepository(prisma),
    sigma: new SigmaReadRepository(prisma),
    sources: new SourceReadRepository(prisma),
    executions: new ExecutionReadRepository(prisma),
    stats: new StatsRepository(prisma),
    sql: new ReadOnlySqlRunner(prisma, options.db.kind),
    services,
    confirmations: new ConfirmationRepository(prisma),
    filingTargets: new FilingTargetRepository(prisma),
    articleTexts: new ArticleTextReader(prisma),
    audit,
    confirmationTtlMs: options.mcpConfig.confirmationTtlMs,
    allowSelfConfirmation: async () => /^(1|true|yes|on)$/i.test((await options.settings?.get('MCP_ALLOW_SELF_CONFIRMATION')) ?? ''),
    now: options.now ?? (() => new Date()),
    embedder: options.embedder ? () => Promise.resolve(options.embedder as Embedder) : memoize(() => embedderFor(options)),
    logger: options.logger,
    settings: options.settings,
  };
  return { ports, recorder: new ToolCallRecorder(audit, options.logger) };
}

/**
 * The query side of semantic search must use the embedder the articles were embedded with, so it reads the
 * same EMBEDDING_PROVIDER / EMBEDDING_MODEL as ingestion; built on first use (a hosted one needs settings).
 */
async function embedderFor(options: McpWiringOptions): Promise<Embedder> {
  const provider = parseEmbeddingProvider(options.mcpConfig.embeddingProvider);
  if (!provider) throw new Error(`EMBEDDING_PROVIDER must be builtin, openai or ollama (got ${options.mcpConfig.embeddingProvider})`);
  const setting = async (key: string) => (options.settings ? ((await options.settings.get(key)) ?? undefined) : undefined);
  return createEmbedder({
    provider,
    model: options.mcpConfig.embeddingModel,
    openAiApiKey: provider === 'openai' ? await setting('OPENAI_API_KEY') : undefined,
    openAiBaseUrl: provider === 'openai' ? await setting('OPENAI_BASE_URL') : undefined,
    ollamaHost: provider === 'ollama' ? await setting('OLLAMA_HOST') : undefined,
  });
}

function memoize<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () => {
    made ??= make().catch((error: unknown) => {
      made = null; // a missing credential may be configured later through the settings API
      throw error;
    });
    return made;
  };
}
