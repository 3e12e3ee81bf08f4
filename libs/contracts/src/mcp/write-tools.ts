import { z } from 'zod';
import { createChunkFeedbackRequestSchema } from '../content-filter/feedback';
import { createAnnotationRequestSchema } from '../ingestion/annotations';
import { scrapeUrlRequestSchema } from '../ingestion/articles';
import { approveRequestSchema, rejectRequestSchema, reviewNoteRequestSchema } from '../sigma/queue';
import { backtestRequestSchema } from '../telemetry/datasets';
import { autoTriggerThresholdRequestSchema } from '../workflow/config';
import { mcpConfirmationSchema } from './confirmations';

// Each write tool runs one public route (libs/services/mcp/src/actions/action-table.ts), so its arguments are
// that route's body fields, taken from the route's own schemas: the limits cannot drift apart. Path parameters
// are JSON numbers here (the route's are text from the URL).
const id = z.number().int().positive();

// ───────────── low-risk writes: run at once, audited ─────────────

/** POST /api/feedback/chunk-classification. */
export const submitChunkFeedbackInputSchema = z.object({ ...createChunkFeedbackRequestSchema.shape });

/** POST /api/articles/{article_id}/annotations. */
export const addAnnotationInputSchema = z
  .object({
    article_id: id,
    ...createAnnotationRequestSchema.shape,
    annotation_type: createAnnotationRequestSchema.shape.annotation_type.describe(
      'huntable or not_huntable for huntability (950-1050 characters), or an observable type',
    ),
  })
  .refine((args) => args.end_position > args.start_position, {
    message: 'end_position must be after start_position',
    path: ['end_position'],
  });

/** POST /api/sigma-queue/{queue_id}/review-notes. */
export const addQueueReviewNoteInputSchema = z.object({ queue_id: id, note: reviewNoteRequestSchema.shape.note });

/** POST /api/sigma-queue/{queue_id}/backtest. */
export const backtestQueueRuleInputSchema = z.object({
  queue_id: id,
  ...backtestRequestSchema.shape,
  dataset_ids: backtestRequestSchema.shape.dataset_ids.describe('Telemetry datasets (GET /api/telemetry/datasets) to run the rule over'),
});

/** POST /api/scrape-url (the ingestion service refuses URLs that are not public http(s) pages). */
export const scrapeUrlInputSchema = z.object({
  ...scrapeUrlRequestSchema.shape,
  url: scrapeUrlRequestSchema.shape.url.describe('An http(s) page to fetch (public addresses only) and store as an article'),
});

/** POST /api/workflow/articles/{article_id}/trigger?force= (a JSON boolean here, the query's flag there). */
export const triggerWorkflowInputSchema = z.object({
  article_id: id,
  force: z.boolean().default(false).describe('true skips the auto-trigger threshold check (a manual run)'),
});

/** What a low-risk write answers: the owning service's status and body (a refusal is the tool's error result). */
export const writeResultOutputSchema = z.object({
  status: z.literal('done'),
  http_status: z.number().int(),
  result: z.unknown().describe("The owning service's answer"),
});

// ───────────── high-risk writes: only a pending confirmation request ─────────────

/** POST /api/sigma-queue/{queue_id}/approve; the comment is the approval's note. */
export const approveQueueRuleInputSchema = z.object({ queue_id: id, comment: approveRequestSchema.shape.note });
/** POST /api/sigma-queue/{queue_id}/reject. */
export const rejectQueueRuleInputSchema = z.object({ queue_id: id, reason: rejectRequestSchema.shape.reason });
/** POST /api/sigma-queue/{queue_id}/submit. */
export const submitQueueRuleInputSchema = z.object({ queue_id: id });
/** PUT /api/workflow/config: checked against that route's body schema when the request is filed (a stable code names the fields). */
export const updateWorkflowConfigInputSchema = z.object({
  config: z.record(z.string(), z.unknown()).describe('The PUT /api/workflow/config body (thresholds, agents, prompts flags)'),
});
/** PATCH /api/workflow/config/auto-trigger-threshold. */
export const updateAutoTriggerThresholdInputSchema = z.object({ ...autoTriggerThresholdRequestSchema.shape });
export const deleteArticleInputSchema = z.object({ article_id: id });
export const retrainModelInputSchema = z.object({});
export const rollbackModelInputSchema = z.object({ version_id: id });

export const confirmationRequestedOutputSchema = z.object({
  status: z.literal('pending_confirmation'),
  confirmation: mcpConfirmationSchema,
  message: z.string(),
});
