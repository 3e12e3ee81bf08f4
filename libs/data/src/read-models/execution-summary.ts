import type { ExecutionStatusValue, ExecutionSummary } from '@huntforge/contracts/executions';
import { Prisma, type WorkflowExecution } from '../generated/prisma/client';

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

/** A summary's columns, with either the rules themselves or their number (as executionSummariesStatement reads it). */
export type ExecutionSummarySource = Pick<WorkflowExecution, Exclude<keyof typeof EXECUTION_SUMMARY_SELECT, 'article' | 'sigmaRules'>> &
  (Pick<WorkflowExecution, 'sigmaRules'> | { sigmaRuleCount: number }) & {
    article?: { title: string } | null;
  };

/** A row of executionSummariesStatement. */
export type ExecutionSummaryRow = Exclude<ExecutionSummarySource, Pick<WorkflowExecution, 'sigmaRules'>>;

/**
 * The summaries of the executions `ids` (in no particular order) in one statement, for a plain query: the rules
 * are counted in the database, where reading them to count them carried every run's rules (tens of KB of JSON
 * each) to the process on every poll of the list, and the article's title is joined rather than asked apart.
 */
export function executionSummariesStatement(ids: readonly number[]): Prisma.Sql {
  if (ids.length === 0) throw new Error('executionSummariesStatement needs at least one id');
  return Prisma.sql`
    SELECT e.id, e.article_id AS "articleId", e.status::text AS status, e.current_step AS "currentStep",
           e.config_version AS "configVersion", e.is_eval_run AS "isEvalRun", e.triggered_by AS "triggeredBy",
           e.retry_of_id AS "retryOfId", e.rank_score AS "rankScore", e.termination_reason AS "terminationReason",
           e.error, e.extraction_counts AS "extractionCounts",
           (CASE WHEN jsonb_typeof(e.sigma_rules) = 'array' THEN jsonb_array_length(e.sigma_rules) ELSE 0 END)::int AS "sigmaRuleCount",
           e.created_at AS "createdAt", e.started_at AS "startedAt", e.finished_at AS "finishedAt", e.heartbeat_at AS "heartbeatAt",
           CASE WHEN a.id IS NULL THEN NULL ELSE jsonb_build_object('title', a.title) END AS article
      FROM workflow_executions e LEFT JOIN articles a ON a.id = e.article_id
     WHERE e.id IN (${Prisma.join(ids.map((id) => Prisma.sql`${id}::int`))})`;
}

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
    sigma_rule_count: 'sigmaRuleCount' in row ? row.sigmaRuleCount : Array.isArray(row.sigmaRules) ? row.sigmaRules.length : 0,
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
    heartbeat_at: iso(row.heartbeatAt),
  };
}
