import type { ExecutionStatusValue, ExecutionSummary } from '@huntforge/contracts/executions';
import type { WorkflowExecution } from '../generated/prisma/client';

/** The columns an execution summary is made of (the big JSON columns except the rules stay unread). */
export const EXECUTION_SUMMARY_SELECT = {
  id: true,
  articleId: true,
  status: true,
  currentStep: true,
  configVersion: true,
  isEvalRun: true,
  triggeredBy: true,
  retryOfId: true,
  rankScore: true,
  terminationReason: true,
  error: true,
  extractionCounts: true,
  sigmaRules: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  heartbeatAt: true,
  article: { select: { title: true } },
} as const;

export type ExecutionSummarySource = Pick<WorkflowExecution, Exclude<keyof typeof EXECUTION_SUMMARY_SELECT, 'article'>> & {
  article?: { title: string } | null;
};

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** One execution as lists show it: the workflow's routes and the MCP tools answer with this mapping. */
export function toExecutionSummary(row: ExecutionSummarySource): ExecutionSummary {
  return {
    id: row.id,
    execution_id: row.id,
    article_id: row.articleId,
    article_title: row.article?.title ?? null,
    status: row.status as ExecutionStatusValue,
    current_step: row.currentStep,
    config_version: row.configVersion,
    is_eval_run: row.isEvalRun,
    triggered_by: row.triggeredBy,
    retry_of_id: row.retryOfId,
    rank_score: row.rankScore,
    termination_reason: row.terminationReason,
    error: row.error,
    extraction_counts: (row.extractionCounts as Record<string, number> | null) ?? null,
    sigma_rule_count: Array.isArray(row.sigmaRules) ? row.sigmaRules.length : 0,
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
    heartbeat_at: iso(row.heartbeatAt),
  };
}
