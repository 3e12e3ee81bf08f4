import {
  EXTRACTION_AGENTS,
  EXTRACTION_REASON_CODES,
  TERMINATION_REASONS,
  type ExtractionAgent,
  type ExtractionResult,
} from '@huntforge/contracts';
import type { Prisma } from '@huntforge/data';
import type { ExecutionRow } from '../repositories/execution-repository';
import type { PipelineOutcome, PipelineRunner } from './pipeline-port';
import type { StageRecorder } from './stage-recorder';
import type { AgentRun, AgentRuns, AgentRunner, DomainPorts, PipelineArticle, ServicePorts } from './ports';
import { agentSettings, readSnapshot, type PipelineSnapshot } from './snapshot';
import { generateAndPromote } from './sigma-stages';
import { importPublisherSigma, type ImportPolicy } from './source-sigma-import';
import { runEvalPipeline, type EvaluationPort } from './run-eval-pipeline';

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

const json = (value: unknown) => value as Prisma.InputJsonValue;

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
    if (!article) return { status: 'failed', terminationReason: TERMINATION_REASONS.error, error: `article ${execution.articleId} no longer exists` };
    if (snapshot.eval_run && snapshot.eval_subagent) {
      return runEvalPipeline({ execution, recorder, snapshot, agents, article, domain: deps.domain, evaluations: deps.evaluations });
    }

    // 1. Publisher-authored Sigma rules: kept verbatim, never routed through generation, no model call.
    const publisherRules = await recorder.stage('source_sigma_import', (log) =>
      importPublisherSigma({ article, executionId: execution.id, deps, policy: deps.importPolicy, signal, log }),
    );

    // 2. Platform detection: a router, not a gate.
    const platform = await recorder.stage('platform_detection', async (log) => {
      // The content filter runs first with the run's own JunkFilterThreshold, as the junk filter stage will.
      let detected = await deps.services.detectPlatform(article, snapshot.thresholds.JunkFilterThreshold, signal);
      const usage = [];
      if (detected && detected.confidence === 'low' && agents.adjudicatePlatform) {
        const adjudicated = await agents.adjudicatePlatform({ article, detection: detected }, signal);
        if (adjudicated) {
          log(`low-confidence ${detected.os} adjudicated as ${adjudicated.result.os}`);
          detected = adjudicated.result;
          usage.push(...(adjudicated.usage ?? []));
        }
      }
      log(detected ? `platform ${detected.os} (${detected.confidence}, ${detected.method})` : 'platform unknown: no huntable content to classify');
      return {
        value: detected,
        summary: detected ?? { os: 'unknown', reason: 'no_huntable_content' },
        usage,
        patch: { platformDetection: json(detected ?? { os: 'unknown', confidence: 'low', method: 'none', evidence: [] }) },
      };
    });

    // 3. Junk filter.
    const junk = await recorder.stage('junk_filter', async (log) => {
      const result = await deps.services.junkFilter(article, snapshot.thresholds.JunkFilterThreshold, signal);
      log(`kept ${result.keptChunks} of ${result.totalChunks} chunks at threshold ${snapshot.thresholds.JunkFilterThreshold}`);
      const summary = { ...result.summary, kept_chunks: result.keptChunks, total_chunks: result.totalChunks, threshold: snapshot.thresholds.JunkFilterThreshold };
      return { value: result, summary, patch: { junkFilterSummary: json(summary) } };
    });
    if (junk.keptChunks === 0) return withRules(completedEarly(TERMINATION_REASONS.noHuntableContent), publisherRules);

    // 4. Ranking.
    const rank = await recorder.stage('ranking', async (log) => {
      const outcome = await agents.rank({ article, text: junk.keptText, observablesByType: deps.domain.quickObservableCounts(junk.keptText, article.url) }, signal);
      log(`rank ${outcome.score} (threshold ${snapshot.thresholds.RankingThreshold})`);
      return {
        value: outcome,
        summary: { score: outcome.score, threshold: snapshot.thresholds.RankingThreshold },
        usage: outcome.usage ?? [],
        patch: { rankScore: outcome.score, rankReasoning: outcome.reasoning },
      };
    });
    if (rank.score < snapshot.thresholds.RankingThreshold) return withRules(completedEarly(TERMINATION_REASONS.rankBelowThreshold), publisherRules);

    // 5. Extraction: independent agents, bounded concurrency; one failure never stops the others.
    const runs = await recorder.stage('extraction', async (log) => {
      const usage: unknown[] = [];
      const entries = await mapWithLimit(EXTRACTION_AGENTS, deps.extractionConcurrency, async (agent): Promise<readonly [ExtractionAgent, AgentRun]> => {
        const settings = agentSettings(snapshot, agent);
        if (!settings.enabled) {
          log(`${agent} skipped: disabled in config`);
          return [agent, { status: 'skipped', reason: { code: EXTRACTION_REASON_CODES.agentDisabled, message: `${agent} is disabled in config version ${snapshot.version ?? 'n/a'}` } }];
        }
        const routed = deps.domain.platformSkipReason(agent, platform?.os ?? 'unknown');
        if (routed) {
          log(`${agent} skipped: ${routed.message}`);
          return [agent, { status: 'skipped', reason: routed }];
        }
        const started = Date.now();
        try {
          const { output, usage: agentUsage } = await agents.extract(agent, { article, text: junk.keptText }, signal);
          usage.push(...(agentUsage ?? []));
          log(`${agent}: ${output.count} items`);
          return [agent, { status: 'completed', output, duration_ms: Date.now() - started } as AgentRun];
        } catch (error) {
          if (signal.aborted) throw error;
          const message = error instanceof Error ? error.message : String(error);
          log(`${agent} failed: ${message}`);
          return [agent, { status: 'failed', error: { code: EXTRACTION_REASON_CODES.agentFailed, message }, duration_ms: Date.now() - started }];
        }
      });
      const value = Object.fromEntries(entries) as AgentRuns;
      return { value, summary: Object.fromEntries(entries.map(([agent, run]) => [agent, { status: run.status, count: run.status === 'completed' ? run.output.count : 0 }])), usage };
    });

    // 6. Aggregation.
    const extraction: ExtractionResult = await recorder.stage('aggregation', async (log) => {
      const result = deps.domain.aggregate(runs);
      log(`${result.discrete_huntables_count} distinct observables from ${result.summary.reported} reported`);
      const extractionCounts = Object.fromEntries(Object.entries(result.subresults).map(([key, sub]) => [key, sub?.count ?? 0]));
      return { value: result, summary: result.summary, patch: { extractionResult: json(result), extractionCounts: json(extractionCounts) } };
    });
    if (extraction.discrete_huntables_count === 0) return withRules(completedEarly(TERMINATION_REASONS.noObservables), publisherRules);

    // What the reference corpus already detects: informative, so a failure to ask never stops the run.
    const coverage = await recorder.stage('coverage', async (log) => {
      try {
        const result = await deps.services.coverage(extraction.observables, platform?.os ?? 'unknown', signal);
        log(`${result.covered.length} of ${extraction.observables.length} observables fire ${result.corpus_rules} reference rules; ${result.uncovered.length} uncovered`);
        return {
          value: result,
          summary: { corpus_rules: result.corpus_rules, covered: result.covered.length, uncovered: result.uncovered.length },
          patch: { corpusCoverage: json(result) },
        };
      } catch (error) {
        if (signal.aborted) throw error;
        log(`coverage unavailable: ${error instanceof Error ? error.message : String(error)}`);
        return { value: null, status: 'skipped' as const, summary: { reason: 'coverage_unavailable' } };
      }
    });

    // 7–8. Sigma generation with validation, repair and fidelity; similarity and promotion per rule.
    const generated = await generateAndPromote({ recorder, deps, agents, article, execution, snapshot, platform, extraction, coverage });
    return withRules({ status: 'completed', terminationReason: null }, [...publisherRules, ...generated]);
  };
}

function withRules(outcome: PipelineOutcome, rules: unknown[]): PipelineOutcome {
  return { ...outcome, fields: { ...outcome.fields, sigmaRules: json(rules) } };
}
