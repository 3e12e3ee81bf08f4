import { createAppMetrics } from '@huntforge/platform';
import type { ExecutionRow, PipelineRunner, StageRecorder } from './pipeline-port';
import { timeStages } from './stage-metrics';

/** A recorder that runs stages as the real one does, minus the database. */
function plainRecorder(): StageRecorder & { finished: unknown[] } {
  const finished: unknown[] = [];
  return {
    signal: new AbortController().signal,
    finished,
    finish: async (fields) => {
      finished.push(fields);
    },
    stage: async (_name, run) => (await run(() => undefined)).value,
  };
}

async function stageCounts(metrics: ReturnType<typeof createAppMetrics>): Promise<Record<string, number>> {
  const metric = metrics.registry.getSingleMetric('huntforge_workflow_stage_duration_seconds');
  // A histogram's values are its buckets, sum and count; each named by `metricName`.
  const values = ((await metric?.get())?.values ?? []) as Array<{
    metricName?: string;
    labels: Record<string, string | number>;
    value: number;
  }>;
  return Object.fromEntries(
    values
      .filter((sample) => sample.metricName?.endsWith('_count'))
      .map((sample) => [`${sample.labels['stage']} ${sample.labels['status']}`, sample.value]),
  );
}

describe('timeStages', () => {
  it('times each stage by name and outcome and hands the values and the final write through', async () => {
    const metrics = createAppMetrics({ service: 'workflow', processMetrics: false });
    const pipeline: PipelineRunner = async (_execution, recorder) => {
      const score = await recorder.stage('rank', async () => ({ value: 7 }));
      await recorder.stage('os_detection', async () => ({ value: null, status: 'skipped' }));
      await expect(recorder.stage('extraction', async () => Promise.reject(new Error('model down')))).rejects.toThrow('model down');
      await recorder.finish({ rankScore: score });
      return { status: 'failed', terminationReason: 'error' };
    };
    const recorder = plainRecorder();
    const outcome = await timeStages(pipeline, metrics)({ id: 1 } as ExecutionRow, recorder);

    expect(outcome).toEqual({ status: 'failed', terminationReason: 'error' });
    expect(recorder.finished).toEqual([{ rankScore: 7 }]);
    expect(await stageCounts(metrics)).toEqual({ 'rank completed': 1, 'os_detection skipped': 1, 'extraction failed': 1 });
  });

  it('registers once when the workflow module is composed twice on one registry', () => {
    const metrics = createAppMetrics({ service: 'workflow', processMetrics: false });
    const pipeline: PipelineRunner = async () => ({ status: 'completed', terminationReason: null });
    expect(() => [timeStages(pipeline, metrics), timeStages(pipeline, metrics)]).not.toThrow();
  });
});
