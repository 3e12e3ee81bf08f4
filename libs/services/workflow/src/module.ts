import { Router } from 'express';
import { routePrefixesOf } from '@huntforge/contracts';
import { workflowRoutes } from '@huntforge/contracts/api';
import { isAnyPromptAgentName } from '@huntforge/contracts/workflow';
import { mountRoute, reply, type ModuleContext, type ServiceModule } from '@huntforge/platform';
import { ArticleTextReader } from '@huntforge/data';
import { createConfigPart } from './config-part';
import { createExecutionsPart } from './executions-part';
import { createEvaluationsPart } from './evaluations-part';
import { rankRouter } from './http/rank-router';
import { loadDefaultPrompts } from './prompts/default-prompts';
import { CATALOG_JOB_ID, updateProviderModelCatalogs } from './providers/catalog-job';
import { ModelRegistry } from './providers/model-registry';
import { providerOptions } from './providers/provider-options';
import { loadWorkflowServiceConfig } from './service-config';

export interface WorkflowModuleOptions {
  /** Environment for the service's own variables (CODEX_PATH, FIXTURES_DIR, ...); process.env by default. */
  env?: Record<string, string | undefined>;
}

/** The workflow service: executions, the per-article pipeline, workflow configuration, prompts and evaluations. */
export function createWorkflowModule(ctx: ModuleContext, options: WorkflowModuleOptions = {}): ServiceModule {
  const config = loadWorkflowServiceConfig(options.env ?? process.env, ctx.config.dataDir);
  const registry = new ModelRegistry(config);
  const defaults = loadDefaultPrompts(config.fixturesDir);
  const articles = new ArticleTextReader(ctx.db.prisma);
  const availability = async () => (await providerOptions({ settings: ctx.settings, registry, config })).providers;
  const configPart = createConfigPart(ctx, { registry, defaults, availability, fixturesDir: config.fixturesDir });

  const evaluations = createEvaluationsPart(ctx, { env: options.env ?? process.env, config: configPart.ports });
  const executions = createExecutionsPart(ctx, {
    evaluations: evaluations.port,
    env: options.env ?? process.env,
    defaultPrompt: (agent) => (isAnyPromptAgentName(agent) ? defaults.prompt(agent) : undefined),
    sigmaTemplate: () => defaults.userTemplate('SigmaAgent') ?? '',
    capabilities: () => registry.capabilities(),
    codexPath: config.codexPath,
    llmTimeoutMs: config.llmTimeoutMs,
  });

  const router = Router();
  router.use(executions.router);
  router.use(evaluations.router);
  router.use(configPart.router);
  mountRoute(router, workflowRoutes.getWorkflowProviderOptions, async () =>
    reply(200, await providerOptions({ settings: ctx.settings, registry, config }), { 'Cache-Control': 'no-store' }),
  );
  const { configs, prompts } = configPart.ports;
  router.use(rankRouter({ articles, settings: ctx.settings, configs, prompts, defaults, registry, config }));

  return {
    name: 'workflow',
    http: { prefixes: routePrefixesOf('workflow'), router },
    async start() {
      await configPart.start();
      ctx.scheduler.register({
        id: CATALOG_JOB_ID,
        cron: '0 4 * * *',
        editable: true,
        run: ({ signal, logger }) => updateProviderModelCatalogs({ settings: ctx.settings, registry, config, logger, signal }),
      });
      await executions.start();
    },
    async stop() {
      // In-flight runs finish first, so their messages are acknowledged after their outcome commits.
      evaluations.stop();
      await executions.stop();
    },
  };
}
