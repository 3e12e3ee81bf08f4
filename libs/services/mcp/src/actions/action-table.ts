import type { z } from 'zod';
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
  submitChunkFeedbackInputSchema,
  submitQueueRuleInputSchema,
  scrapeUrlInputSchema,
  triggerWorkflowInputSchema,
  updateAutoTriggerThresholdInputSchema,
  updateWorkflowConfigInputSchema,
} from '@huntforge/contracts';
import type { ServiceCall } from './service-client';

type Args<S extends z.ZodType> = z.output<S>;

/**
 * The one table of write tools → owning service routes. Low-risk tools run these at once; high-risk tools
 * store their arguments in a confirmation request and run the same entry when a person confirms.
 */
export const WRITE_ACTIONS: {
  [K in McpLowRiskTool | McpHighRiskTool]: (args: never) => ServiceCall;
} = {
  submit_chunk_feedback: (args: Args<typeof submitChunkFeedbackInputSchema>) => ({
    service: 'content-filter',
    method: 'POST',
    path: '/api/feedback/chunk-classification',
    body: args,
  }),
  add_annotation: ({ article_id, ...body }: Args<typeof addAnnotationInputSchema>) => ({
    service: 'ingestion',
    method: 'POST',
    path: `/api/articles/${article_id}/annotations`,
    body,
  }),
  add_queue_review_note: ({ queue_id, note }: Args<typeof addQueueReviewNoteInputSchema>) => ({
    service: 'sigma-queue',
    method: 'POST',
    path: `/api/sigma-queue/${queue_id}/review-notes`,
    body: { note },
  }),
  trigger_workflow: ({ article_id, force }: Args<typeof triggerWorkflowInputSchema>) => ({
    service: 'workflow',
    method: 'POST',
    path: `/api/workflow/articles/${article_id}/trigger`,
    query: { force: String(force) },
  }),
  scrape_url: ({ url, force_scrape }: Args<typeof scrapeUrlInputSchema>) => ({
    service: 'ingestion',
    method: 'POST',
    path: '/api/scrape-url',
    body: { url, force_scrape },
  }),
  backtest_queue_rule: ({ queue_id, ...body }: Args<typeof backtestQueueRuleInputSchema>) => ({
    service: 'sigma-queue',
    method: 'POST',
    path: `/api/sigma-queue/${queue_id}/backtest`,
    body,
  }),
  approve_queue_rule: ({ queue_id, comment }: Args<typeof approveQueueRuleInputSchema>) => ({
    service: 'sigma-queue',
    method: 'POST',
    path: `/api/sigma-queue/${queue_id}/approve`,
    body: comment === undefined ? {} : { note: comment },
  }),
  reject_queue_rule: ({ queue_id, reason }: Args<typeof rejectQueueRuleInputSchema>) => ({
    service: 'sigma-queue',
    method: 'POST',
    path: `/api/sigma-queue/${queue_id}/reject`,
    body: { reason },
  }),
  submit_queue_rule: ({ queue_id }: Args<typeof submitQueueRuleInputSchema>) => ({
    service: 'sigma-queue',
    method: 'POST',
    path: `/api/sigma-queue/${queue_id}/submit`,
    body: {},
  }),
  update_workflow_config: ({ config }: Args<typeof updateWorkflowConfigInputSchema>) => ({
    service: 'workflow',
    method: 'PUT',
    path: '/api/workflow/config',
    body: config,
  }),
  update_auto_trigger_threshold: (args: Args<typeof updateAutoTriggerThresholdInputSchema>) => ({
    service: 'workflow',
    method: 'PATCH',
    path: '/api/workflow/config/auto-trigger-threshold',
    body: args,
  }),
  delete_article: ({ article_id }: Args<typeof deleteArticleInputSchema>) => ({
    service: 'ingestion',
    method: 'DELETE',
    path: `/api/articles/${article_id}`,
  }),
  retrain_model: () => ({ service: 'content-filter', method: 'POST', path: '/api/model/retrain', body: {} }),
  rollback_model: ({ version_id }: Args<typeof rollbackModelInputSchema>) => ({
    service: 'content-filter',
    method: 'POST',
    path: `/api/model/rollback/${version_id}`,
  }),
};

/** The service call of a write tool for already validated arguments. */
export function serviceCallFor(tool: McpLowRiskTool | McpHighRiskTool, args: unknown): ServiceCall {
  return (WRITE_ACTIONS[tool] as (args: unknown) => ServiceCall)(args);
}
