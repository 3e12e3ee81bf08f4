import { z } from 'zod';
import { sigmaFindingSchema } from '../sigma/findings';
import { pageInfoShape, sigmaAttributionSchema, toolCursorSchema, toolLimitSchema } from './common';
import { confirmationStatusSchema, mcpConfirmationSchema } from './confirmations';
import { executionSummaryItemSchema } from './read-tools';
import { convertedTargetSchema, convertTargetSchema } from '../sigma/convert';

/* Inputs and outputs of the tools an agent uses to follow its own work: its requests, rule validation,
 * an article's matched keywords, one search over articles and rules, and waiting on an execution. */

const id = z.number().int().positive();

// ───────────── the agent's own requests ─────────────

export const myRequestsInputSchema = z.object({
  status: confirmationStatusSchema.optional().describe('Only requests in this state (pending, confirmed, rejected, expired, failed)'),
  limit: toolLimitSchema,
  cursor: toolCursorSchema,
});

export const myRequestsOutputSchema = z.object({
  items: z.array(mcpConfirmationSchema).describe('The high-risk requests this caller filed, newest first, with their decision and result'),
  ...pageInfoShape,
});

// ───────────── Sigma validation ─────────────

export const validateSigmaRuleToolInputSchema = z.object({
  yaml: z.string().min(1).max(200_000).describe('The Sigma rule (one or more YAML documents)'),
});

export const validateSigmaRuleToolOutputSchema = z.object({
  valid: z.boolean().describe('false when any finding is an error'),
  findings: z.array(sigmaFindingSchema),
});

// ───────────── Sigma conversion ─────────────

export const convertSigmaRuleToolInputSchema = z.object({
  yaml: z.string().min(1).max(200_000).describe('The Sigma rule (one or more YAML documents; a correlation with the rules it references)'),
  targets: z
    .array(z.object(convertTargetSchema.shape))
    .min(1)
    .max(12)
    .optional()
    .describe(
      "Targets (splunk, splunk_spl2, lucene, eql, esql, elastalert, kusto) with optional pipelines and output format; omitted: the team's SIGMA_CONVERT_TARGETS",
    ),
});

// Plain objects (no schema ids): a tool's output schema must be an inline object schema.
export const convertSigmaRuleToolOutputSchema = z.object({ results: z.array(z.object(convertedTargetSchema.shape)) });

// ───────────── an article's matched keywords ─────────────

export const ARTICLE_KEYWORD_LIMITS = { defaultPositions: 10, maxPositions: 100, defaultContext: 60, maxContext: 300 } as const;

export const articleKeywordsInputSchema = z.object({
  article_id: id,
  keyword: z.string().min(1).max(200).optional().describe('Only this matched keyword (case-insensitive)'),
  max_positions: z
    .number()
    .int()
    .min(1)
    .max(ARTICLE_KEYWORD_LIMITS.maxPositions)
    .default(ARTICLE_KEYWORD_LIMITS.defaultPositions)
    .describe('Positions listed per keyword (the count is always complete)'),
  context_chars: z
    .number()
    .int()
    .min(0)
    .max(ARTICLE_KEYWORD_LIMITS.maxContext)
    .default(ARTICLE_KEYWORD_LIMITS.defaultContext)
    .describe('Characters of article text on each side of a match in its snippet'),
});

export const keywordOccurrenceSchema = z.object({
  start: z.number().int().describe('Offset of the match in the article content (characters)'),
  end: z.number().int(),
  snippet: z.string().describe('The match with its surroundings (untrusted article text)'),
});

export const articleKeywordsOutputSchema = z.object({
  article_id: z.number().int(),
  hunt_score: z.number(),
  keywords: z.array(
    z.object({
      tier: z.string().describe('The hunt-score keyword tier the match counted in (e.g. perfect, good, lolbas)'),
      keyword: z.string(),
      count: z.number().int().describe('Occurrences in the content (case-insensitive)'),
      positions: z.array(keywordOccurrenceSchema),
      positions_truncated: z.boolean(),
    }),
  ),
});

// ───────────── one search over articles and rules ─────────────

export const UNIFIED_SEARCH_MAX = 50;

export const searchUnifiedInputSchema = z.object({
  query: z.string().min(1).max(500).describe('Words to look for (web-search syntax: "quoted phrases", -excluded, OR)'),
  limit: z.number().int().min(1).max(UNIFIED_SEARCH_MAX).default(20).describe(`Items in the one ranked list (1-${UNIFIED_SEARCH_MAX})`),
});

export const unifiedHitSchema = z.object({
  kind: z.enum(['article', 'reference_rule', 'queue_rule']),
  article_id: z.number().int().nullable(),
  rule_id: z.string().nullable().describe('Reference rule id (get_sigma_rule rule_id)'),
  queue_id: z.number().int().nullable().describe('Review-queue id (get_sigma_rule queue_id)'),
  title: z.string(),
  snippet: z.string().nullable().describe('Articles: the matching passage (untrusted text)'),
  score: z.number().describe('Fused rank score (reciprocal rank fusion of the article and rule rankings); higher is better'),
  attribution: sigmaAttributionSchema.nullable().describe('Reference rules: author and licence, to keep with any reuse'),
});

export const searchUnifiedOutputSchema = z.object({
  items: z.array(unifiedHitSchema),
  articles_matched: z.number().int().describe('Article hits considered (at most limit)'),
  rules_matched: z.number().int().describe('Rule hits considered (at most limit)'),
});

// ───────────── waiting on a workflow execution ─────────────

export const WAIT_FOR_EXECUTION_LIMITS = { defaultSeconds: 60, maxSeconds: 300 } as const;

export const waitForExecutionInputSchema = z.object({
  execution_id: id,
  timeout_seconds: z
    .number()
    .int()
    .min(1)
    .max(WAIT_FOR_EXECUTION_LIMITS.maxSeconds)
    .default(WAIT_FOR_EXECUTION_LIMITS.defaultSeconds)
    .describe('Stop waiting after this long and answer with the current state (finished: false)'),
});

export const waitForExecutionOutputSchema = z.object({
  finished: z.boolean().describe('true when the execution reached completed, failed or cancelled'),
  execution: executionSummaryItemSchema,
  stages_done: z.number().int().describe('Stages recorded as completed, failed or skipped'),
});
