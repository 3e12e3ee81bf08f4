import type { z } from 'zod';
import {
  contentFilterRoutes,
  executionRoutes,
  ingestionRoutes,
  sigmaQueueRoutes,
  workflowRoutes,
  type ApiRoute,
} from '@huntforge/contracts/api';
import type {
  addAnnotationInputSchema,
  addQueueReviewNoteInputSchema,
  approveQueueRuleInputSchema,
  backtestQueueRuleInputSchema,
  deleteArticleInputSchema,
  McpHighRiskTool,
  McpLowRiskTool,
  rejectQueueRuleInputSchema,
  rollbackModelInputSchema,
  scrapeUrlInputSchema,
  submitChunkFeedbackInputSchema,
  submitQueueRuleInputSchema,
  triggerWorkflowInputSchema,
  updateAutoTriggerThresholdInputSchema,
  updateWorkflowConfigInputSchema,
} from '@huntforge/contracts/mcp';
import type { CallInput } from '@huntforge/api-client';

type Args<S extends z.ZodType> = z.output<S>;

/** One call of a public route: the route as libs/contracts declares it and the input its schemas type. */
export interface RouteCall<R extends ApiRoute = ApiRoute> {
  route: R;
  input: CallInput<R>;
}

/** A write tool's arguments → the call of its route, with the input checked against the route's types. */
function action<R extends ApiRoute, A>(route: R, input: (args: A) => CallInput<R>): (args: A) => RouteCall {
  return (args) => ({ route, input: input(args) }) as RouteCall;
}

/**
 * The one table of write tools → owning service routes. Low-risk tools run these at once; high-risk tools
 * store their arguments in a confirmation request and run the same entry when a person confirms.
 */
export const WRITE_ACTIONS: {
  [K in McpLowRiskTool | McpHighRiskTool]: (args: never) => RouteCall;
} = {
  submit_chunk_feedback: action(
    contentFilterRoutes.postFeedbackChunkClassification,
    (args: Args<typeof submitChunkFeedbackInputSchema>) => ({ body: args }),
  ),
  add_annotation: action(ingestionRoutes.postArticlesAnnotations, ({ article_id, ...body }: Args<typeof addAnnotationInputSchema>) => ({
    params: { article_id },
    body,
  })),
  add_queue_review_note: action(
    sigmaQueueRoutes.postSigmaQueueReviewNotes,
    ({ queue_id, note }: Args<typeof addQueueReviewNoteInputSchema>) => ({
      params: { queue_id },
      body: { note },
    }),
  ),
  trigger_workflow: action(
    executionRoutes.postWorkflowArticlesTrigger,
    ({ article_id, force }: Args<typeof triggerWorkflowInputSchema>) => ({
      params: { article_id },
      query: { force },
    }),
  ),
  scrape_url: action(ingestionRoutes.postScrapeUrl, (args: Args<typeof scrapeUrlInputSchema>) => ({ body: args })),
  backtest_queue_rule: action(
    sigmaQueueRoutes.postSigmaQueueBacktest,
    ({ queue_id, ...body }: Args<typeof backtestQueueRuleInputSchema>) => ({
      params: { queue_id },
      body,
    }),
  ),
  approve_queue_rule: action(sigmaQueueRoutes.postSigmaQueueApprove, ({ queue_id, comment }: Args<typeof approveQueueRuleInputSchema>) => ({
    params: { queue_id },
    body: comment === undefined ? {} : { note: comment },
  })),
  reject_queue_rule: action(sigmaQueueRoutes.postSigmaQueueReject, ({ queue_id, reason }: Args<typeof rejectQueueRuleInputSchema>) => ({
    params: { queue_id },
    body: { reason },
  })),
  submit_queue_rule: action(sigmaQueueRoutes.postSigmaQueueSubmit, ({ queue_id }: Args<typeof submitQueueRuleInputSchema>) => ({
    params: { queue_id },
  })),
  // The config was checked against this route's body schema when the request was filed (filing-checks.ts).
  update_workflow_config: action(workflowRoutes.putWorkflowConfig, ({ config }: Args<typeof updateWorkflowConfigInputSchema>) => ({
    body: config as CallInput<typeof workflowRoutes.putWorkflowConfig>['body'],
  })),
  update_auto_trigger_threshold: action(
    workflowRoutes.patchWorkflowConfigAutoTriggerThreshold,
    (args: Args<typeof updateAutoTriggerThresholdInputSchema>) => ({ body: args }),
  ),
  delete_article: action(ingestionRoutes.deleteArticle, ({ article_id }: Args<typeof deleteArticleInputSchema>) => ({
    params: { article_id },
  })),
  retrain_model: action(contentFilterRoutes.postModelRetrain, () => ({})),
  rollback_model: action(contentFilterRoutes.postModelRollback, ({ version_id }: Args<typeof rollbackModelInputSchema>) => ({
    params: { version_id },
  })),
};

/** The route call of a write tool for already validated arguments. */
export function routeCallFor(tool: McpLowRiskTool | McpHighRiskTool, args: unknown): RouteCall {
  return (WRITE_ACTIONS[tool] as (args: unknown) => RouteCall)(args);
}
