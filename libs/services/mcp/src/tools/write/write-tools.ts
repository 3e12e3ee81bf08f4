import type { z } from 'zod';
import { mcpRoutes } from '@huntforge/contracts/api';
import {
  addAnnotationInputSchema,
  addQueueReviewNoteInputSchema,
  approveQueueRuleInputSchema,
  backtestQueueRuleInputSchema,
  confirmationRequestedOutputSchema,
  deleteArticleInputSchema,
  MCP_ERROR_CODES,
  rejectQueueRuleInputSchema,
  retrainModelInputSchema,
  rollbackModelInputSchema,
  submitChunkFeedbackInputSchema,
  submitQueueRuleInputSchema,
  scrapeUrlInputSchema,
  triggerWorkflowInputSchema,
  updateAutoTriggerThresholdInputSchema,
  updateWorkflowConfigInputSchema,
  writeResultOutputSchema,
  type McpHighRiskTool,
  type McpLowRiskTool,
} from '@huntforge/contracts/mcp';
import { createApiClient } from '@huntforge/api-client';
import { routeCallFor } from '../../actions/action-table';
import { WriteTargetUnavailableError } from '../../actions/service-client';
import { fileConfirmation, type FileConfirmationDeps } from '../../confirmations/file-confirmation';
import type { McpPorts } from '../../ports';
import { defineTool, type AnyTool, type ToolAnnotations, type ToolEnv } from '../tool-definition';
import { ToolError } from '../../errors/tool-error';

/** A low-risk write calls the owning service's route as the caller. */
export interface LowRiskWriteDeps {
  services: Pick<McpPorts['services'], 'call'>;
}

/** A high-risk write only files a confirmation request. */
export type HighRiskWriteDeps = FileConfirmationDeps;

/** Paths of routes as the API client builds them, for messages that point a person at a route. */
const ROUTE_LINKS = createApiClient();

