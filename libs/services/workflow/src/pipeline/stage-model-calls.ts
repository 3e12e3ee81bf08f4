import { EXTRACTION_AGENTS } from '@huntforge/contracts/extraction';
import { EVAL_SUBAGENT_AGENTS, toEvalSubagent } from '@huntforge/contracts/workflow';
import { agentUsesModel } from './llm-agents';
import { readSnapshot, type PipelineSnapshot } from './snapshot';

/** The agents whose model calls a stage may make (the pipeline's stages; the others call no model). */
function stageAgents(snapshot: PipelineSnapshot, stage: string): readonly string[] {
  switch (stage) {
    // OS detection asks a model only to adjudicate a low-confidence detection.
    case 'platform_detection':
      return ['OSDetectionAgent'];
    case 'ranking':
      return ['RankAgent'];
    case 'extraction': {
      // An extractor evaluation runs its one extractor; the Sigma evaluation and a normal run all of them.
      const subagent = snapshot.eval_run ? toEvalSubagent(snapshot.eval_subagent ?? '') : null;
      return subagent && subagent !== 'sigma' ? [EVAL_SUBAGENT_AGENTS[subagent]] : EXTRACTION_AGENTS;
    }
    case 'sigma_generation':
      return ['SigmaAgent', 'SigmaRepair'];
    default:
      return [];
  }
}

/**
 * Per stage, the provider timeout that ends its model call: the run's per-call timeout when the stage calls a
 * model provider for at least one of its agents, null when it calls none (builtin agents, or no model at all).
 * The run's snapshot is read once for all its stages.
 */
export function stageTimeoutsOf(configSnapshot: unknown, modelCallTimeoutMs: number): (stage: string) => number | null {
  const parsed = safeSnapshot(configSnapshot);
  if (!parsed) return () => null;
  return (stage) => (stageAgents(parsed, stage).some((agent) => agentUsesModel(parsed, agent)) ? modelCallTimeoutMs : null);
}

function safeSnapshot(raw: unknown): PipelineSnapshot | null {
  try {
    return readSnapshot(raw);
  } catch {
    return null;
  }
}
