import { TERMINATION_REASONS } from '@huntforge/contracts/executions';
import { EXTRACTION_AGENTS, type ExtractionResult } from '@huntforge/contracts/extraction';
import type { ExecutionRow, PipelineOutcome, PipelineRunner, StageRecorder } from './pipeline-port';
import type { AgentRunner, DomainPorts, PipelineArticle, ServicePorts } from './ports';
import { readSnapshot, type PipelineSnapshot } from './snapshot';
import { generateAndPromote } from './sigma-stages';
import { importPublisherSigma, type ImportPolicy } from './source-sigma-import';
import { runEvalPipeline, type EvaluationPort } from './run-eval-pipeline';
import { configOrPlatformSkip, runAggregationStage, runExtractionStage } from './extraction-stages';
import { runCoverageStage, runJunkFilterStage, runPlatformDetectionStage, runRankingStage } from './triage-stages';

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

    // 2–4. Platform detection (a router, not a gate), the junk filter, ranking.
    const triage = { recorder, snapshot, agents, article };
    const { platform, junkFilter } = await runPlatformDetectionStage(triage, deps.services);
    const junk = await runJunkFilterStage(triage, junkFilter);
    if (junk.keptChunks === 0) return withRules(completedEarly(TERMINATION_REASONS.noHuntableContent), publisherRules);
    const rank = await runRankingStage(triage, deps.domain, junk.keptText);
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

    const coverage = await runCoverageStage(recorder, deps.services, extraction, platform);

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
