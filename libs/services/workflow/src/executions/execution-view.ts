import { executionCoverageSchema, type ExecutionDetail, type StageRecord } from '@huntforge/contracts';
import { toExecutionSummary, type ExecutionStage } from '@huntforge/data';
import type { ExecutionRow } from '../repositories/execution-repository';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

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
    coverage: row.corpusCoverage ? (executionCoverageSchema.safeParse(row.corpusCoverage).data ?? null) : null,
    ...(row.isEvalRun ? { eval_run: true } : {}),
    stages: row.stages.map(toStageRecord),
  };
}
