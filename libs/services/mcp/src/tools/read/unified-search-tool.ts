import type { z } from 'zod';
import { attributionOf } from '../attribution';
import { searchUnifiedInputSchema, searchUnifiedOutputSchema, type unifiedHitSchema } from '@huntforge/contracts/mcp';
import type { McpPorts } from '../../ports';
import { defineTool, READ_ANNOTATIONS, type ToolEnv } from '../tool-definition';

type Hit = z.input<typeof unifiedHitSchema>;

export interface SearchUnifiedDeps {
  articles: Pick<McpPorts['articles'], 'searchText'>;
  sigma: Pick<McpPorts['sigma'], 'searchRulesText'>;
}

/** The usual reciprocal-rank-fusion constant: damps the head of each list so neither source dominates. */
export const RRF_K = 60;

/**
 * Merges ranked lists into one by reciprocal rank fusion: an item at rank r (1-based) of a list scores
 * 1 / (RRF_K + r). Article and rule relevance scores are not comparable (long articles, short rules), ranks are.
 */
export function fuseRankings<T>(lists: T[][], limit: number): Array<{ item: T; score: number }> {
  const fused = lists.flatMap((list) => list.map((item, index) => ({ item, score: 1 / (RRF_K + index + 1), rank: index })));
  return fused
    .sort((a, b) => b.score - a.score || a.rank - b.rank)
    .slice(0, limit)
    .map(({ item, score }) => ({ item, score }));
}

export const searchUnifiedTool = defineTool({
  name: 'search_unified',
  title: 'Search articles and Sigma rules together',
  description:
    'One ranked list over CTI articles and Sigma rules (reference corpus and review queue) for the same words ' +
    '(web-search syntax). Each source is ranked by PostgreSQL full-text relevance and the two rankings are merged by ' +
    'reciprocal rank fusion. Reference rules carry their author and licence attribution. For filters and paging use ' +
    'search_articles or search_sigma_rules.',
  input: searchUnifiedInputSchema,
  output: searchUnifiedOutputSchema,
  annotations: READ_ANNOTATIONS,
  kind: 'read',
  minRole: 'viewer',
  async run(args, { deps }: ToolEnv<SearchUnifiedDeps>) {
    const [articles, rules] = await Promise.all([
      deps.articles.searchText(args.query, { offset: 0, take: args.limit }),
      deps.sigma.searchRulesText(args.query, args.limit),
    ]);
    const articleHits: Hit[] = articles.map((row) => ({
      kind: 'article',
      article_id: row.id,
      rule_id: null,
      queue_id: null,
      title: row.title,
      snippet: row.snippet,
      score: 0,
      attribution: null,
    }));
    const ruleHits: Hit[] = rules.map((row) => ({
      kind: row.kind === 'reference' ? 'reference_rule' : 'queue_rule',
      article_id: null,
      rule_id: row.rule_id,
      queue_id: row.queue_id,
      title: row.title,
      snippet: null,
      score: 0,
      attribution: row.kind === 'reference' ? attributionOf(row) : null,
    }));
    const items = fuseRankings([articleHits, ruleHits], args.limit).map(({ item, score }) => ({ ...item, score }));
    return { items, articles_matched: articles.length, rules_matched: rules.length };
  },
});
