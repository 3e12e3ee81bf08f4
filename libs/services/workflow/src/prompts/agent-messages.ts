import type { Prompt } from '@huntforge/contracts/workflow';
import { wrapUntrustedArticle, type ChatMessage } from '@huntforge/llm';
import { systemPromptOf } from './default-prompts';

/** Articles longer than this are cut: the useful part of a CTI write-up is rarely past it, and cost grows with it. */
export const MAX_ARTICLE_CHARS = 100_000;

export interface AgentArticle {
  title: string;
  url: string;
  content: string;
}

/**
 * The messages an agent call sends: the prompt object as the system prompt, and a user message built at
 * run time with Title/URL/Content headers, the content fenced as untrusted data, and the footer.
 */
export function buildAgentMessages(prompt: Prompt, article: AgentArticle): { system: string; messages: ChatMessage[] } {
  const content =
    article.content.length > MAX_ARTICLE_CHARS ? `${article.content.slice(0, MAX_ARTICLE_CHARS)}\n[truncated]` : article.content;
  const user = [
    `Title: ${article.title}`,
    `URL: ${article.url}`,
    'Content:',
    wrapUntrustedArticle(content),
    '',
    'Follow your instructions above and answer with the JSON object they describe, nothing else.',
  ].join('\n');
  return { system: systemPromptOf(prompt), messages: [{ role: 'user', content: user }] };
}
