import type { Router } from 'express';
import { ArticleTextReader } from '@huntforge/data';
import type { ModuleContext } from '@huntforge/platform';
import { createActiveConfigSource } from './config/active-config';
import type { WorkflowConfigPorts } from './config-ports';
import type { EvaluationPorts } from './evaluations-ports';
import { createEvaluationDispatcher } from './evaluations/evaluation-dispatcher';
import { evalSetSource, resolveEvalArticlesFile } from './evaluations/eval-set-source';
import { settleExecutionRecords } from './evaluations/settle-evaluations';
import { loadExecutionSettings } from './executions/execution-config';
import { evaluationsRouter } from './http/evaluations-router';
import type { EvaluationPort } from './pipeline/run-eval-pipeline';
import { EvaluationRepository } from './repositories/evaluation-repository';
import { ExecutionRepository } from './repositories/execution-repository';

export interface EvaluationsPartOptions {
  env: Record<string, string | undefined>;
  /** The config part's stores: evaluations read the active config and the prompt history through the same ones. */
  config: Pick<WorkflowConfigPorts, 'configs' | 'prompts'>;
}

export interface EvaluationsPart {
  router: Router;
  /** What evaluation executions report to their records. */
  port: EvaluationPort;
  stop(): void;
}

/** Subagent evaluations: the routes, the staggered dispatcher and the scoring of finished evaluation executions. */
export function createEvaluationsPart(ctx: ModuleContext, options: EvaluationsPartOptions): EvaluationsPart {
  const settings = loadExecutionSettings(options.env);
  const executions = new ExecutionRepository(ctx.db.prisma);
  const articles = new ArticleTextReader(ctx.db.prisma);
  const logger = ctx.logger.child({ component: 'evaluations' });
  const dispatcher = createEvaluationDispatcher(ctx.bus, logger);
  const { configs, prompts } = options.config;
  const ports: EvaluationPorts = {
    evaluations: new EvaluationRepository(ctx.db.prisma),
    configs,
    prompts,
    evalSet: evalSetSource(resolveEvalArticlesFile(options.env['EVAL_ARTICLES_FILE'])),
    articleIdsByUrl: (urls) => articles.idsByUrl(urls),
    activeConfig: createActiveConfigSource({ configs, prompts }),
    dispatchLater: (id, delayMs) => dispatcher.dispatchLater(id, delayMs),
    cancelExecution: (id) => executions.endActive(id, 'cancelled', 'cancelled', 'evaluation cleared'),
    limits: { maxExecutionsPerLaunch: settings.maxEvalExecutionsPerLaunch, staggerSeconds: settings.evalStaggerSeconds },
    logger,
  };
  return {
    router: evaluationsRouter(ports),
    port: {
      async started(executionId) {
        await ports.evaluations.markRunning(executionId);
      },
      async finished(executionId, run) {
        await settleExecutionRecords(ports, { executionId, run });
      },
    },
    stop: () => dispatcher.stop(),
  };
}
