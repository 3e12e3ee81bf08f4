import type { Prisma } from '@huntforge/data';
import type { ExecutionRow } from '../repositories/execution-repository';
import type { StageRecorder } from './stage-recorder';

/** How a run ended: written in one guarded update once the pipeline returns. */
export interface PipelineOutcome {
  status: 'completed' | 'failed';
  terminationReason: string | null;
  error?: string | null;
  /** Final execution columns not already patched by the stages. */
  fields?: Prisma.WorkflowExecutionUpdateManyMutationInput;
}

/** Runs the per-article pipeline for a claimed execution; stages write through the recorder. */
export type PipelineRunner = (execution: ExecutionRow, recorder: StageRecorder) => Promise<PipelineOutcome>;
