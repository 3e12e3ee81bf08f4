import type { ExecutionDetail, ExecutionStatusValue, ExecutionSummary, StageRecord } from '@huntforge/contracts';
import type { ExecutionStage } from '@huntforge/data';
import type { ExecutionRow } from '../repositories/execution-repository';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

function ruleCount(rules: unknown): number {
  return Array.isArray(rules) ? rules.length : 0;
}

export function toExecutionSummary(row: ExecutionRow & { article?: { title: string } | null }): ExecutionSummary {
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
    sigma_rule_count: ruleCount(row.sigmaRules),
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
    heartbeat_at: iso(row.heartbeatAt),
  };
}

export function toStageRecord(stage: ExecutionStage): StageRecord {
  return {
    stage: stage.stage,
    status: stage.status as StageRecord['status'],
    started_at: stage.startedAt.toISOString(),
    finished_at: iso(stage.finishedAt),
    duration_ms: stage.durationMs,
    summary: stage.summary ?? null,
    error: stage.error,
    log_lines: Array.isArray(stage.logLines) ? (stage.logLines as string[]) : [],
    usage: Array.isArray(stage.usage) ? (stage.usage as unknown[]) : [],
  };
}

export function toExecutionDetail(row: ExecutionRow & { article?: { title: string } | null; stages: ExecutionStage[] }): ExecutionDetail {
  return {
    ...toExecutionSummary(row),
    config_snapshot: row.configSnapshot,
    platform_detection: row.platformDetection ?? null,
    junk_filter_summary: row.junkFilterSummary ?? null,
    rank_reasoning: row.rankReasoning,
    extraction_result: (row.extractionResult ?? null) as ExecutionDetail['extraction_result'],
    sigma_rules: Array.isArray(row.sigmaRules) ? (row.sigmaRules as unknown[]) : [],
    ...(row.isEvalRun ? { eval_run: true } : {}),
    stages: row.stages.map(toStageRecord),
  };
}
