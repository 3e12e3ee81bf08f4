import { toExecutionSummary, type ExecutionSummarySource } from '@huntforge/data';
import { executionRuleRecords, executionCoverageSchema } from '@huntforge/contracts/executions';
import {
  executionSummaryItemSchema,
  getArticleCoverageInputSchema,
  getArticleCoverageOutputSchema,
  getStatsInputSchema,
  getStatsOutputSchema,
  getExecutionStixInputSchema,
  getExecutionStixOutputSchema,
  getWorkflowExecutionInputSchema,
  getWorkflowExecutionOutputSchema,
  listSourcesInputSchema,
  listSourcesOutputSchema,
  listWorkflowExecutionsInputSchema,
  listWorkflowExecutionsOutputSchema,
  MCP_ERROR_CODES,
} from '@huntforge/contracts/mcp';
import { storedExecutionStix, teamTargets } from '@huntforge/sigma';
import { offsetFrom, pageOf } from '../../pagination/cursor';
import type { McpPorts } from '../../ports';
import { defineTool, READ_ANNOTATIONS, type ToolEnv } from '../tool-definition';
import { ToolError } from '../../errors/tool-error';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The workflow's own summary of a run, cut to the fields the MCP tools answer with. */
export const summaryItem = (row: ExecutionSummarySource) => executionSummaryItemSchema.parse(toExecutionSummary(row));

type Executions<M extends keyof McpPorts['executions']> = { executions: Pick<McpPorts['executions'], M> };

export type ListSourcesDeps = { sources: Pick<McpPorts['sources'], 'list'> };
export type ListWorkflowExecutionsDeps = Executions<'list'>;
export type GetArticleCoverageDeps = Executions<'latestCoverage'>;
export type GetWorkflowExecutionDeps = Executions<'find'>;
/** The run, and the team's SIEM targets (SIGMA_CONVERT_TARGETS) its rules are converted for. */
export interface GetExecutionStixDeps extends Executions<'find'> {
  settings?: Pick<NonNullable<McpPorts['settings']>, 'get'>;
}
export type GetStatsDeps = { stats: Pick<McpPorts['stats'], 'counts'> };

export const listSourcesTool = defineTool({
  name: 'list_sources',
  title: 'List sources',
  description: 'Configured article sources (feeds and pages) with their health and article counts.',
  input: listSourcesInputSchema,
  output: listSourcesOutputSchema,
  annotations: READ_ANNOTATIONS,
  kind: 'read',
  minRole: 'viewer',
  async run(args, { deps }: ToolEnv<ListSourcesDeps>) {
    const offset = offsetFrom(args.cursor);
    const rows = await deps.sources.list({ active: args.active, offset, take: args.limit + 1 });
    const items = rows.map((row) => ({
      source_id: row.id,
      identifier: row.identifier,
      name: row.name,
      url: row.url,
      kind: row.kind,
      active: row.active,
      image_ocr_enabled: row.imageOcrEnabled,
      last_checked_at: iso(row.lastCheckedAt),
      last_success_at: iso(row.lastSuccessAt),
      consecutive_failures: row.consecutiveFailures,
      article_count: row._count.articles,
    }));
    return pageOf(items, args.limit, offset);
  },
});

export const listWorkflowExecutionsTool = defineTool({
  name: 'list_workflow_executions',
  title: 'List workflow executions',
  description: 'Workflow runs, newest first, filtered by status or article: status, step, termination reason, rule counts.',
  input: listWorkflowExecutionsInputSchema,
  output: listWorkflowExecutionsOutputSchema,
  annotations: READ_ANNOTATIONS,
  kind: 'read',
  minRole: 'viewer',
  async run(args, { deps }: ToolEnv<ListWorkflowExecutionsDeps>) {
    const offset = offsetFrom(args.cursor);
    const rows = await deps.executions.list({ status: args.status, articleId: args.article_id, offset, take: args.limit + 1 });
    return pageOf(rows.map(summaryItem), args.limit, offset);
  },
});

