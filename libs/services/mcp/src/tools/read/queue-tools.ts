import {
  getQueueItemInputSchema,
  getQueueItemOutputSchema,
  listSigmaQueueInputSchema,
  listSigmaQueueOutputSchema,
  MCP_ERROR_CODES,
} from '@huntforge/contracts/mcp';
import { offsetFrom, pageOf } from '../../pagination/cursor';
import type { QueueRuleRow } from '../../repositories/sigma-read-repository';
import { attributionOf } from '../attribution';
import type { McpPorts } from '../../ports';
import { defineTool, READ_ANNOTATIONS, type ToolEnv } from '../tool-definition';
import { ToolError } from '../../errors/tool-error';

export interface ListSigmaQueueDeps {
  sigma: Pick<McpPorts['sigma'], 'searchQueue'>;
}

/** The item, and the reference rules it was compared with (for their attribution). */
export interface GetQueueItemDeps {
  sigma: Pick<McpPorts['sigma'], 'findQueueItem' | 'attributionSources'>;
}

export function toQueueSummary(row: QueueRuleRow) {
  return {
    kind: 'queue' as const,
    queue_id: row.id,
    title: row.title,
    status: row.status,
    level: row.level,
    tags: row.tags,
    workflow_execution_id: row.workflow_execution_id,
    article_id: row.article_id,
    max_similarity: row.max_similarity,
    created_at: row.created_at.toISOString(),
  };
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The similar reference rules stored on a queue item (shape owned by the sigma-queue service), each with
 * the attribution of its reference rule looked up by id, so no reference rule leaves without it.
 */
async function similarRulesOf(matches: unknown, deps: { sigma: Pick<McpPorts['sigma'], 'attributionSources'> }) {
  const entries = Array.isArray(matches) ? matches.filter((m): m is Record<string, unknown> => !!m && typeof m === 'object') : [];
  const ruleIdOf = (m: Record<string, unknown>) => {
    const nested = (m['attribution'] ?? {}) as Record<string, unknown>;
    return text(m['rule_id']) ?? text(m['ruleId']) ?? text(nested['rule_id']) ?? text(nested['ruleId']);
  };
  const sources = await deps.sigma.attributionSources(entries.map(ruleIdOf).filter((id): id is string => id !== null));
  return entries.map((match) => {
    const ruleId = ruleIdOf(match);
    const source = ruleId ? sources.get(ruleId) : undefined;
    const nested = (match['attribution'] ?? {}) as Record<string, unknown>;
    const title = source?.title ?? text(match['title']) ?? text(nested['title']);
    const score = match['similarity'] ?? match['score'];
    return {
      rule_id: ruleId,
      title,
      similarity: typeof score === 'number' ? score : null,
      detail: match,
      attribution:
        source || ruleId
          ? attributionOf({
              title: title ?? ruleId ?? 'unknown rule',
              author: source?.author ?? text(nested['author']) ?? text(match['author']),
              license: source?.license ?? text(nested['license']) ?? text(match['license']) ?? 'DRL-1.1',
            })
          : null,
    };
  });
}

export const listSigmaQueueTool = defineTool({
  name: 'list_sigma_queue',
  title: 'List the Sigma review queue',
  description: 'Generated and publisher Sigma rules awaiting or past review, newest first, filtered by status or workflow execution.',
  input: listSigmaQueueInputSchema,
  output: listSigmaQueueOutputSchema,
  annotations: READ_ANNOTATIONS,
  kind: 'read',
  minRole: 'viewer',
  async run(args, { deps }: ToolEnv<ListSigmaQueueDeps>) {
    const offset = offsetFrom(args.cursor);
    const rows = await deps.sigma.searchQueue({
      status: args.status,
      workflowExecutionId: args.workflow_execution_id,
      offset,
      take: args.limit + 1,
    });
    return pageOf(rows.map(toQueueSummary), args.limit, offset);
  },
});

export const getQueueItemTool = defineTool({
  name: 'get_queue_item',
  title: 'Get a review-queue item',
  description:
    'One review-queue rule: YAML, status, validation findings, review notes and the similar reference rules it ' +
    'was compared with (each with author and licence attribution).',
  input: getQueueItemInputSchema,
  output: getQueueItemOutputSchema,
  annotations: READ_ANNOTATIONS,
  kind: 'read',
  minRole: 'viewer',
  async run(args, { deps }: ToolEnv<GetQueueItemDeps>) {
    const item = await deps.sigma.findQueueItem(args.queue_id);
    if (!item) throw new ToolError(MCP_ERROR_CODES.notFound, `No queue item ${args.queue_id}`);
    return {
      ...toQueueSummary({
        id: item.id,
        title: item.title,
        status: item.status,
        level: item.level,
        tags: item.tags,
        workflow_execution_id: item.workflowExecutionId,
        article_id: item.articleId,
        max_similarity: item.maxSimilarity,
        created_at: item.createdAt,
      }),
      source: item.source,
      yaml: item.ruleYaml,
      telemetry_class: item.telemetryClass,
      similarity_inconclusive: item.similarityInconclusive,
      similar_rules: await similarRulesOf(item.matches, deps),
      validation_findings: item.validationFindings,
      review_notes: item.reviewNotes,
      reviewer: item.reviewer,
      rejection_reason: item.rejectionReason,
      pr_url: item.prUrl,
      conversation_id: item.conversationId,
    };
  },
});
