import type { Router } from 'express';
import { ArticleTextReader } from '@huntforge/data';
import type { ModuleContext } from '@huntforge/platform';
import { createActiveConfigSource } from './config/active-config';
import { configStores } from './repositories/config-stores';
import { createEvaluationDispatcher } from './evaluations/evaluation-dispatcher';
import type { EvaluationDeps } from './evaluations/evaluation-deps';
import { evalSetSource, resolveEvalArticlesFile } from './evaluations/eval-set-source';
import { settleExecutionRecords } from './evaluations/settle-evaluations';
import { loadExecutionSettings } from './executions/execution-config';
import { evaluationsRouter } from './http/evaluations-router';
import type { EvaluationPort } from './pipeline/run-eval-pipeline';
import { EvaluationRepository } from './repositories/evaluation-repository';
import { ExecutionRepository } from './repositories/execution-repository';
import { PromptRepository } from './repositories/prompt-repository';
import { WorkflowConfigRepository } from './repositories/config-repository';

export interface EvaluationsPart {
  router: Router;
  /** What evaluation executions report to their records. */
  port: EvaluationPort;
  stop(): void;
}

/** Subagent evaluations: the routes, the staggered dispatcher and the scoring of finished evaluation executions. */
export function createEvaluationsPart(ctx: ModuleContext, env: Record<string, string | undefined>): EvaluationsPart {
  const settings = loadExecutionSettings(env);
  const repo = new EvaluationRepository(ctx.db.prisma);
  const executions = new ExecutionRepository(ctx.db.prisma);
  const articles = new ArticleTextReader(ctx.db.prisma);
  const logger = ctx.logger.child({ component: 'evaluations' });
  const dispatcher = createEvaluationDispatcher(ctx.bus, logger);
  const deps: EvaluationDeps = {
    repo,
    evalSet: evalSetSource(resolveEvalArticlesFile(env['EVAL_ARTICLES_FILE'])),
    articleIdsByUrl: (urls) => articles.idsByUrl(urls),
    config: createActiveConfigSource(configStores(ctx.db.prisma)),
    dispatchLater: (id, delayMs) => dispatcher.dispatchLater(id, delayMs),
    cancelExecution: (id) => executions.endActive(id, 'cancelled', 'cancelled', 'evaluation cleared'),
    limits: { maxExecutionsPerLaunch: settings.maxEvalExecutionsPerLaunch, staggerSeconds: settings.evalStaggerSeconds },
    logger,
  };
  return {
    router: evaluationsRouter(deps, { prompts: new PromptRepository(ctx.db.prisma), configs: new WorkflowConfigRepository(ctx.db.prisma) }),
    port: {
      async started(executionId) {
        await repo.markRunning(executionId);
      },
      async finished(executionId, run) {
        await settleExecutionRecords(repo, executionId, run);
      },
    },
    stop: () => dispatcher.stop(),
  };
}
