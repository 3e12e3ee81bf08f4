import { asSigmaDocument, type CoveringRule, type ExecutionCoverage, type ExtractionResult, type GeneratedRuleRecord } from '@huntforge/contracts';
import { ruleSummary, type SelfTestResult } from '@huntforge/sigma';
import type { ExecutionRow, StageRecorder } from './pipeline-port';
import type { AgentRunner, DomainPorts, PipelineArticle, PlatformResult, RuleCandidate, RuleDocument, ServicePorts, ValidationReport } from './ports';
import type { PipelineSnapshot } from './snapshot';

export const MAX_REPAIR_ATTEMPTS = 3;

/** A rule record of this run, with the loaded rule kept beside it for the queue (never stored twice). */
type RunRule = GeneratedRuleRecord & { document: RuleDocument | null };

/** A candidate as the run holds it: its mapping (loaded once) and, for rule text, that text. */
export interface HeldRule {
  doc: RuleDocument | null;
  text: string | null;
  validation: ValidationReport;
}

export function hold(candidate: RuleCandidate, domain: DomainPorts): HeldRule {
  if (candidate.rule) return { doc: candidate.rule, text: null, validation: domain.validateSigma(candidate.rule) };
  const loaded = domain.loadSigma(candidate.yaml);
  if (!loaded.ok) return { doc: null, text: candidate.yaml, validation: { valid: false, findings: loaded.findings } };
  return { doc: loaded.rule, text: candidate.yaml, validation: domain.validateSigma(loaded.rule) };
}

async function validateWithRepair(
  candidate: RuleCandidate,
  ctx: { agents: AgentRunner; domain: DomainPorts; article: PipelineArticle; signal: AbortSignal; usage: unknown[] },
) {
  let held = hold(candidate, ctx.domain);
  const attempts: GeneratedRuleRecord['repair_attempts'] = [];
  while (!held.validation.valid && attempts.length < MAX_REPAIR_ATTEMPTS) {
    const yaml = held.text ?? (held.doc ? ctx.domain.renderSigma(held.doc) : '');
    const repaired = await ctx.agents.repairSigma({ rule: { yaml, doc: held.doc }, findings: held.validation.findings, article: ctx.article }, ctx.signal);
    ctx.usage.push(...(repaired.usage ?? []));
    const findings = held.validation.findings;
    if (repaired.candidate) held = hold(repaired.candidate, ctx.domain);
    attempts.push({ attempt: attempts.length + 1, findings, valid_after: held.validation.valid });
    if (!repaired.candidate) break;
  }
  return { held, attempts };
}

const MAX_COVERING = 10;
/** Observables kept with each queued rule for its self-test (an article rarely has more). */
const MAX_RECORDED_OBSERVABLES = 150;