export const getArticleCoverageTool = defineTool({
  name: 'get_article_coverage',
  title: 'What the Sigma corpus already detects in an article',
  description:
    "Of an article's observables (command lines, process pairs, registry keys, services, tasks, network indicators), which ones " +
    "reference rules (SigmaHQ and the customer repository) already fire on, with each rule's author and licence, and which " +
    'ones no rule covers: where new detections are needed. From the latest workflow run of the article.',
  input: getArticleCoverageInputSchema,
  output: getArticleCoverageOutputSchema,
  annotations: READ_ANNOTATIONS,
  kind: 'read',
  minRole: 'viewer',
  async run(args, { deps }: ToolEnv<GetArticleCoverageDeps>) {
    const row = await deps.executions.latestCoverage(args.article_id);
    const coverage = executionCoverageSchema.safeParse(row?.corpusCoverage);
    if (!row || !coverage.success) {
      throw new ToolError(
        MCP_ERROR_CODES.notFound,
        `No workflow run of article ${args.article_id} has recorded coverage yet; trigger one with trigger_workflow`,
      );
    }
    return {
      article_id: row.articleId,
      execution_id: row.id,
      analysed_at: (row.finishedAt ?? row.updatedAt).toISOString(),
      ...coverage.data,
    };
  },
});

export const getWorkflowExecutionTool = defineTool({
  name: 'get_workflow_execution',
  title: 'Get a workflow execution',
  description:
    'One workflow run: platform detection, extraction counts and result (observables), generated Sigma rules, ' +
    'stages with timings and errors.',
  input: getWorkflowExecutionInputSchema,
  output: getWorkflowExecutionOutputSchema,
  annotations: READ_ANNOTATIONS,
  kind: 'read',
  minRole: 'viewer',
  async run(args, { deps }: ToolEnv<GetWorkflowExecutionDeps>) {
    const row = await deps.executions.find(args.execution_id);
    if (!row) throw new ToolError(MCP_ERROR_CODES.notFound, `No workflow execution ${args.execution_id}`);
    return {
      ...summaryItem(row),
      config_version: row.configVersion,
      platform_detection: row.platformDetection,
      extraction_counts: row.extractionCounts,
      extraction_result: row.extractionResult,
      sigma_rules: executionRuleRecords(row.sigmaRules),
      error: row.error,
      started_at: iso(row.startedAt),
      stages: row.stages.map((stage) => ({
        stage: stage.stage,
        status: stage.status,
        started_at: stage.startedAt.toISOString(),
        finished_at: iso(stage.finishedAt),
        duration_ms: stage.durationMs,
        error: stage.error,
      })),
    };
  },
});

export const getExecutionStixTool = defineTool({
  name: 'get_execution_stix',
  title: 'Export a workflow execution as STIX 2.1',
  description:
    'A STIX 2.1 bundle of one workflow run: the article as a report, each network indicator value (IP, domain, URL) as an ' +
    'indicator with a STIX pattern, each valid generated Sigma rule as an indicator with pattern_type sigma (its queries for the ' +
    "team's SIEM targets in x_huntforge_queries), and which rules key on which values.",
  input: getExecutionStixInputSchema,
  output: getExecutionStixOutputSchema,
  annotations: READ_ANNOTATIONS,
  kind: 'read',
  minRole: 'viewer',
  async run(args, { deps }: ToolEnv<GetExecutionStixDeps>) {
    const row = await deps.executions.find(args.execution_id);
    if (!row) throw new ToolError(MCP_ERROR_CODES.notFound, `No workflow execution ${args.execution_id}`);
    return storedExecutionStix(row, teamTargets(await deps.settings?.get('SIGMA_CONVERT_TARGETS')));
  },
});

export const getStatsTool = defineTool({
  name: 'get_stats',
  title: 'Get statistics',
  description:
    'Counts across the service: articles (embedded, recent), sources, executions and queue items per status, reference rules, live model version.',
  input: getStatsInputSchema,
  output: getStatsOutputSchema,
  annotations: READ_ANNOTATIONS,
  kind: 'read',
  minRole: 'viewer',
  async run(_args, { deps }: ToolEnv<GetStatsDeps>) {
    return { ...(await deps.stats.counts()), generated_at: new Date().toISOString() };
  },
});
