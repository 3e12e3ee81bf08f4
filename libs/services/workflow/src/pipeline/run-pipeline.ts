import { EXTRACTION_AGENTS, TERMINATION_REASONS, type ExtractionResult } from '@huntforge/contracts';
import type { ExecutionRow, PipelineOutcome, PipelineRunner, StageRecorder } from './pipeline-port';
import type { AgentRunner, DomainPorts, PipelineArticle, ServicePorts } from './ports';
import { readSnapshot, type PipelineSnapshot } from './snapshot';
import { generateAndPromote } from './sigma-stages';
import { importPublisherSigma, type ImportPolicy } from './source-sigma-import';
import { runEvalPipeline, type EvaluationPort } from './run-eval-pipeline';
import { configOrPlatformSkip, runAggregationStage, runExtractionStage } from './extraction-stages';

export interface PipelineDeps {
  loadArticle(id: number): Promise<PipelineArticle | null>;
  services: ServicePorts;
  domain: DomainPorts;
  /** Builds the run's agents from its snapshot (builtin or a provider per agent). */
  agentsFor(snapshot: PipelineSnapshot): AgentRunner;
  importPolicy: ImportPolicy;
  /** Extractors run at once (they are independent). */
  extractionConcurrency: number;
  evaluations: EvaluationPort;
}

function completedEarly(reason: string): PipelineOutcome {
  return { status: 'completed', terminationReason: reason };
}

/** The per-article pipeline in the spec's order; every stage reads the execution's config snapshot. */
export function createPipelineRunner(deps: PipelineDeps): PipelineRunner {
  return async (execution: ExecutionRow, recorder: StageRecorder): Promise<PipelineOutcome> => {
    const { signal } = recorder;
    const snapshot = readSnapshot(execution.configSnapshot);
    const agents = deps.agentsFor(snapshot);
    const article = await deps.loadArticle(execution.articleId);
    if (!article)
      return { status: 'failed', terminationReason: TERMINATION_REASONS.error, error: `article ${execution.articleId} no longer exists` };
    if (snapshot.eval_run && snapshot.eval_subagent) {
      return runEvalPipeline({
        execution,
        recorder,
        snapshot,
        agents,
        article,
        domain: deps.domain,
        evaluations: deps.evaluations,
        extractionConcurrency: deps.extractionConcurrency,
      });
    }

    // 1. Publisher-authored Sigma rules: kept verbatim, never routed through generation, no model call.
    const publisherRules = await recorder.stage('source_sigma_import', (log) =>
      importPublisherSigma({ article, executionId: execution.id, deps, policy: deps.importPolicy, signal, log }),
    );

    // 2. Platform detection: a router, not a gate. The content filter answers it and the junk filter (step 3)
    // with one classification at the run's own JunkFilterThreshold, asked once here.
    const { platform, junkFilter } = await recorder.stage('platform_detection', async (log) => {
      const classified = await deps.services.classifyArticle(article, snapshot.thresholds.JunkFilterThreshold, signal);
      let detected = classified.platform;
      const usage = [];
      if (detected && detected.confidence === 'low' && agents.adjudicatePlatform) {
        const adjudicated = await agents.adjudicatePlatform({ article, detection: detected }, signal);
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

    // 3. Junk filter: the same classification, recorded as its own stage.
    const junk = await recorder.stage('junk_filter', async (log) => {
      const result = junkFilter;
      log(`kept ${result.keptChunks} of ${result.totalChunks} chunks at threshold ${snapshot.thresholds.JunkFilterThreshold}`);
      const summary = {
        ...result.summary,
        kept_chunks: result.keptChunks,
        total_chunks: result.totalChunks,
        threshold: snapshot.thresholds.JunkFilterThreshold,
      };
      return { value: result, summary, patch: { junkFilterSummary: summary } };
    });
    if (junk.keptChunks === 0) return withRules(completedEarly(TERMINATION_REASONS.noHuntableContent), publisherRules);

    // 4. Ranking.
    const rank = await recorder.stage('ranking', async (log) => {
      const outcome = await agents.rank(
        { article, text: junk.keptText, observablesByType: deps.domain.quickObservableCounts(junk.keptText, article.url) },
        signal,
      );
      log(`rank ${outcome.score} (threshold ${snapshot.thresholds.RankingThreshold})`);
      return {
        value: outcome,
        summary: { score: outcome.score, threshold: snapshot.thresholds.RankingThreshold },
        usage: outcome.usage ?? [],
        patch: { rankScore: outcome.score, rankReasoning: outcome.reasoning },
      };
    });
    if (rank.score < snapshot.thresholds.RankingThreshold)
      return withRules(completedEarly(TERMINATION_REASONS.rankBelowThreshold), publisherRules);

    // 5. Extraction: independent agents, bounded concurrency; one failure never stops the others.
    const runs = await runExtractionStage({
      recorder,
      agents,
      article,
      text: junk.keptText,
      extractors: EXTRACTION_AGENTS,
      concurrency: deps.extractionConcurrency,
      skipReason: configOrPlatformSkip(snapshot, deps.domain, platform?.os ?? 'unknown'),
    });

    // 6. Aggregation.
    const extraction: ExtractionResult = await runAggregationStage(recorder, deps.domain, runs);
    if (extraction.discrete_huntables_count === 0) return withRules(completedEarly(TERMINATION_REASONS.noObservables), publisherRules);

    // What the reference corpus already detects: informative, so a failure to ask never stops the run.
    const coverage = await recorder.stage('coverage', async (log) => {
      try {
        const result = await deps.services.coverage(extraction.observables, platform?.os ?? 'unknown', signal);
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

    // 7–8. Sigma generation with validation, repair and fidelity; similarity and promotion per rule.
    const generated = await generateAndPromote({
      recorder,
      deps,
      agents,
      article,
      execution,
      snapshot,
      platform,
      extraction,
      text: junk.keptText,
      coverage,
    });
    return withRules({ status: 'completed', terminationReason: null }, [...publisherRules, ...generated]);
  };
}

function withRules(outcome: PipelineOutcome, rules: unknown[]): PipelineOutcome {
  return { ...outcome, fields: { ...outcome.fields, sigmaRules: rules } };
}
