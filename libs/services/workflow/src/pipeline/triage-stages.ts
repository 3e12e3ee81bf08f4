import type { ExecutionCoverage } from '@huntforge/contracts/executions';
import type { ExtractionResult } from '@huntforge/contracts/extraction';
import type { StageRecorder } from './pipeline-port';
import type {
  AgentRunner,
  DomainPorts,
  JunkFilterResult,
  PipelineArticle,
  PlatformResult,
  RankOutcome,
  ServicePorts,
  Usage,
} from './ports';
import type { PipelineSnapshot } from './snapshot';

/** What the stages before extraction read: the run's recorder, snapshot, agents and article. */
export interface TriageContext {
  recorder: StageRecorder;
  snapshot: PipelineSnapshot;
  agents: AgentRunner;
  article: PipelineArticle;
}

/**
 * Step 2, platform detection: a router, not a gate. The content filter answers it and the junk filter (step 3)
 * with one classification at the run's own JunkFilterThreshold, asked once here; a low-confidence platform goes
 * to the adjudicating agent when the run has one.
 */
export function runPlatformDetectionStage(
  ctx: TriageContext,
  services: ServicePorts,
): Promise<{ platform: PlatformResult | null; junkFilter: JunkFilterResult }> {
  const { recorder, snapshot, agents, article } = ctx;
  return recorder.stage('platform_detection', async (log) => {
    const classified = await services.classifyArticle(article, snapshot.thresholds.JunkFilterThreshold, recorder.signal);
    let detected = classified.platform;
    const usage: Usage[] = [];
    if (detected && detected.confidence === 'low' && agents.adjudicatePlatform) {
      const adjudicated = await agents.adjudicatePlatform({ article, detection: detected }, recorder.signal);
      if (adjudicated) {
        log(`low-confidence ${detected.os} adjudicated as ${adjudicated.result.os}`);
        detected = adjudicated.result;
        usage.push(...(adjudicated.usage ?? []));
      }
    }
    log(
      detected
        ? `platform ${detected.os} (${detected.confidence}, ${detected.method})`
        : 'platform unknown: no huntable content to classify',
    );
    return {
      value: { platform: detected, junkFilter: classified.junk },
      summary: detected ?? { os: 'unknown', reason: 'no_huntable_content' },
      usage,
      patch: { platformDetection: detected ?? { os: 'unknown', confidence: 'low', method: 'none', evidence: [] } },
    };
  });
}

/** Step 3, the junk filter: the classification step 2 got, recorded as its own stage. */
export function runJunkFilterStage(ctx: TriageContext, junkFilter: JunkFilterResult): Promise<JunkFilterResult> {
  const threshold = ctx.snapshot.thresholds.JunkFilterThreshold;
  return ctx.recorder.stage('junk_filter', async (log) => {
    log(`kept ${junkFilter.keptChunks} of ${junkFilter.totalChunks} chunks at threshold ${threshold}`);
    const summary = { ...junkFilter.summary, kept_chunks: junkFilter.keptChunks, total_chunks: junkFilter.totalChunks, threshold };
    return { value: junkFilter, summary, patch: { junkFilterSummary: summary } };
  });
}

/** Step 4, ranking the kept text against the run's RankingThreshold (the caller stops below it). */
export function runRankingStage(ctx: TriageContext, domain: DomainPorts, keptText: string): Promise<RankOutcome> {
  const { recorder, snapshot, agents, article } = ctx;
  return recorder.stage('ranking', async (log) => {
    const outcome = await agents.rank(
      { article, text: keptText, observablesByType: domain.quickObservableCounts(keptText, article.url) },
      recorder.signal,
    );
    log(`rank ${outcome.score} (threshold ${snapshot.thresholds.RankingThreshold})`);
    return {
      value: outcome,
      summary: { score: outcome.score, threshold: snapshot.thresholds.RankingThreshold },
      usage: outcome.usage ?? [],
      patch: { rankScore: outcome.score, rankReasoning: outcome.reasoning },
    };
  });
}

/** What the reference corpus already detects: informative, so a failure to ask never stops the run (null). */
export function runCoverageStage(
  recorder: StageRecorder,
  services: ServicePorts,
  extraction: ExtractionResult,
  platform: PlatformResult | null,
): Promise<ExecutionCoverage | null> {
  const { signal } = recorder;
  return recorder.stage('coverage', async (log) => {
    try {
      const result = await services.coverage(extraction.observables, platform?.os ?? 'unknown', signal);
      log(
        `${result.covered.length} of ${extraction.observables.length} observables fire ${result.corpus_rules} reference rules; ${result.uncovered.length} uncovered`,
      );
      return {
        value: result,
        summary: { corpus_rules: result.corpus_rules, covered: result.covered.length, uncovered: result.uncovered.length },
        patch: { corpusCoverage: result },
      };
    } catch (error) {
      if (signal.aborted) throw error;
      log(`coverage unavailable: ${error instanceof Error ? error.message : String(error)}`);
      return { value: null, status: 'skipped' as const, summary: { reason: 'coverage_unavailable' } };
    }
  });
}
