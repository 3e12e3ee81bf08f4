import { z } from 'zod';
import type { ExecutionRow } from '../pipeline/pipeline-port';

/** Timing rules of executions (spec: STUCK_PENDING_AFTER 5 min; stale heartbeat 2 min). */
export interface ExecutionTimings {
  stuckPendingAfterMs: number;
  /** Evaluation rows: 5 min + (MAX_EVAL_EXECUTIONS_PER_LAUNCH − 1) × EVAL_STAGGER_SECONDS + the 60 s throttle ceiling. */
  evalStuckPendingAfterMs: number;
  staleAfterMs: number;
  heartbeatMs: number;
}

export interface ExecutionSettings extends ExecutionTimings {
  concurrency: number;
  maxEvalExecutionsPerLaunch: number;
  evalStaggerSeconds: number;
}

const THROTTLE_CEILING_SECONDS = 60;

export const executionEnvSchema = z.object({
  STUCK_PENDING_AFTER_SECONDS: z.coerce.number().int().positive().default(300),
  EXECUTION_STALE_AFTER_SECONDS: z.coerce.number().positive().default(120),
  EXECUTION_HEARTBEAT_MS: z.coerce.number().int().positive().default(5_000),
  WORKFLOW_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  MAX_EVAL_EXECUTIONS_PER_LAUNCH: z.coerce.number().int().min(1).default(100),
  EVAL_STAGGER_SECONDS: z.coerce.number().min(0).default(60),
});

export function loadExecutionSettings(env: Record<string, string | undefined>): ExecutionSettings {
  const parsed = executionEnvSchema.parse(env);
  const stuck = parsed.STUCK_PENDING_AFTER_SECONDS * 1000;
  return {
    stuckPendingAfterMs: stuck,
    evalStuckPendingAfterMs:
      stuck + ((parsed.MAX_EVAL_EXECUTIONS_PER_LAUNCH - 1) * parsed.EVAL_STAGGER_SECONDS + THROTTLE_CEILING_SECONDS) * 1000,
    staleAfterMs: parsed.EXECUTION_STALE_AFTER_SECONDS * 1000,
    heartbeatMs: Math.min(parsed.EXECUTION_HEARTBEAT_MS, (parsed.EXECUTION_STALE_AFTER_SECONDS * 1000) / 4),
    concurrency: parsed.WORKFLOW_CONCURRENCY,
    maxEvalExecutionsPerLaunch: parsed.MAX_EVAL_EXECUTIONS_PER_LAUNCH,
    evalStaggerSeconds: parsed.EVAL_STAGGER_SECONDS,
  };
}

/** A pending row never started and older than its window (evaluation rows wait for their stagger). */
export function isStuckPending(row: ExecutionRow, timings: ExecutionTimings, now = Date.now()): boolean {
  if (row.status !== 'pending' || row.startedAt !== null) return false;
  const window = row.isEvalRun ? timings.evalStuckPendingAfterMs : timings.stuckPendingAfterMs;
  return now - row.createdAt.getTime() > window;
}
