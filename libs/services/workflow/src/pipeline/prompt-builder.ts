import { wrapUntrustedArticle } from '@huntforge/llm';
import type { PipelineArticle } from './ports';

/** The prompt object of the v2 contract (aliases: system → role, objective → task). */
export interface PromptObject {
  role?: string;
  system?: string;
  task?: string;
  objective?: string;
  instructions?: string;
  json_example?: unknown;
  output_format?: unknown;
}

/** The system prompt: persona, task, rules and the expected output shape. Never contains article text. */
export function systemPrompt(prompt: PromptObject): string {
  const example = prompt.json_example ?? prompt.output_format;
  return [
    prompt.role ?? prompt.system,
    prompt.task ?? prompt.objective,
    prompt.instructions,
    example === undefined ? undefined : `Output format example:\n${typeof example === 'string' ? example : JSON.stringify(example, null, 2)}`,
  ]
    .filter((part): part is string => typeof part === 'string' && part.trim().length > 0)
    .join('\n\n');
}

/**
 * The user message scaffold built at run time: Title / URL / Content headers, the article as delimited
 * untrusted data, and the instructions footer.
 */
export function userMessage(article: PipelineArticle, text: string, footer = 'Answer with one JSON object only, following the output format.'): string {
  return [`Title: ${article.title}`, `URL: ${article.url}`, 'Content:', wrapUntrustedArticle(text), '', footer].join('\n');
}
