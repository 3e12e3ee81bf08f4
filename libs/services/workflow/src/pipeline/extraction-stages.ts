import {
  EXTRACTION_REASON_CODES,
  type ExtractionAgent,
  type ExtractionReason,
  type ExtractionResult,
} from '@huntforge/contracts/extraction';
import type { AgentRun, AgentRunner, AgentRuns, DomainPorts, PipelineArticle, PlatformLabel } from './ports';
import type { StageRecorder } from './pipeline-port';
import { agentSettings, type PipelineSnapshot } from './snapshot';

async function mapWithLimit<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}

/** Why the run's config or the article's platform keeps an extractor from running, or null when it runs. */
export function configOrPlatformSkip(snapshot: PipelineSnapshot, domain: DomainPorts, platform: PlatformLabel) {
  return (agent: ExtractionAgent): ExtractionReason | null => {
    if (!agentSettings(snapshot, agent).enabled) {
      return {
        code: EXTRACTION_REASON_CODES.agentDisabled,
        message: `${agent} is disabled in config version ${snapshot.version ?? 'n/a'}`,
      };
    }
    return domain.platformSkipReason(agent, platform);
  };
}

/**
 * The extraction stage: the given extractors on `text`, independent of one another (bounded
 * concurrency), each failure recorded in its place so it never stops the others; one the skip rule
 * refuses is recorded as skipped with its reason.
 */
export function runExtractionStage(input: {
  recorder: StageRecorder;
  agents: AgentRunner;
  article: PipelineArticle;
  text: string;
  extractors: readonly ExtractionAgent[];
  concurrency: number;
  skipReason?: (agent: ExtractionAgent) => ExtractionReason | null;
}): Promise<AgentRuns> {
  const { recorder, agents, article, text } = input;
  return recorder.stage('extraction', async (log) => {
    const usage: unknown[] = [];
    const entries = await mapWithLimit(
      input.extractors,
      input.concurrency,
      async (agent): Promise<readonly [ExtractionAgent, AgentRun]> => {
        const skipped = input.skipReason?.(agent);
        if (skipped) {
          log(`${agent} skipped: ${skipped.message}`);
          return [agent, { status: 'skipped', reason: skipped }];
        }
        const started = Date.now();
        try {
          const { output, usage: agentUsage } = await agents.extract(agent, { article, text }, recorder.signal);
          usage.push(...(agentUsage ?? []));
          log(`${agent}: ${output.count} items`);
          return [agent, { status: 'completed', output, duration_ms: Date.now() - started } as AgentRun];
        } catch (error) {
          if (recorder.signal.aborted) throw error;
          const message = error instanceof Error ? error.message : String(error);
          log(`${agent} failed: ${message}`);
          return [
            agent,
            { status: 'failed', error: { code: EXTRACTION_REASON_CODES.agentFailed, message }, duration_ms: Date.now() - started },
          ];
        }
      },
    );
    const value = Object.fromEntries(entries) as AgentRuns;
    return {
      value,
      summary: Object.fromEntries(
        entries.map(([agent, run]) => [agent, { status: run.status, count: run.status === 'completed' ? run.output.count : 0 }]),
      ),
      usage,
    };
  });
}

/** The aggregation stage: one extraction result from the runs, stored with its per-type counts. */
export function runAggregationStage(recorder: StageRecorder, domain: DomainPorts, runs: AgentRuns): Promise<ExtractionResult> {
  return recorder.stage('aggregation', async (log) => {
    const result = domain.aggregate(runs);
    log(`${result.discrete_huntables_count} distinct observables from ${result.summary.reported} reported`);
    const extractionCounts = Object.fromEntries(Object.entries(result.subresults).map(([key, sub]) => [key, sub?.count ?? 0]));
    return { value: result, summary: result.summary, patch: { extractionResult: result, extractionCounts } };
  });
}
