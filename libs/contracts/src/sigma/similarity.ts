import { z } from 'zod';
import { busReplyErrorSchema } from '../messages/bus-reply';

/** Who wrote a compared rule and under which licence; SigmaHQ rules are DRL 1.1 and always shown with it. */
export const ruleAttributionSchema = z
  .object({
    rule_id: z.string(),
    title: z.string(),
    author: z.string().nullable(),
    license: z.string().meta({ example: 'DRL-1.1' }),
    path: z.string().nullable(),
    origin: z.string().meta({ description: 'sigmahq | customer | a corpus directory' }),
  })
  .meta({ id: 'SigmaRuleAttribution' });

export const similarityMatchSchema = z
  .object({
    score: z.number().min(0).max(1),
    jaccard: z.number(),
    containment: z.number(),
    filter_penalty: z.number(),
    shared_atoms: z.array(z.string()),
    only_in_a: z.array(z.string()).meta({ description: 'Atoms only in the queried rule' }),
    only_in_b: z.array(z.string()).meta({ description: 'Atoms only in the matched rule' }),
    inconclusive: z.boolean(),
    attribution: ruleAttributionSchema,
  })
  .meta({ id: 'SigmaSimilarityMatch' });

export const similaritySearchRequestSchema = z
  .object({
    rule_yaml: z.string().min(1).max(200_000),
    top: z.number().int().min(1).max(50).default(10),
  })
  .meta({ id: 'SigmaSimilaritySearchRequest' });

export const similaritySearchResponseSchema = z
  .object({
    telemetry_class: z.string(),
    matches: z.array(similarityMatchSchema),
    max_similarity: z.number().min(0).max(1),
    inconclusive: z.boolean().meta({ description: 'The condition passed the DNF cap (64 branches) or the rule has no positive atoms' }),
    corpus_size: z.number().int().nonnegative(),
  })
  .meta({ id: 'SigmaSimilaritySearchResponse' });

/** Bus request/reply `sigma.similarity.search`: same shapes as POST /api/sigma/similar. */
export const sigmaSimilarityBusRequestSchema = similaritySearchRequestSchema;
export const sigmaSimilarityBusResponseSchema = z.union([
  similaritySearchResponseSchema.extend({ ok: z.literal(true) }),
  busReplyErrorSchema,
]);

export type RuleAttributionBody = z.infer<typeof ruleAttributionSchema>;
export type SimilarityMatchBody = z.infer<typeof similarityMatchSchema>;
export type SimilaritySearchRequest = z.infer<typeof similaritySearchRequestSchema>;
export type SimilaritySearchResponse = z.infer<typeof similaritySearchResponseSchema>;
export type SigmaSimilarityBusResponse = z.infer<typeof sigmaSimilarityBusResponseSchema>;
