import type { ExecutionCoverage, GeneratedRuleRecord } from '@huntforge/contracts/executions';
import type { ExtractionResult } from '@huntforge/contracts/extraction';
import { assessGeneratedRules, assessmentSummary, type Finding, type RuleCandidate } from '@huntforge/sigma';
import type { ExecutionRow, StageRecorder } from './pipeline-port';
import type { AgentRunner, DomainPorts, PlatformResult, PipelineArticle, ServicePorts } from './ports';
import type { PipelineSnapshot } from './snapshot';

/** Observables kept with each queued rule for its self-test (an article rarely has more). */
const MAX_RECORDED_OBSERVABLES = 150;

export async function generateAndPromote(input: {
  recorder: StageRecorder;
  deps: { services: ServicePorts; domain: DomainPorts };
  agents: AgentRunner;
  article: PipelineArticle;
  execution: ExecutionRow;
  snapshot: PipelineSnapshot;
  platform: PlatformResult | null;
  extraction: ExtractionResult;
  /** The text the extractors read: the generator tells an article's prose from its quoted code by it. */
  text?: string;
  coverage: ExecutionCoverage | null;
}): Promise<GeneratedRuleRecord[]> {
  const { recorder, deps, agents, article, extraction } = input;
  const { signal } = recorder;

  const rules = await recorder.stage('sigma_generation', async (log) => {
    const usage: unknown[] = [];
    const { text, coverage } = input;
    const generated = await agents.generateSigma(
      { article, platform: input.platform?.os ?? 'unknown', extraction, coverage, ...(text !== undefined ? { text } : {}) },
      signal,
    );
    usage.push(...(generated.usage ?? []));
    const repair = async (
      rule: { yaml: string; doc: Record<string, unknown> | null },
      findings: Finding[],
    ): Promise<RuleCandidate | null> => {
      const repaired = await agents.repairSigma({ rule, findings, article }, signal);
      usage.push(...(repaired.usage ?? []));
      return repaired.candidate;
    };
    const out = await assessGeneratedRules(generated.rules, {
      repair,
      observables: extraction.observables,
      // What the article states, for the fidelity check: its text and its observables.
      stated: [article.content, ...extraction.observables.map((o) => o.value)],
      // The text the generator read: its self-test reads the same prose facts the rules were made from.
      content: text ?? article.content,
      coverage: input.coverage,
      log,
    });
    return { value: out, summary: assessmentSummary(out), usage };
  });

  const recordedObservables = extraction.observables
    .slice(0, MAX_RECORDED_OBSERVABLES)
    .map((o) => ({ type: o.type, value: o.value, attributes: o.attributes }));
  await recorder.stage('similarity', async (log) => {
    const threshold = input.snapshot.thresholds.SimilarityThreshold;
    const comparable = rules.filter((rule) => rule.validation.valid);
    // Queue promotion rule, applied by the queue in the same step as its comparison: a conclusive
    // max_similarity >= SimilarityThreshold (inclusive) is a duplicate; below, or inconclusive, is queued.
    // One request for all the rules; one duplicate never suppresses the others.
    const results =
      comparable.length === 0
        ? []
        : await deps.services.enqueue(
            {
              executionId: input.execution.id,
              articleId: article.id,
              rules: comparable.map((rule) => ({
                source: 'generated' as const,
                status:
                  rule.fidelity.ok && rule.self_test.fires && rule.covered_by.length === 0
                    ? ('pending' as const)
                    : ('needs_review' as const),
                ruleYaml: rule.yaml,
                ...(rule.document ? { rule: rule.document } : {}),
                // The queue shows the self-test and runs it again on an edited rule, from these observables.
                provenance: {
                  self_test: rule.self_test,
                  observables: recordedObservables,
                  ...(rule.covered_by.length > 0 ? { covered_by: rule.covered_by } : {}),
                },
                similarityThreshold: threshold,
              })),
            },
            signal,
          );
    comparable.forEach((rule, i) => {
      const result = results[i];
      if (!result) throw new Error(`the queue answered ${results.length} results for ${comparable.length} rules`);
      rule.similarity = {
        max_similarity: result.maxSimilarity ?? 0,
        inconclusive: result.inconclusive,
        matches: result.matches.slice(0, 10),
      };
      if (result.outcome === 'duplicate') {
        rule.queue = { outcome: 'duplicate', duplicate_of: result.matches[0] ?? null };
        log(`${rule.title}: duplicate (${result.maxSimilarity} >= ${threshold})`);
        return;
      }
      if (result.outcome === 'linked') {
        rule.queue = { outcome: 'linked', queue_id: result.queueId, status: result.status };
        log(
          `${rule.title}: same as queue item #${result.queueId} (${result.status}, similarity ${result.maxSimilarity} >= ${threshold}); linked, not queued again`,
        );
        return;
      }
      rule.queue = { outcome: 'queued', queue_id: result.queueId, status: result.status };
      log(
        `${rule.title}: queued as ${result.queueId} (${result.status}, max similarity ${result.maxSimilarity}${result.inconclusive ? ', inconclusive' : ''})`,
      );
    });
    return {
      value: null,
      summary: {
        threshold,
        queued: rules.filter((r) => r.queue.outcome === 'queued').length,
        duplicates: rules.filter((r) => r.queue.outcome === 'duplicate').length,
        linked: rules.filter((r) => r.queue.outcome === 'linked').length,
        invalid: rules.filter((r) => r.queue.outcome === 'invalid').length,
      },
    };
  });
  return rules.map(({ document: _loaded, ...record }) => record);
}
