import { executionCoverageSchema, executionRuleRecords, type ExecutionDetail, type StageRecord } from '@huntforge/contracts/executions';
import { toExecutionSummary } from '@huntforge/data';
import type { ExecutionRow } from '../pipeline/pipeline-port';
import type { ExecutionStageRecord } from '../records';
import { stageTimeoutsOf } from '../pipeline/stage-model-calls';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** A stage as the execution view shows it; `timeoutMs` is the provider timeout that ends its model call. */
export function toStageRecord(stage: ExecutionStageRecord, timeoutMs: number | null = null): StageRecord {
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
    timeout_ms: timeoutMs,
  };
}

/**
 * The execution detail. Each stage carries the provider timeout of its model call (WORKFLOW_LLM_TIMEOUT_MS,
 * `modelCallTimeoutMs`) when the run's config snapshot gives that stage a model provider, so a hanging call
 * shows how long it may still take.
 */
export function toExecutionDetail(
  row: ExecutionRow & { article?: { title: string } | null; stages: ExecutionStageRecord[] },
  modelCallTimeoutMs: number,
): ExecutionDetail {
  const timeoutOf = stageTimeoutsOf(row.configSnapshot, modelCallTimeoutMs);
  return {
    ...toExecutionSummary(row),
    config_snapshot: row.configSnapshot,
    platform_detection: row.platformDetection ?? null,
    junk_filter_summary: row.junkFilterSummary ?? null,
    rank_reasoning: row.rankReasoning,
    extraction_result: (row.extractionResult ?? null) as ExecutionDetail['extraction_result'],
    sigma_rules: executionRuleRecords(row.sigmaRules),
    coverage: row.corpusCoverage ? (executionCoverageSchema.safeParse(row.corpusCoverage).data ?? null) : null,
    ...(row.isEvalRun ? { eval_run: true } : {}),
    stages: [...row.stages.map((stage) => toStageRecord(stage, timeoutOf(stage.stage))), ...runningStage(row, timeoutOf)],
  };
}

/**
 * The stage a running execution is at, which has no record until it ends: it started when the stage before
 * it ended (stages run one after another), or when the run started. Shown so a model call that hangs shows
 * its elapsed time against the provider timeout that will end it.
 */
function runningStage(row: ExecutionRow & { stages: ExecutionStageRecord[] }, timeoutOf: (stage: string) => number | null): StageRecord[] {
  if (row.status !== 'running' || !row.currentStep || !row.startedAt) return [];
  const previousEnd = Math.max(row.startedAt.getTime(), ...row.stages.map((stage) => stage.finishedAt?.getTime() ?? 0));
  return [
    {
      stage: row.currentStep,
      status: 'running',
      started_at: new Date(previousEnd).toISOString(),
      finished_at: null,
      duration_ms: null,
      summary: null,
      error: null,
      log_lines: [],
      usage: [],
      timeout_ms: timeoutOf(row.currentStep),
    },
  ];
}
