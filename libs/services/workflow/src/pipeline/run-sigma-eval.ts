import { EXTRACTION_AGENTS, EXTRACTION_REASON_CODES, type ExtractionAgent, type ExtractionResult } from '@huntforge/contracts';
import type { Prisma } from '@huntforge/data';
import { ruleSetAtoms } from '@huntforge/sigma';
import type { AgentRun, AgentRunner, AgentRuns, DomainPorts, PipelineArticle, PlatformLabel } from './ports';
import type { StageRecorder } from './stage-recorder';
import { agentSettings, type PipelineSnapshot } from './snapshot';

const json = (value: unknown) => value as Prisma.InputJsonValue;

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
}): Promise<SigmaEvalOutput> {
  const { recorder, snapshot, agents, article, domain } = input;
  const platform = (snapshot.eval_platform ?? 'unknown') as PlatformLabel;
  const runs = await recorder.stage('extraction', async (log) => {
    const entries: Array<readonly [ExtractionAgent, AgentRun]> = [];
    for (const agent of EXTRACTION_AGENTS) {
      const routed = domain.platformSkipReason(agent, platform);
      if (routed || !agentSettings(snapshot, agent).enabled) {
        entries.push([agent, { status: 'skipped', reason: routed ?? { code: EXTRACTION_REASON_CODES.agentDisabled, message: `${agent} is disabled` } }]);
        continue;
      }
      try {
        const { output } = await agents.extract(agent, { article, text: article.content }, recorder.signal);
        entries.push([agent, { status: 'completed', output } as AgentRun]);
      } catch (error) {
        if (recorder.signal.aborted) throw error;
        const message = error instanceof Error ? error.message : String(error);
        log(`${agent} failed: ${message}`);
        entries.push([agent, { status: 'failed', error: { code: EXTRACTION_REASON_CODES.agentFailed, message } }]);
      }
    }
    return { value: Object.fromEntries(entries) as AgentRuns, summary: { platform, agents: entries.map(([agent, run]) => `${agent}:${run.status}`) } };
  });
  const extraction: ExtractionResult = await recorder.stage('aggregation', async () => {
    const result = domain.aggregate(runs);
    return { value: result, summary: result.summary, patch: { extractionResult: json(result) } };
  });
  return recorder.stage('sigma_generation', async (log) => {
    const { rules, usage } = await agents.generateSigma({ article, platform, extraction }, recorder.signal);
    const yamls = rules.map((rule) => rule.yaml);
    const invalid = yamls.filter((yaml) => !domain.validateSigma(yaml).valid).length;
    const atoms = ruleSetAtoms(yamls);
    log(`${yamls.length} rules generated (${invalid} invalid, ${atoms.undecomposable} undecomposable), ${atoms.atoms.length} positive atoms`);
    const output: SigmaEvalOutput = { rules: yamls, count: yamls.length, atoms: atoms.atoms, classes: atoms.classes, undecomposable: atoms.undecomposable, invalid };
    return { value: output, summary: { rules: yamls.length, invalid, atoms: atoms.atoms.length }, usage: usage ?? [] };
  });
}
