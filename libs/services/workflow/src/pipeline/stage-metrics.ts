import type { AppMetrics } from '@huntforge/platform';
import type { PipelineRunner, StageRecorder } from './pipeline-port';

/**
 * The runner with every stage timed into `huntforge_workflow_stage_duration_seconds` by stage and outcome
 * (completed, skipped, failed). Stage names are the pipeline's fixed steps, so the labels stay bounded.
 */
export function timeStages(runPipeline: PipelineRunner, metrics: AppMetrics): PipelineRunner {
  const seconds = metrics.histogram({
    name: 'huntforge_workflow_stage_duration_seconds',
    help: 'Time a workflow pipeline stage took, by stage and outcome.',
    labelNames: ['stage', 'status'],
  });
  const timed = (recorder: StageRecorder): StageRecorder => ({
    signal: recorder.signal,
    finish: (fields) => recorder.finish(fields),
    async stage(name, run) {
      const started = performance.now();
      let status = 'failed';
      try {
        return await recorder.stage(name, async (log) => {
          const outcome = await run(log);
          status = outcome.status ?? 'completed';
          return outcome;
        });
      } finally {
        seconds.observe({ stage: name, status }, (performance.now() - started) / 1000);
      }
    },
  });
  return (execution, recorder) => runPipeline(execution, timed(recorder));
}
