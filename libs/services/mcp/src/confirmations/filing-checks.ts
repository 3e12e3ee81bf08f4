import type { z } from 'zod';
import {
  MCP_ERROR_CODES,
  type deleteArticleInputSchema,
  type McpHighRiskTool,
  type rollbackModelInputSchema,
  type submitQueueRuleInputSchema,
  type updateWorkflowConfigInputSchema,
} from '@huntforge/contracts/mcp';
import { updateWorkflowConfigRequestSchema } from '@huntforge/contracts/workflow';
import { ToolError } from '../errors/tool-error';
import type { McpPorts } from '../ports';

export type FilingCheckDeps = Pick<McpPorts, 'filingTargets' | 'articleTexts'>;

type Check = (args: never, deps: FilingCheckDeps) => Promise<void>;

async function queueItem({ queue_id }: z.output<typeof submitQueueRuleInputSchema>, deps: FilingCheckDeps): Promise<void> {
  if (!(await deps.filingTargets.queueItemExists(queue_id))) {
    throw new ToolError(MCP_ERROR_CODES.queueItemNotFound, `No Sigma queue item ${queue_id}; list_sigma_queue shows the existing ones`);
  }
}

async function article({ article_id }: z.output<typeof deleteArticleInputSchema>, deps: FilingCheckDeps): Promise<void> {
  if (!(await deps.articleTexts.exists(article_id))) throw new ToolError(MCP_ERROR_CODES.articleNotFound, `No article ${article_id}`);
}

/** The body is checked with the same schema PUT /api/workflow/config applies, so a typo is refused now. */
async function workflowConfig({ config }: z.output<typeof updateWorkflowConfigInputSchema>): Promise<void> {
  const parsed = updateWorkflowConfigRequestSchema.safeParse(config);
  if (parsed.success) return;
  const issues = parsed.error.issues.slice(0, 20).map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  throw new ToolError(
    MCP_ERROR_CODES.invalidWorkflowConfig,
    `The workflow config body is not valid: ${issues.map((issue) => `${issue.path || '(body)'}: ${issue.message}`).join('; ')}`,
    { issues },
  );
}

/**
 * A rollback needs a saved version with an artifact. The database copy is checked here; a version whose
 * only copy is the secondary file (the content filter's disk) is accepted, and the content filter decides.
 */
async function modelVersion({ version_id }: z.output<typeof rollbackModelInputSchema>, deps: FilingCheckDeps): Promise<void> {
  const found = await deps.filingTargets.modelVersion(version_id);
  if (!found) throw new ToolError(MCP_ERROR_CODES.modelVersionNotFound, `No content-filter model version ${version_id}`);
  if (!found.hasStoredArtifact && found.secondaryPath === null) {
    throw new ToolError(
      MCP_ERROR_CODES.modelArtifactMissing,
      `Model version ${version_id} has no saved artifact, so it cannot be made live again`,
    );
  }
}

const CHECKS: Partial<Record<McpHighRiskTool, Check>> = {
  approve_queue_rule: queueItem,
  reject_queue_rule: queueItem,
  submit_queue_rule: queueItem,
  delete_article: article,
  update_workflow_config: workflowConfig,
  rollback_model: modelVersion,
};

/**
 * Refuses, when it is filed, a high-risk request that could not run once confirmed (a missing queue
 * item or article, an invalid config body, a model version without artifact), so nobody confirms a dud.
 * The owning service still applies its own rules when the confirmed action runs.
 */
export async function checkFiling(tool: McpHighRiskTool, args: unknown, deps: FilingCheckDeps): Promise<void> {
  const check = CHECKS[tool] as ((args: unknown, deps: FilingCheckDeps) => Promise<void>) | undefined;
  await check?.(args, deps);
}
