import { z } from 'zod';

/** The two classes of the junk filter, exactly as stored and sent (at most 20 characters). */
export const CHUNK_LABELS = ['Huntable', 'Not Huntable'] as const;
export const chunkLabelSchema = z.enum(CHUNK_LABELS).meta({ id: 'ChunkLabel', description: 'Huntable or Not Huntable' });
export type ChunkLabelValue = z.infer<typeof chunkLabelSchema>;

/** JunkFilterThreshold: a chunk is kept when the model says Huntable with at least this confidence. */
export const JUNK_FILTER_THRESHOLD_DEFAULT = 0.8;
export const junkFilterThresholdSchema = z.number().min(0).max(1).meta({ description: 'JunkFilterThreshold, 0-1 (default 0.8)' });

/** The most article text a content-filter request carries; a caller holding more leaves the article to be loaded. */
export const CONTENT_FILTER_TEXT_MAX_CHARS = 2_000_000;
export const contentFilterTextSchema = z.string().min(1).max(CONTENT_FILTER_TEXT_MAX_CHARS);

/** Error codes the content-filter service answers with (besides the platform's validation_error etc.). */
export const CONTENT_FILTER_ERROR_CODES = {
  articleNotFound: 'article_not_found',
  noHuntableContent: 'no_huntable_content',
  modelUnavailable: 'model_unavailable',
  retrainInProgress: 'retrain_in_progress',
  modelVersionNotFound: 'model_version_not_found',
  artifactMissing: 'artifact_missing',
  evalSetMissing: 'eval_set_missing',
  noPredecessor: 'no_predecessor',
} as const;
export type ContentFilterErrorCode = (typeof CONTENT_FILTER_ERROR_CODES)[keyof typeof CONTENT_FILTER_ERROR_CODES];

export const contentFilterArticleParamsSchema = z.object({ article_id: z.coerce.number().int().positive() });

export const featureContributionSchema = z
  .object({
    feature: z.string().meta({ description: 'e.g. word:powershell, signal:registry_paths, keywords:perfect' }),
    contribution: z.number().meta({ description: 'weight x value; positive pushes toward Huntable' }),
  })
  .meta({ id: 'FeatureContribution' });
