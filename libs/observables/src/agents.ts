import {
  EXTRACTION_AGENTS,
  EXTRACTION_REASON_CODES,
  WINDOWS_ONLY_AGENTS,
  type AgentOutputs,
  type CmdlineExtractOutput,
  type ExtractionAgent,
  type ExtractionReason,
  type ExtractionResult,
  type HuntQueriesExtractOutput,
  type NetworkIndicatorExtractOutput,
  type ProcTreeExtractOutput,
  type RegistryExtractOutput,
  type ScheduledTasksExtractOutput,
  type ServicesExtractOutput,
} from '@huntforge/contracts/extraction';
import { aggregateExtraction, type AgentRun, type AgentRuns } from './aggregate/aggregate';
import { extractCmdlines } from './cmdline/extract-cmdline';
import { extractNetworkIndicators } from './network/extract-network';
import { extractProcessPairs } from './proctree/extract-proctree';
import { extractHuntQueries } from './queries/extract-hunt-queries';
import { extractRegistryKeys } from './registry/extract-registry';
import { extractServices } from './services/extract-services';
import { extractScheduledTasks } from './tasks/extract-scheduled-tasks';
import { parseDocument, type ArticleDocument } from './text/document';

/** The builtin extraction agents: deterministic, no I/O, each returning its agent's output schema. */

export interface ExtractOptions {
  /** The article's URL, so the publisher's own links are not reported as indicators. */
  articleUrl?: string;
}

type Input = string | ArticleDocument;
const docOf = (input: Input): ArticleDocument => (typeof input === 'string' ? parseDocument(input) : input);
const output = <T>(items: T[]) => ({ items, count: items.length });

export function CmdlineExtract(content: Input): CmdlineExtractOutput {
  return output(extractCmdlines(docOf(content)));
}

export function ProcTreeExtract(content: Input): ProcTreeExtractOutput {
  return output(extractProcessPairs(docOf(content)));
}

export function HuntQueriesExtract(content: Input): HuntQueriesExtractOutput {
  return output(extractHuntQueries(docOf(content)));
}

export function RegistryExtract(content: Input): RegistryExtractOutput {
  return output(extractRegistryKeys(docOf(content)));
}

export function ServicesExtract(content: Input): ServicesExtractOutput {
  return output(extractServices(docOf(content)));
}

export function ScheduledTasksExtract(content: Input): ScheduledTasksExtractOutput {
  return output(extractScheduledTasks(docOf(content)));
}

export function NetworkIndicatorExtract(content: Input, options: ExtractOptions = {}): NetworkIndicatorExtractOutput {
  return output(extractNetworkIndicators(docOf(content), options));
}

export const BUILTIN_AGENTS: { [A in ExtractionAgent]: (content: Input, options?: ExtractOptions) => AgentOutputs[A] } = {
  CmdlineExtract,
  ProcTreeExtract,
  HuntQueriesExtract,
  RegistryExtract,
  ServicesExtract,
  ScheduledTasksExtract,
  NetworkIndicatorExtract,
};

export type Platform = 'windows' | 'linux' | 'macos' | 'cross-platform' | 'unknown';

/** The platform router's decision for one agent: null when it runs, a reason record when skipped. */
export function platformSkipReason(agent: ExtractionAgent, platform: Platform): ExtractionReason | null {
  const windowsOnly = (WINDOWS_ONLY_AGENTS as readonly ExtractionAgent[]).includes(agent);
  if (!windowsOnly || platform === 'windows' || platform === 'cross-platform' || platform === 'unknown') return null;
  return {
    code: EXTRACTION_REASON_CODES.platformNotWindows,
    message: `${agent} extracts Windows-only artefacts and the article was classified as ${platform}`,
    details: { platform },
  };
}

export interface BuiltinExtractionOptions extends ExtractOptions {
  platform?: Platform;
  /** Agents to run (default all seven); the others are recorded as skipped (agent_disabled). */
  agents?: readonly ExtractionAgent[];
}

/**
 * Runs the seven builtin agents on one article and aggregates them. One agent throwing is recorded
 * as its failed subresult; the others still run.
 */
export function runBuiltinExtraction(content: string, options: BuiltinExtractionOptions = {}): ExtractionResult {
  const doc = parseDocument(content);
  const enabled = new Set(options.agents ?? EXTRACTION_AGENTS);
  const runs: AgentRuns = {};
  for (const agent of EXTRACTION_AGENTS) {
    const skip = enabled.has(agent)
      ? platformSkipReason(agent, options.platform ?? 'unknown')
      : { code: EXTRACTION_REASON_CODES.agentDisabled, message: `${agent} is disabled in the workflow configuration` };
    (runs as Record<string, AgentRun>)[agent] = skip ? { status: 'skipped', reason: skip } : runAgent(agent, doc, options);
  }
  return aggregateExtraction(runs);
}

function runAgent(agent: ExtractionAgent, doc: ArticleDocument, options: ExtractOptions): AgentRun {
  const started = performance.now();
  try {
    const result = BUILTIN_AGENTS[agent](doc, options);
    return { status: 'completed', output: result, duration_ms: round(performance.now() - started) } as AgentRun;
  } catch (error) {
    return {
      status: 'failed',
      error: { code: EXTRACTION_REASON_CODES.agentFailed, message: error instanceof Error ? error.message : String(error) },
      duration_ms: round(performance.now() - started),
    };
  }
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;