/** The reference rules that fire on the observables a generated rule fires on, most relevant first. */
function coveredBy(coverage: ExecutionCoverage | null, firedOn: readonly string[]): CoveringRule[] {
  if (!coverage) return [];
  const rules = new Map<string, CoveringRule>();
  for (const entry of coverage.covered) {
    if (!firedOn.includes(entry.observable)) continue;
    for (const rule of entry.rules) if (!rules.has(rule.rule_id)) rules.set(rule.rule_id, rule);
  }
  return [...rules.values()].slice(0, MAX_COVERING);
}

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
    const generated = await agents.generateSigma({ article, platform: input.platform?.os ?? 'unknown', extraction, ...(input.text !== undefined ? { text: input.text } : {}) }, signal);
    usage.push(...(generated.usage ?? []));
    const out: RunRule[] = [];
    // What the article states, for the fidelity check: its text and its observables.
    const stated = [article.content, ...extraction.observables.map((o) => o.value)];
    for (const candidate of generated.rules) {
      const { held, attempts } = await validateWithRepair(candidate, { agents, domain: deps.domain, article, signal, usage });
      const { validation } = held;
      const selfTest: SelfTestResult = validation.valid && held.doc ? deps.domain.selfTest(held.doc, extraction.observables) : { fires: false, events: 0, fired_on: [] };
      // Firings on ordinary machines' telemetry are written into the rule before anyone reviews it. Only a
      // false positive and a lower level are added, which cannot make a valid rule invalid.
      const doc = held.doc ? deps.domain.noteBaselineFirings(held.doc, selfTest.baseline) : null;
      const fidelity = deps.domain.fidelity(doc ? deps.domain.detectionValues(doc) : [], stated);
      const summary = ruleSummary(doc);
      // The YAML is written once, here: rule text the agent wrote is kept as written unless the run changed the rule.
      const yaml = held.text !== null && doc === held.doc ? held.text : doc ? deps.domain.renderSigma(doc) : '';
      log(
        `${summary.title ?? candidate.telemetryClass ?? 'untitled rule'}: ${validation.valid ? 'valid' : 'invalid'}${attempts.length ? ` after ${attempts.length} repair(s)` : ''}` +
          `${fidelity.ok ? '' : `; unsupported values ${fidelity.unsupported_values.join(', ')}`}` +
          `${validation.valid && !selfTest.fires ? `; fires on none of the ${selfTest.events} events of the observables, so it needs review` : ''}` +
          `${selfTest.baseline?.fires ? `; fires on ${selfTest.baseline.fires} of ${selfTest.baseline.events} benign baseline events, level lowered` : ''}`,
      );
      out.push({
        source: 'generated',
        telemetry_class: candidate.telemetryClass ?? summary.telemetryClass ?? 'unknown',
        title: summary.title,
        level: summary.level,
        tags: summary.tags,
        rule: doc ? asSigmaDocument(doc) : null,
        yaml,
        validation,
        repair_attempts: attempts,
        fidelity,
        self_test: selfTest,
        covered_by: coveredBy(input.coverage, selfTest.fired_on),
        queue: { outcome: validation.valid ? 'queued' : 'invalid' },
        document: doc,
      });
    }
    // Rules for what the corpus does not detect yet come first.
    out.sort((a, b) => Number(a.covered_by.length > 0) - Number(b.covered_by.length > 0));
    return {
      value: out,
      summary: {
        generated: out.length,
        valid: out.filter((r) => r.validation.valid).length,
        repaired: out.filter((r) => r.repair_attempts.length > 0).length,
        fidelity_flagged: out.filter((r) => !r.fidelity.ok).length,
        not_firing: out.filter((r) => r.validation.valid && !r.self_test.fires).length,
        baseline_firing: out.filter((r) => (r.self_test.baseline?.fires ?? 0) > 0).length,
      },
      usage,
    };
  });

  const recordedObservables = extraction.observables.slice(0, MAX_RECORDED_OBSERVABLES).map((o) => ({ type: o.type, value: o.value, attributes: o.attributes }));
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
                status: rule.fidelity.ok && rule.self_test.fires && rule.covered_by.length === 0 ? ('pending' as const) : ('needs_review' as const),
                ruleYaml: rule.yaml,
                ...(rule.document ? { rule: rule.document } : {}),
                // The queue shows the self-test and runs it again on an edited rule, from these observables.
                provenance: { self_test: rule.self_test, observables: recordedObservables, ...(rule.covered_by.length > 0 ? { covered_by: rule.covered_by } : {}) },
                similarityThreshold: threshold,
              })),
            },
            signal,
          );
    comparable.forEach((rule, i) => {
      const result = results[i];
      if (!result) throw new Error(`the queue answered ${results.length} results for ${comparable.length} rules`);
      rule.similarity = { max_similarity: result.maxSimilarity ?? 0, inconclusive: result.inconclusive, matches: result.matches.slice(0, 10) };
      if (result.outcome === 'duplicate') {
        rule.queue = { outcome: 'duplicate', duplicate_of: result.matches[0] ?? null };
        log(`${rule.title}: duplicate (${result.maxSimilarity} >= ${threshold})`);
        return;
      }
      if (result.outcome === 'linked') {
        rule.queue = { outcome: 'linked', queue_id: result.queueId, status: result.status };
        log(`${rule.title}: same as queue item #${result.queueId} (${result.status}, similarity ${result.maxSimilarity} >= ${threshold}); linked, not queued again`);
        return;
      }
      rule.queue = { outcome: 'queued', queue_id: result.queueId, status: result.status };
      log(`${rule.title}: queued as ${result.queueId} (${result.status}, max similarity ${result.maxSimilarity}${result.inconclusive ? ', inconclusive' : ''})`);
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
