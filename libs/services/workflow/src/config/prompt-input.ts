import { normalizePrompt, promptInputSchema, type Prompt, type PromptInput } from '@huntforge/contracts/workflow';
import { HttpError, validationDetails } from '@huntforge/platform';
import { unknownAgentError } from './unknown-agent';

/** Checks agent names against `allowed` (unknown_agent otherwise) and normalises the prompts (aliases folded). */
export function normalisePrompts(
  raw: Record<string, PromptInput | unknown>,
  allowed: readonly string[],
  where = 'body.agent_prompts',
): Record<string, Prompt> {
  const unknown = Object.keys(raw).filter((agent) => !allowed.includes(agent));
  if (unknown.length > 0) throw unknownAgentError(unknown, allowed);
  const prompts: Record<string, Prompt> = {};
  for (const [agent, value] of Object.entries(raw)) {
    const parsed = promptInputSchema.safeParse(value);
    if (!parsed.success) {
      throw new HttpError(
        400,
        'validation_error',
        `Invalid prompt for ${agent}`,
        validationDetails(parsed.error).map((issue) => ({ ...issue, path: `${where}.${agent}.${issue.path}` })),
      );
    }
    prompts[agent] = normalizePrompt(parsed.data);
  }
  return prompts;
}
