import { EXTRACTION_AGENTS, type ExtractionAgent } from '../extraction/observable';

/** The prompt-bearing agents of the v2 configuration contract. */
export const PROMPT_AGENT_NAMES = ['RankAgent', 'SigmaAgent', ...EXTRACTION_AGENTS] as const;
export type PromptAgentName = (typeof PROMPT_AGENT_NAMES)[number];

/** Auxiliary prompt keys the legacy prompt routes (list, one, defaults, PUT) still accept. */
export const LEGACY_PROMPT_AGENT_NAMES = ['OSDetectionAgent', 'SigmaRepair'] as const;
export type LegacyPromptAgentName = (typeof LEGACY_PROMPT_AGENT_NAMES)[number];

export type AnyPromptAgentName = PromptAgentName | LegacyPromptAgentName;
export const ANY_PROMPT_AGENT_NAMES: readonly AnyPromptAgentName[] = [...PROMPT_AGENT_NAMES, ...LEGACY_PROMPT_AGENT_NAMES];

/**
 * Agents with model settings (provider, model, temperature, top_p, effort, enabled). ExtractAgent is
 * not prompt-bearing: it only supplies the provider/model an extractor falls back to when it has none.
 * OSDetectionAgent is the LLM adjudicator of low-confidence platform detection.
 */
export const CONFIG_AGENT_NAMES = ['RankAgent', 'ExtractAgent', ...EXTRACTION_AGENTS, 'SigmaAgent', 'OSDetectionAgent'] as const;
export type ConfigAgentName = (typeof CONFIG_AGENT_NAMES)[number];

/** QA agents of earlier contracts; named here only so the error can say they were removed. */
export const REMOVED_AGENT_NAMES = [
  'RankAgentQA',
  'CmdLineQA',
  'ProcTreeQA',
  'HuntQueriesQA',
  'RegistryQA',
  'ServicesQA',
  'ScheduledTasksQA',
  'NetworkIndicatorQA',
] as const;

export function isPromptAgentName(name: string): name is PromptAgentName {
  return (PROMPT_AGENT_NAMES as readonly string[]).includes(name);
}

export function isAnyPromptAgentName(name: string): name is AnyPromptAgentName {
  return (ANY_PROMPT_AGENT_NAMES as readonly string[]).includes(name);
}

export function isConfigAgentName(name: string): name is ConfigAgentName {
  return (CONFIG_AGENT_NAMES as readonly string[]).includes(name);
}

export function isExtractionAgent(name: string): name is ExtractionAgent {
  return (EXTRACTION_AGENTS as readonly string[]).includes(name);
}
