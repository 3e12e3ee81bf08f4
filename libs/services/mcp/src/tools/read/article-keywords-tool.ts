import { MCP_ERROR_CODES, articleKeywordsInputSchema, articleKeywordsOutputSchema } from '@huntforge/contracts/mcp';
import { escapeRegex } from '@huntforge/sigma';
import { ToolError } from '../../errors/tool-error';
import type { McpPorts } from '../../ports';
import { defineTool, READ_ANNOTATIONS, type ToolEnv } from '../tool-definition';

export interface ArticleKeywordsDeps {
  articles: Pick<McpPorts['articles'], 'findKeywordMatches'>;
}

export interface KeywordOccurrences {
  count: number;
  positions: Array<{ start: number; end: number; snippet: string }>;
}

/** Where `keyword` occurs in `content` (case-insensitive), every one counted, the first `maxPositions` located. */
export function keywordOccurrences(content: string, keyword: string, maxPositions: number, contextChars: number): KeywordOccurrences {
  const positions: KeywordOccurrences['positions'] = [];
  let count = 0;
  for (const match of content.matchAll(new RegExp(escapeRegex(keyword), 'giu'))) {
    count++;
    if (positions.length >= maxPositions) continue;
    const start = match.index;
    const end = start + match[0].length;
    const before = Math.max(0, start - contextChars);
    const after = Math.min(content.length, end + contextChars);
    positions.push({ start, end, snippet: `${before > 0 ? '…' : ''}${content.slice(before, after)}${after < content.length ? '…' : ''}` });
  }
  return { count, positions };
}

/** The stored matches per tier (ingestion's hunt scoring writes `{tier: [keyword, ...]}`). */
function matchedKeywords(stored: unknown): Array<{ tier: string; keyword: string }> {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return [];
  return Object.entries(stored as Record<string, unknown>).flatMap(([tier, list]) =>
    Array.isArray(list)
      ? list.filter((keyword): keyword is string => typeof keyword === 'string' && keyword !== '').map((keyword) => ({ tier, keyword }))
      : [],
  );
}

export const articleKeywordsTool = defineTool({
  name: 'article_keywords',
  title: 'Matched hunt-score keywords of an article',
  description:
    'The keywords the hunt score matched in an article, per tier, each with how often it occurs and where: character ' +
    'offsets in the content and a snippet around each match (untrusted article text). Use keyword to look at one.',
  input: articleKeywordsInputSchema,
  output: articleKeywordsOutputSchema,
  annotations: READ_ANNOTATIONS,
  kind: 'read',
  minRole: 'viewer',
  async run(args, { deps }: ToolEnv<ArticleKeywordsDeps>) {
    const article = await deps.articles.findKeywordMatches(args.article_id);
    if (!article) throw new ToolError(MCP_ERROR_CODES.notFound, `No article ${args.article_id}`);
    const wanted = args.keyword?.toLowerCase();
    const keywords = matchedKeywords(article.keywordMatches)
      .filter(({ keyword }) => wanted === undefined || keyword.toLowerCase() === wanted)
      .map(({ tier, keyword }) => {
        const found = keywordOccurrences(article.content, keyword, args.max_positions, args.context_chars);
        return { tier, keyword, count: found.count, positions: found.positions, positions_truncated: found.count > found.positions.length };
      });
    return { article_id: article.id, hunt_score: article.huntScore, keywords };
  },
});
