import { EVAL_SUBAGENT_AGENTS, EXTRACTION_REASON_CODES, TERMINATION_REASONS, toEvalSubagent, type ExtractionResult } from '@huntforge/contracts';
import type { Prisma } from '@huntforge/data';
import type { EvalAgentRun } from '../evaluations/settle-evaluations';
import type { ExecutionRow } from '../repositories/execution-repository';
import type { PipelineOutcome } from './pipeline-port';
import type { AgentRun, AgentRunner, DomainPorts, PipelineArticle } from './ports';
import type { StageRecorder } from './stage-recorder';
import type { PipelineSnapshot } from './snapshot';

/** What an evaluation execution reports to the evaluation records it serves. */
export interface EvaluationPort {
  started(executionId: number): Promise<void>;
  finished(executionId: number, run: EvalAgentRun): Promise<void>;
}

const json = (value: unknown) => value as Prisma.InputJsonValue;

/**
 * An evaluation execution: the whole article (junk filter, OS detection and ranking skipped), the target
 * extractor only, whatever its platform or enabled flag, then its records are scored. No Sigma
 * generation, so nothing ever reaches the review queue.
 */
export async function runEvalPipeline(input: {
  execution: ExecutionRow;
  recorder: StageRecorder;
  snapshot: PipelineSnapshot;
  agents: AgentRunner;
  article: PipelineArticle;
  domain: DomainPorts;
  evaluations: EvaluationPort;
}): Promise<PipelineOutcome> {
  const { execution, recorder, snapshot, agents, article, domain, evaluations } = input;
  const subagent = toEvalSubagent(snapshot.eval_subagent ?? '');
  if (!subagent) return { status: 'failed', terminationReason: TERMINATION_REASONS.error, error: `unknown evaluation subagent ${snapshot.eval_subagent}` };
  const agent = EVAL_SUBAGENT_AGENTS[subagent];
  await evaluations.started(execution.id);

  const run = await recorder.stage('extraction', async (log): Promise<{ value: AgentRun; summary: unknown; usage?: unknown[] }> => {
    const started = Date.now();
    try {
      const { output, usage } = await agents.extract(agent, { article, text: article.content }, recorder.signal);
      log(`evaluation of ${agent} (${subagent}): ${output.count} items`);
      return { value: { status: 'completed', output, duration_ms: Date.now() - started } as AgentRun, summary: { [agent]: { status: 'completed', count: output.count }, eval_subagent: subagent }, usage: usage ?? [] };
    } catch (error) {
      if (recorder.signal.aborted) throw error;
      const message = error instanceof Error ? error.message : String(error);
      log(`${agent} failed: ${message}`);
      return { value: { status: 'failed', error: { code: EXTRACTION_REASON_CODES.agentFailed, message }, duration_ms: Date.now() - started }, summary: { [agent]: { status: 'failed' }, eval_subagent: subagent } };
    }
  });

  const extraction: ExtractionResult = await recorder.stage('aggregation', async () => {
    const result = domain.aggregate({ [agent]: run });
    const counts = Object.fromEntries(Object.entries(result.subresults).map(([key, sub]) => [key, sub?.count ?? 0]));
    return { value: result, summary: result.summary, patch: { extractionResult: json(result), extractionCounts: json(counts) } };
  });

  await recorder.stage('evaluation', async (log) => {
    const outcome: EvalAgentRun = run.status === 'completed' ? { status: 'completed', output: run.output } : { status: 'failed', error: run.status === 'failed' ? run.error.message : 'skipped' };
    await evaluations.finished(execution.id, outcome);
    log(`scored ${subagent}: ${run.status === 'completed' ? run.output.count : 0} items against the ground truth`);
    return { value: null, summary: { subagent, status: outcome.status, discrete_huntables_count: extraction.discrete_huntables_count } };
  });
  if (run.status !== 'completed') return { status: 'failed', terminationReason: TERMINATION_REASONS.error, error: run.status === 'failed' ? run.error.message : 'skipped' };
  return { status: 'completed', terminationReason: null, fields: { sigmaRules: json([]) } };
}
