import { hostname } from 'node:os';
import type { Router } from 'express';
import { z } from 'zod';
import type { Prompt } from '@huntforge/contracts/workflow';
import type { Subscription } from '@huntforge/bus';
import { createProviderFromSettings, type CapabilitiesMap, type LlmProvider } from '@huntforge/llm';
import type { ModuleContext } from '@huntforge/platform';
import { createActiveConfigSource } from './config/active-config';
import { configStores } from './repositories/config-stores';
import { repairRule } from '@huntforge/sigma';
import { createAgentRunner } from './pipeline/llm-agents';
import { createBuiltinAgents } from './pipeline/builtin-agents';
import { BuiltinExtractionMemo } from './pipeline/builtin-extraction-memo';
import { createBusServicePorts } from './pipeline/bus-service-ports';
import { createDomainPorts } from './pipeline/domain-ports';
import { createPipelineRunner } from './pipeline/run-pipeline';
import { timeStages } from './pipeline/stage-metrics';
import type { EvaluationPort } from './pipeline/run-eval-pipeline';
import { subscribeAutoTrigger } from './executions/auto-trigger';
import { loadExecutionSettings } from './executions/execution-config';
import { recoverPendingExecutions } from './executions/recover-pending/recover-pending';
import { ArticleTextReader } from '@huntforge/data';
import { ExecutionLeaseRepository } from './repositories/execution-lease-repository';
import { ExecutionRepository } from './repositories/execution-repository';
import { createExecutionWorker } from './executions/execution-worker';
import type { ExecutionPorts } from './executions-ports';
import { executionsRouter } from './http/executions-router';

export interface ExecutionsPartOptions {
  env: Record<string, string | undefined>;
  /** Shipped default prompt per agent, when the snapshot has none. */
  defaultPrompt(agent: string): Prompt | undefined;
  sigmaTemplate(): string;
  capabilities(): CapabilitiesMap;
  codexPath?: string;
  llmTimeoutMs: number;
  evaluations: EvaluationPort;
}

export interface ExecutionsPart {
  router: Router;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const pipelineEnvSchema = z.object({
  SIGMA_IMPORT_POLICY: z.enum(['allow', 'deny']).default('deny'),
  EXTRACTION_CONCURRENCY: z.coerce.number().int().min(1).max(7).default(3),
  PEER_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** A peer request failing in transport is asked again up to this many times in all, with backoff from the base delay. */
  PEER_REQUEST_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  PEER_REQUEST_RETRY_BASE_MS: z.coerce.number().int().min(0).default(500),
  /** A run whose peer request still fails goes back to the queue this many times, then fails (peer_unreachable). */
  MAX_TRANSPORT_REQUEUES: z.coerce.number().int().min(0).max(100).default(3),
});

/**
 * Executions in the workflow service: routes, the worker consuming workflow.execution.requested, the
 * auto-trigger consumer and the stale-run sweeper, all around one pipeline.
 */
export function createExecutionsPart(ctx: ModuleContext, options: ExecutionsPartOptions): ExecutionsPart {
  const settings = loadExecutionSettings(options.env);
  const pipelineEnv = pipelineEnvSchema.parse(options.env);
  const repo = new ExecutionRepository(ctx.db.prisma);
  const leases = new ExecutionLeaseRepository(ctx.db.prisma);
  const articles = new ArticleTextReader(ctx.db.prisma);
  const ports: ExecutionPorts = {
    executions: repo,
    leases,
    articles,
    activeConfig: createActiveConfigSource(configStores(ctx.db.prisma)),
    bus: ctx.bus,
    logger: ctx.logger.child({ component: 'executions' }),
    timings: settings,
    modelCallTimeoutMs: options.llmTimeoutMs,
    settings: ctx.settings,
  };
  const today = () => new Date();
  const extraction = new BuiltinExtractionMemo();
  const builtin = createBuiltinAgents({ today, repair: (rule, findings) => repairRule(rule, findings, today()), extraction });
  const providers = (id: string): Promise<LlmProvider> =>
    createProviderFromSettings(id as Parameters<typeof createProviderFromSettings>[0], ctx.settings, {
      capabilities: options.capabilities(),
      codexPath: options.codexPath,
    });

  const runPipeline = createPipelineRunner({
    loadArticle: (id) => articles.find(id),
    services: createBusServicePorts(ctx.bus, {
      timeoutMs: pipelineEnv.PEER_REQUEST_TIMEOUT_MS,
      transportRetry: {
        attempts: pipelineEnv.PEER_REQUEST_ATTEMPTS,
        baseDelayMs: pipelineEnv.PEER_REQUEST_RETRY_BASE_MS,
        maxDelayMs: 10_000,
      },
    }),
    domain: createDomainPorts(extraction),
    agentsFor: (snapshot) =>
      createAgentRunner(snapshot, {
        builtin,
        provider: providers,
        prompt: (agent) => (snapshot.prompts[agent] as Prompt | undefined) ?? options.defaultPrompt(agent),
        sigmaTemplate: options.sigmaTemplate,
        timeoutMs: options.llmTimeoutMs,
      }),
    importPolicy: pipelineEnv.SIGMA_IMPORT_POLICY,
    extractionConcurrency: pipelineEnv.EXTRACTION_CONCURRENCY,
    evaluations: options.evaluations,
  });

  ctx.metrics?.gaugeAtScrape({
    name: 'huntforge_workflow_executions',
    help: 'Workflow executions, by status (read at scrape time).',
    labelNames: ['status'],
    collect: async () => (await repo.countByStatus()).map(({ status, count }) => ({ labels: { status }, value: count })),
  });
  const worker = createExecutionWorker({
    repo,
    leases,
    bus: ctx.bus,
    logger: ports.logger,
    runPipeline: ctx.metrics ? timeStages(runPipeline, ctx.metrics) : runPipeline,
    workerId: `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`,
    concurrency: settings.concurrency,
    heartbeatMs: settings.heartbeatMs,
    staleAfterMs: settings.staleAfterMs,
    maxTransportRequeues: pipelineEnv.MAX_TRANSPORT_REQUEUES,
  });
  let autoTrigger: Subscription | null = null;
  let sweeper: NodeJS.Timeout | null = null;

  return {
    router: executionsRouter(ports),
    async start() {
      await worker.start();
      autoTrigger = await subscribeAutoTrigger(ports);
      await recoverPendingExecutions(ports);
      // A dead worker's run is re-dispatched so a live worker takes it over (the claim checks staleness).
      sweeper = setInterval(
        () => {
          worker.sweepStale().catch((error: unknown) => ports.logger.warn({ err: error }, 'stale-run sweep failed'));
        },
        Math.max(1_000, settings.staleAfterMs / 2),
      );
      sweeper.unref();
    },
    async stop() {
      if (sweeper) clearInterval(sweeper);
      await autoTrigger?.cancel();
      await worker.stop();
    },
  };
}
