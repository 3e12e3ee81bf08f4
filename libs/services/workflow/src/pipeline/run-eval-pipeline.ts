import { TERMINATION_REASONS } from '@huntforge/contracts/executions';
import type { ExtractionResult } from '@huntforge/contracts/extraction';
import { EVAL_SUBAGENT_AGENTS, toEvalSubagent, type ExtractorSubagent } from '@huntforge/contracts/workflow';
import type { ExecutionRow, PipelineOutcome, StageRecorder } from './pipeline-port';
import type { AgentRun, AgentRunner, DomainPorts, PipelineArticle } from './ports';
import type { PipelineSnapshot } from './snapshot';
import { generateForSigmaEval } from './run-sigma-eval';
import { runAggregationStage, runExtractionStage } from './extraction-stages';

/** How the agent under evaluation ended: its retained output, or why it failed. */
export type EvalAgentRun = { status: 'completed'; output: unknown } | { status: 'failed'; error: string };

/** What an evaluation execution reports to the evaluation records it serves. */
export interface EvaluationPort {
  started(executionId: number): Promise<void>;
  finished(executionId: number, run: EvalAgentRun): Promise<void>;
}

export interface EvalPipelineInput {
  execution: ExecutionRow;
  recorder: StageRecorder;
  snapshot: PipelineSnapshot;
  agents: AgentRunner;
  article: PipelineArticle;
  domain: DomainPorts;
  evaluations: EvaluationPort;
  extractionConcurrency: number;
}

/**
 * An evaluation execution: the whole article (junk filter, OS detection and ranking skipped), the target
 * extractor only, whatever its platform or enabled flag, then its records are scored; or, for the Sigma
 * generator, every extractor and then the SigmaAgent. Nothing is ever sent to the review queue.
 */
export async function runEvalPipeline(input: EvalPipelineInput): Promise<PipelineOutcome> {
  const { execution, snapshot, evaluations } = input;
  const subagent = toEvalSubagent(snapshot.eval_subagent ?? '');
  if (!subagent)
    return {
      status: 'failed',
      terminationReason: TERMINATION_REASONS.error,
      error: `unknown evaluation subagent ${snapshot.eval_subagent}`,
    };
  await evaluations.started(execution.id);
  if (subagent === 'sigma') return runSigmaEvaluation(input);
  return runExtractorEvaluation(input, subagent);
}

async function runSigmaEvaluation(input: EvalPipelineInput): Promise<PipelineOutcome> {
  const { execution, recorder, evaluations } = input;
  let outcome: EvalAgentRun;
  try {
    outcome = { status: 'completed', output: await generateForSigmaEval(input) };
  } catch (error) {
    if (recorder.signal.aborted) throw error;
    outcome = { status: 'failed', error: error instanceof Error ? error.message : String(error) };
  }
  await recorder.stage('evaluation', async () => {
    await evaluations.finished(execution.id, outcome);
    return { value: null, summary: { subagent: 'sigma', status: outcome.status } };
  });
  if (outcome.status === 'failed') return { status: 'failed', terminationReason: TERMINATION_REASONS.error, error: outcome.error };
  return { status: 'completed', terminationReason: null, fields: { sigmaRules: [] } };
}

async function runExtractorEvaluation(input: EvalPipelineInput, subagent: ExtractorSubagent): Promise<PipelineOutcome> {
  const { execution, recorder, agents, article, domain, evaluations } = input;
  const agent = EVAL_SUBAGENT_AGENTS[subagent];

  // Whatever the agent's platform routing or enabled flag: it is the one under evaluation.
  const runs = await runExtractionStage({ recorder, agents, article, text: article.content, extractors: [agent], concurrency: 1 });
  const run = runs[agent] as AgentRun;
  const extraction: ExtractionResult = await runAggregationStage(recorder, domain, runs);

  await recorder.stage('evaluation', async (log) => {
    const outcome: EvalAgentRun =
      run.status === 'completed'
        ? { status: 'completed', output: run.output }
        : { status: 'failed', error: run.status === 'failed' ? run.error.message : 'skipped' };
    await evaluations.finished(execution.id, outcome);
    log(`scored ${subagent}: ${run.status === 'completed' ? run.output.count : 0} items against the ground truth`);
    return { value: null, summary: { subagent, status: outcome.status, discrete_huntables_count: extraction.discrete_huntables_count } };
  });
  if (run.status !== 'completed')
    return {
      status: 'failed',
      terminationReason: TERMINATION_REASONS.error,
      error: run.status === 'failed' ? run.error.message : 'skipped',
    };
  return { status: 'completed', terminationReason: null, fields: { sigmaRules: [] } };
}
