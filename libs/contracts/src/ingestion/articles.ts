import { z } from 'zod';
import { pageQuerySchema, pagedResponseSchema } from '../http/pagination';

export const ARTICLE_LIST_LIMITS = { defaultLimit: 50, maxLimit: 200 } as const;
export const ARTICLE_SORT_FIELDS = ['published_at', 'collected_at', 'hunt_score', 'title', 'id'] as const;
/** A cursor carries one sort value (at longest a title of 1,000 characters, 4 bytes each), its id and page, base64url-encoded. */
export const ARTICLE_CURSOR_MAX_LENGTH = 8_000;

export const HUNT_TIER_NAMES = ['perfect', 'good', 'lolbas', 'intelligence', 'negative'] as const;

const optionalDate = z.iso.datetime({ offset: true }).or(z.iso.date()).optional();

export const listArticlesQuerySchema = pageQuerySchema(ARTICLE_LIST_LIMITS)
  .extend({
    source: z.string().min(1).optional().meta({ description: 'Source id or identifier' }),
    exclude_source: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'Leave out a source (id or identifier), e.g. `eval`, the seeded evaluation snapshots' }),
    min_hunt_score: z.coerce.number().min(0).max(100).optional(),
    max_hunt_score: z.coerce.number().min(0).max(100).optional(),
    q: z.string().trim().min(1).max(500).optional().meta({ description: 'Case-insensitive text search in title and content' }),
    published_after: optionalDate.meta({ description: 'Inclusive; ISO date or date-time' }),
    published_before: optionalDate.meta({ description: 'Inclusive; ISO date or date-time' }),
    include_duplicates: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
    sort_by: z.enum(ARTICLE_SORT_FIELDS).default('collected_at'),
    sort_order: z.enum(['asc', 'desc']).default('desc'),
    cursor: z
      .string()
      .min(1)
      .max(ARTICLE_CURSOR_MAX_LENGTH)
      .optional()
      .meta({
        description:
          'next_cursor of the previous page: the page after it, read along the sort from where that page ended (keyset), ' +
          'as fast at the 2,000th page as at the first. page is then ignored; the filters, sort and limit must be the ones the cursor came with (otherwise 400 invalid_cursor).',
      }),
  })
  .refine(
    (query) => query.min_hunt_score === undefined || query.max_hunt_score === undefined || query.min_hunt_score <= query.max_hunt_score,
    {
      message: 'min_hunt_score must not exceed max_hunt_score',
      path: ['min_hunt_score'],
    },
  );

export const articleIdParamsSchema = z.object({ article_id: z.coerce.number().int().positive() });

export const huntScoreBreakdownSchema = z
  .object({
    score: z.number(),
    tiers: z.record(z.enum(HUNT_TIER_NAMES), z.object({ matched: z.array(z.string()), points: z.number() })),
  })
  .meta({ id: 'HuntScoreBreakdown' });

export const articleSummarySchema = z
  .object({
    id: z.number().int().positive(),
    source_id: z.number().int().positive(),
    source: z.string().meta({ description: 'Source identifier' }),
    title: z.string(),
    url: z.string(),
    canonical_url: z.string(),
    published_at: z.iso.datetime().nullable(),
    collected_at: z.iso.datetime(),
    hunt_score: z.number(),
    duplicate_of: z.number().int().positive().nullable().meta({ description: 'Near-duplicate (SimHash) of this article' }),
    content_length: z.number().int().nonnegative(),
    embedded: z.boolean(),
  })
  .meta({ id: 'ArticleSummary' });

export const articleDetailSchema = articleSummarySchema
  .extend({
    content: z.string(),
    hunt_score_breakdown: huntScoreBreakdownSchema,
    near_duplicates: z.array(z.number().int().positive()).meta({ description: 'Articles marked duplicate_of this one' }),
    annotation_count: z.number().int().nonnegative(),
    metadata: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'ArticleDetail' });

/** A text search (`q`) counts its matches up to this many; past it the total is this and `total_exact` is false. */
export const TEXT_SEARCH_COUNT_CAP = 1_000;

export const listArticlesResponseSchema = pagedResponseSchema('articles', articleSummarySchema)
  .extend({
    next_cursor: z.string().nullable().meta({
      description: 'Pass as cursor to read the next page along the same sort (keyset pagination); null on the last page',
    }),
    total_exact: z.boolean().meta({
      description: `false when a text search (q) matched more than ${TEXT_SEARCH_COUNT_CAP.toLocaleString('en')} articles: total is then ${TEXT_SEARCH_COUNT_CAP.toLocaleString('en')} and total_pages stops there (narrow the search to see the rest)`,
    }),
  })
  .meta({ id: 'ArticleList' });

export const similarArticlesQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });

export const similarArticlesResponseSchema = z
  .object({
    article_id: z.number().int().positive(),
    method: z.enum(['embedding', 'none']).meta({ description: 'none when the article has no embedding yet' }),
    embedder: z.string().nullable(),
    similar: z.array(articleSummarySchema.extend({ similarity: z.number() })),
    near_duplicates: z.array(articleSummarySchema.extend({ hamming_distance: z.number().int() })),
  })
  .meta({ id: 'SimilarArticles' });

export const deleteArticleResponseSchema = z
  .object({
    deleted: z.literal(true),
    article_id: z.number().int().positive(),
    removed: z.object({
      annotations: z.number().int().nonnegative(),
      chunk_feedback: z.number().int().nonnegative(),
      chunk_analyses: z.number().int().nonnegative(),
      chunk_debug_progress: z.number().int().nonnegative(),
      workflow_executions: z.number().int().nonnegative(),
    }),
    unlinked: z
      .object({
        sigma_queue_items: z.number().int().nonnegative(),
        evaluation_records: z.number().int().nonnegative(),
        near_duplicates: z.number().int().nonnegative(),
      })
      .meta({ description: 'Rows kept but no longer pointing at the article' }),
  })
  .meta({ id: 'DeleteArticleResponse' });

export const scrapeUrlRequestSchema = z
  .object({
    url: z.string().meta({ example: 'https://example.com/blog/threat-report' }),
    force_scrape: z.boolean().default(false).meta({ description: 'Fetch again and refresh the article even when its URL is known' }),
    title: z.string().trim().min(1).max(500).optional().meta({ description: 'Overrides the extracted title' }),
  })
  .meta({ id: 'ScrapeUrlRequest' });

export const scrapeUrlResponseSchema = z
  .object({
    article_id: z.number().int().positive(),
    duplicate: z.boolean().meta({ description: 'True when the URL or the exact content was already stored' }),
    duplicate_reason: z.enum(['canonical_url', 'content_hash']).nullable(),
    duplicate_of: z.number().int().positive().nullable().meta({ description: 'Near-duplicate link when the new article resembles one' }),
    hunt_score: z.number(),
    title: z.string(),
  })
  .meta({ id: 'ScrapeUrlResponse' });

export type ListArticlesQuery = z.infer<typeof listArticlesQuerySchema>;
export type ArticleSummary = z.infer<typeof articleSummarySchema>;
export type ArticleDetail = z.infer<typeof articleDetailSchema>;
export type ListArticlesResponse = z.infer<typeof listArticlesResponseSchema>;
export type SimilarArticlesResponse = z.infer<typeof similarArticlesResponseSchema>;
export type DeleteArticleResponse = z.infer<typeof deleteArticleResponseSchema>;
export type ScrapeUrlRequest = z.infer<typeof scrapeUrlRequestSchema>;
export type ScrapeUrlResponse = z.infer<typeof scrapeUrlResponseSchema>;
