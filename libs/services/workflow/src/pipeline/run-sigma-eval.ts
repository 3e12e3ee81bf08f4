import { EXTRACTION_AGENTS, type ExtractionResult } from '@huntforge/contracts/extraction';
import { holdCandidate, ruleSetAtoms } from '@huntforge/sigma';
import { configOrPlatformSkip, runAggregationStage, runExtractionStage } from './extraction-stages';
import type { AgentRunner, DomainPorts, PipelineArticle, PlatformLabel } from './ports';
import type { StageRecorder } from './pipeline-port';
import type { PipelineSnapshot } from './snapshot';

/** What a Sigma evaluation retains: the generated rules and their atoms (what the record is scored on). */
export interface SigmaEvalOutput {
  rules: string[];
  count: number;
  atoms: string[];
  classes: string[];
  undecomposable: number;
  invalid: number;
}

/**
 * The Sigma generator under evaluation: every extractor on the whole article (routed by the article's
 * labelled platform, as OS detection is skipped), then the run's SigmaAgent. The rules never reach the
 * queue (nor the execution's rule list): the evaluation record keeps them with their atoms.
 */
export async function generateForSigmaEval(input: {
  recorder: StageRecorder;
  snapshot: PipelineSnapshot;
  agents: AgentRunner;
  article: PipelineArticle;
  domain: DomainPorts;
  extractionConcurrency: number;
}): Promise<SigmaEvalOutput> {
  const { recorder, snapshot, agents, article, domain } = input;
  const platform = (snapshot.eval_platform ?? 'unknown') as PlatformLabel;
  const runs = await runExtractionStage({
    recorder,
    agents,
    article,
    text: article.content,
    extractors: EXTRACTION_AGENTS,
    concurrency: input.extractionConcurrency,
    skipReason: configOrPlatformSkip(snapshot, domain, platform),
  });
  const extraction: ExtractionResult = await runAggregationStage(recorder, domain, runs);
  return recorder.stage('sigma_generation', async (log) => {
    const { rules, usage } = await agents.generateSigma({ article, platform, extraction }, recorder.signal);
    const held = rules.map((candidate) => holdCandidate(candidate));
    const invalid = held.filter((rule) => !rule.validation.valid).length;
    const atoms = ruleSetAtoms(held.map((rule) => rule.doc ?? rule.text ?? ''));
    const yamls = held.map((rule) => rule.text ?? (rule.doc ? domain.renderSigma(rule.doc) : ''));
    log(
      `${yamls.length} rules generated (${invalid} invalid, ${atoms.undecomposable} undecomposable), ${atoms.atoms.length} positive atoms`,
    );
    const output: SigmaEvalOutput = {
      rules: yamls,
      count: yamls.length,
      atoms: atoms.atoms,
      classes: atoms.classes,
      undecomposable: atoms.undecomposable,
      invalid,
    };
    return { value: output, summary: { rules: yamls.length, invalid, atoms: atoms.atoms.length }, usage: usage ?? [] };
  });
}
