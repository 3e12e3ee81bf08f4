import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ANY_PROMPT_AGENT_NAMES,
  normalizePrompt,
  promptInputSchema,
  type AnyPromptAgentName,
  type Prompt,
} from '@huntforge/contracts/workflow';

/** On-disk user templates the runtime falls back to, per agent. */
const USER_TEMPLATES: Partial<Record<AnyPromptAgentName, string>> = { SigmaAgent: 'sigma_generate_multi.txt' };

export interface DefaultPrompts {
  prompt(agent: AnyPromptAgentName): Prompt;
  templateFile(agent: AnyPromptAgentName): string | null;
  userTemplate(agent: AnyPromptAgentName): string | null;
}

/** The committed default prompts (fixtures/prompts/<Agent>.json), read and checked once. */
export function loadDefaultPrompts(fixturesDir: string): DefaultPrompts {
  const dir = join(fixturesDir, 'prompts');
  const prompts = new Map<AnyPromptAgentName, Prompt>();
  for (const agent of ANY_PROMPT_AGENT_NAMES) {
    const file = join(dir, `${agent}.json`);
    const parsed = promptInputSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`default prompt ${file} is invalid: ${parsed.error.issues[0]?.message ?? 'unknown problem'}`);
    prompts.set(agent, normalizePrompt(parsed.data));
  }
  return {
    prompt: (agent) => structuredClone(prompts.get(agent) as Prompt),
    templateFile: (agent) => USER_TEMPLATES[agent] ?? null,
    userTemplate(agent) {
      const name = USER_TEMPLATES[agent];
      if (!name) return null;
      const file = join(dir, name);
      return existsSync(file) ? readFileSync(file, 'utf8') : null;
    },
  };
}

/** The system prompt an agent's prompt object makes: persona, task, rules and the output example. */
export function systemPromptOf(prompt: Prompt): string {
  const example = prompt.json_example ?? prompt.output_format;
  const exampleText = example === undefined ? null : typeof example === 'string' ? example : JSON.stringify(example, null, 2);
  return [
    prompt.role,
    prompt.task ? `Task: ${prompt.task}` : '',
    prompt.instructions ? `Instructions:\n${prompt.instructions}` : '',
    exampleText ? `Output format example:\n${exampleText}` : '',
  ]
    .filter((part) => part.trim() !== '')
    .join('\n\n');
}