function lowRisk<I extends z.ZodObject>(spec: {
  name: McpLowRiskTool;
  title: string;
  description: string;
  input: I;
  annotations: ToolAnnotations;
}): AnyTool {
  return defineTool({
    ...spec,
    output: writeResultOutputSchema,
    kind: 'low_risk_write',
    minRole: 'analyst',
    async run(args, { deps, caller }: ToolEnv<LowRiskWriteDeps>) {
      const call = routeCallFor(spec.name, args);
      let answer;
      try {
        answer = await deps.services.call(call, caller);
      } catch (error) {
        if (error instanceof WriteTargetUnavailableError) throw new ToolError(MCP_ERROR_CODES.writeTargetUnavailable, error.message);
        throw new ToolError(
          MCP_ERROR_CODES.upstreamError,
          `The ${call.route.owner} service did not answer: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      if (!answer.ok) {
        throw new ToolError(
          MCP_ERROR_CODES.upstreamError,
          `The ${call.route.owner} service refused (HTTP ${answer.http_status}): ${answer.error.message}`,
          { http_status: answer.http_status, body: { error: answer.error } },
        );
      }
      return { status: 'done' as const, http_status: answer.http_status, result: answer.body };
    },
  });
}

function highRisk<I extends z.ZodObject>(spec: {
  name: McpHighRiskTool;
  title: string;
  description: string;
  input: I;
  destructive: boolean;
}): AnyTool {
  return defineTool({
    name: spec.name,
    title: spec.title,
    description: `${spec.description} HIGH RISK: this only files a confirmation request; nothing happens until a person with analyst or admin rights confirms it in Huntforge (GET /api/mcp/confirmations). Accepting in the MCP client does not confirm it.`,
    input: spec.input,
    output: confirmationRequestedOutputSchema,
    // Filing the request changes nothing; each call files a new one. The hints describe the eventual action.
    annotations: { readOnlyHint: false, destructiveHint: spec.destructive, idempotentHint: false, openWorldHint: false },
    kind: 'high_risk_write',
    minRole: 'analyst',
    async run(args, { deps, caller, setOutcome }: ToolEnv<HighRiskWriteDeps>) {
      const confirmation = await fileConfirmation(deps, { tool: spec.name, args, caller });
      setOutcome('pending_confirmation');
      return {
        status: 'pending_confirmation' as const,
        confirmation,
        message: `Confirmation request ${confirmation.id} is pending until ${confirmation.expires_at}. A person must confirm it at POST ${ROUTE_LINKS.url(mcpRoutes.postMcpConfirmationsConfirm, { params: { id: confirmation.id } })} (or reject it); the action runs only then.`,
      };
    },
  });
}

const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const APPEND: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

export const WRITE_TOOLS: readonly AnyTool[] = [
  lowRisk({
    name: 'submit_chunk_feedback',
    title: 'Submit chunk-classification feedback',
    description: 'Tell the junk filter whether its classification of one article chunk was right (feeds the next retrain).',
    input: submitChunkFeedbackInputSchema,
    annotations: APPEND,
  }),
  lowRisk({
    name: 'add_annotation',
    title: 'Annotate an article',
    description: 'Mark a span of an article (huntable / not_huntable spans must be 950-1050 characters) for training.',
    input: addAnnotationInputSchema,
    annotations: APPEND,
  }),
  lowRisk({
    name: 'add_queue_review_note',
    title: 'Add a review note to a queue rule',
    description: 'Append a review note to a rule in the Sigma review queue.',
    input: addQueueReviewNoteInputSchema,
    annotations: APPEND,
  }),
  lowRisk({
    name: 'trigger_workflow',
    title: 'Trigger the workflow for an article',
    description:
      'Start the analysis pipeline for an article. The trigger rules apply: refused while the article has an active ' +
      'execution, and without force when its hunt score is not above the auto-trigger threshold.',
    input: triggerWorkflowInputSchema,
    annotations: APPEND,
  }),
  lowRisk({
    name: 'scrape_url',
    title: 'Scrape a page into an article',
    description:
      'Fetch one public web page through the ingestion service (private and metadata addresses are refused) and store it ' +
      'as an article, scored and deduplicated like a collected one. Answers the article id, or the known article when the URL is already stored.',
    input: scrapeUrlInputSchema,
    annotations: { ...APPEND, openWorldHint: true },
  }),
  lowRisk({
    name: 'backtest_queue_rule',
    title: 'Backtest a queue rule on uploaded telemetry',
    description:
      'Run a rule of the Sigma review queue over telemetry datasets uploaded at POST /api/telemetry/datasets (JSON Lines, ' +
      "CloudTrail, EVTX), as `huntforge sigma test` runs it (logsource gating, each log's field names). Answers per dataset " +
      'the number of events, the number the rule matched and the first matching events. Nothing is stored.',
    input: backtestQueueRuleInputSchema,
    // A POST to the owning service, but it changes nothing and gives the same answer for the same data.
    annotations: READ_ONLY,
  }),
  highRisk({
    name: 'approve_queue_rule',
    title: 'Approve a queue rule',
    description: 'Approve a rule in the Sigma review queue.',
    input: approveQueueRuleInputSchema,
    destructive: false,
  }),
  highRisk({
    name: 'reject_queue_rule',
    title: 'Reject a queue rule',
    description: 'Reject a rule in the Sigma review queue with a reason.',
    input: rejectQueueRuleInputSchema,
    destructive: true,
  }),
  highRisk({
    name: 'submit_queue_rule',
    title: 'Submit a queue rule',
    description: 'Deliver an approved rule to the rules repository.',
    input: submitQueueRuleInputSchema,
    destructive: false,
  }),
  highRisk({
    name: 'update_workflow_config',
    title: 'Change the workflow configuration',
    description: 'Save a new workflow configuration (PUT /api/workflow/config body), creating a config version.',
    input: updateWorkflowConfigInputSchema,
    destructive: true,
  }),
  highRisk({
    name: 'update_auto_trigger_threshold',
    title: 'Change the auto-trigger threshold',
    description: 'Set auto_trigger_hunt_score_threshold (0-100).',
    input: updateAutoTriggerThresholdInputSchema,
    destructive: true,
  }),
  highRisk({
    name: 'delete_article',
    title: 'Delete an article',
    description: 'Delete an article with its feedback, annotations and chunk results.',
    input: deleteArticleInputSchema,
    destructive: true,
  }),
  highRisk({
    name: 'retrain_model',
    title: 'Retrain the content filter',
    description: 'Retrain the junk-filter model from feedback and annotations (quality gate applies).',
    input: retrainModelInputSchema,
    destructive: true,
  }),
  highRisk({
    name: 'rollback_model',
    title: 'Roll back the content filter',
    description: 'Make a saved content-filter model version live again.',
    input: rollbackModelInputSchema,
    destructive: true,
  }),
];
