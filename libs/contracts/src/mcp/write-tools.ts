import { z } from 'zod';
import { mcpConfirmationSchema } from './confirmations';

const id = z.number().int().positive();

// ───────────── low-risk writes: run at once, audited ─────────────

export const submitChunkFeedbackInputSchema = z.object({
  article_id: id,
  chunk_id: z.number().int().min(0),
  chunk_text: z.string().min(1).max(50_000),
  model_classification: z.enum(['Huntable', 'Not Huntable']),
  model_confidence: z.number().min(0).max(1),
  model_reason: z.string().max(5_000).optional(),
  is_correct: z.boolean(),
  user_classification: z.enum(['Huntable', 'Not Huntable']).optional(),
  comment: z.string().max(5_000).optional(),
});

export const addAnnotationInputSchema = z.object({
  article_id: id,
  annotation_type: z.string().min(1).max(50).describe('huntable or not_huntable for huntability (950-1050 characters), or an observable type'),
  selected_text: z.string().min(1).max(20_000),
  start_position: z.number().int().min(0),
  end_position: z.number().int().min(0),
});

export const addQueueReviewNoteInputSchema = z.object({
  queue_id: id,
  note: z.string().min(1).max(5_000),
});

export const backtestQueueRuleInputSchema = z.object({
  queue_id: id,
  dataset_ids: z.array(id).min(1).max(10).describe('Telemetry datasets (GET /api/telemetry/datasets) to run the rule over'),
  max_examples: z.number().int().min(0).max(20).default(5).describe('Matching events shown per dataset'),
});

export const scrapeUrlInputSchema = z.object({
  url: z.url({ protocol: /^https?$/ }).max(2048).describe('An http(s) page to fetch (public addresses only) and store as an article'),
  force_scrape: z.boolean().default(false).describe('true fetches again and refreshes the article even when its URL is known'),
});

export const triggerWorkflowInputSchema = z.object({
  article_id: id,
  force: z.boolean().default(false).describe('true skips the auto-trigger threshold check (a manual run)'),
});

/** What a low-risk write answers: the owning service's status and body (a refusal is the tool's error result). */
export const writeResultOutputSchema = z.object({
  status: z.literal('done'),
  http_status: z.number().int(),
  result: z.unknown().describe('The owning service\'s answer'),
});

// ───────────── high-risk writes: only a pending confirmation request ─────────────

export const approveQueueRuleInputSchema = z.object({ queue_id: id, comment: z.string().max(5_000).optional() });
export const rejectQueueRuleInputSchema = z.object({ queue_id: id, reason: z.string().min(1).max(5_000) });
export const submitQueueRuleInputSchema = z.object({ queue_id: id });
export const updateWorkflowConfigInputSchema = z.object({
  config: z.record(z.string(), z.unknown()).describe('The PUT /api/workflow/config body (thresholds, agents, prompts flags)'),
});
export const updateAutoTriggerThresholdInputSchema = z.object({
  auto_trigger_hunt_score_threshold: z.number().min(0).max(100),
});
export const deleteArticleInputSchema = z.object({ article_id: id });
export const retrainModelInputSchema = z.object({});
export const rollbackModelInputSchema = z.object({ version_id: id });

export const confirmationRequestedOutputSchema = z.object({
  status: z.literal('pending_confirmation'),
  confirmation: mcpConfirmationSchema,
  message: z.string(),
});
