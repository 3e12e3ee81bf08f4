import { EVAL_SUBAGENT_AGENTS, type EvalArticlesResponse, type SubagentQuery } from '@huntforge/contracts/workflow';
import type { EvalSet } from '@huntforge/observables';

export interface ListEvalArticlesDeps {
  evalSet(): EvalSet;
  articleIdsByUrl(urls: string[]): Promise<Map<string, number>>;
}

/** The eval articles of a subagent with their ground truth, and the id of each one ingestion has seeded. */
export async function listEvalArticles(deps: ListEvalArticlesDeps, command: SubagentQuery): Promise<EvalArticlesResponse> {
  const articles = deps.evalSet().bySubagent[command.subagent];
  const ids = await deps.articleIdsByUrl(articles.map((article) => article.url));
  return {
    subagent: command.subagent,
    agent: EVAL_SUBAGENT_AGENTS[command.subagent],
    total: articles.length,
    articles: articles.map((article) => ({
      url: article.url,
      title: article.title,
      fixture: article.fixture,
      article_id: ids.get(article.url) ?? null,
      expected_count: article.expectedCount,
      expected_items: article.expected.required,
      optional_items: article.expected.optional,
    })),
  };
}
