import { z } from 'zod';

/**
 * A prompt object as clients send it. `system` and `objective` are accepted aliases of `role` and
 * `task`; `normalizePrompt` folds them. The user-message scaffold (Title/URL/Content headers and the
 * instructions footer) is built at run time and is not part of a prompt.
 */
export const promptInputSchema = z
  .object({
    role: z.string().max(20_000).optional().meta({ description: 'Persona (alias: system)' }),
    system: z.string().max(20_000).optional().meta({ description: 'Alias of role' }),
    task: z.string().max(20_000).optional().meta({ description: 'What the agent does (alias: objective)' }),
    objective: z.string().max(20_000).optional().meta({ description: 'Alias of task' }),
    instructions: z.string().max(50_000).optional().meta({ description: 'Rules, constraints, output format, JSON enforcement' }),
    json_example: z
      .union([z.string().max(50_000), z.record(z.string(), z.unknown())])
      .optional()
      .meta({ description: 'Output schema example' }),
    output_format: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: 'Legacy schema description, used when json_example is absent' }),
  })
  .strict()
  .meta({ id: 'PromptInput' });

export const promptSchema = z
  .object({
    role: z.string(),
    task: z.string(),
    instructions: z.string(),
    json_example: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
    output_format: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'Prompt', description: 'Prompt object: role, task, instructions, json_example, output_format' });

export type PromptInput = z.infer<typeof promptInputSchema>;
export type Prompt = z.infer<typeof promptSchema>;

/** Folds the aliases (system → role, objective → task) and trims; absent text becomes ''. */
export function normalizePrompt(input: PromptInput): Prompt {
  const prompt: Prompt = {
    role: (input.role ?? input.system ?? '').trim(),
    task: (input.task ?? input.objective ?? '').trim(),
    instructions: (input.instructions ?? '').trim(),
  };
  if (input.json_example !== undefined && input.json_example !== '') prompt.json_example = input.json_example;
  if (input.output_format !== undefined) prompt.output_format = input.output_format;
  return prompt;
}

/** A prompt counts as missing when it has no text to send: no role, task or instructions. */
export function isPromptEmpty(prompt: Prompt | null | undefined): boolean {
  return !prompt || (prompt.role === '' && prompt.task === '' && prompt.instructions === '');
}

export const agentNameParamsSchema = z.object({ agent_name: z.string().min(1).max(100) });

export const promptViewSchema = z
  .object({
    agent_name: z.string(),
    prompt: promptSchema.nullable().meta({ description: 'Null when the agent has no prompt (e.g. after a bootstrap that left it out)' }),
    version: z.number().int().nullable(),
    updated_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AgentPromptView' });

export const promptListResponseSchema = z
  .object({
    prompts: z
      .record(z.string(), promptViewSchema)
      .meta({ description: 'Keyed by agent name (the nine v2 agents, then OSDetectionAgent and SigmaRepair)' }),
    config_version: z.number().int().nullable(),
  })
  .meta({ id: 'AgentPromptList' });

export const promptDefaultsResponseSchema = z
  .object({
    agent_name: z.string(),
    prompt: promptSchema.meta({ description: 'The code-default prompt object' }),
    system_prompt: z.string().meta({ description: 'The code-default system prompt (role, task and instructions joined)' }),
    template_file: z
      .string()
      .nullable()
      .meta({ description: 'On-disk user template the runtime falls back to (SigmaAgent: sigma_generate_multi.txt)' }),
    user_template: z.string().nullable(),
  })
  .meta({ id: 'AgentPromptDefaults' });

export const updatePromptRequestSchema = z
  .object({
    agent_name: z.string().min(1).max(100),
    prompt: promptInputSchema,
    change_description: z.string().max(500).optional(),
  })
  .strict()
  .meta({ id: 'UpdatePromptRequest' });

export const promptVersionSchema = z
  .object({
    agent_name: z.string(),
    version: z.number().int(),
    prompt: promptSchema.nullable(),
    config_version: z.number().int().nullable(),
    change_description: z.string().nullable(),
    created_by: z.string().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'AgentPromptVersion' });

export const promptVersionsResponseSchema = z
  .object({ agent_name: z.string(), versions: z.array(promptVersionSchema), current_version: z.number().int().nullable() })
  .meta({ id: 'AgentPromptVersions' });

export const promptByConfigVersionParamsSchema = z.object({
  agent_name: z.string().min(1).max(100),
  config_version: z.coerce.number().int().positive(),
});

export const rollbackPromptRequestSchema = z
  .object({
    version: z.number().int().positive().meta({ description: 'The prompt version to restore (as a new version)' }),
    change_description: z.string().max(500).optional(),
  })
  .strict()
  .meta({ id: 'RollbackPromptRequest' });

export const bootstrapPromptsRequestSchema = z
  .object({
    prompts: z.record(z.string(), promptInputSchema).meta({ description: 'Keyed by agent name; agents left out end up with no prompt' }),
    change_description: z.string().max(500).optional(),
  })
  .strict()
  .meta({ id: 'BootstrapPromptsRequest' });

export const resetPromptsRequestSchema = z
  .object({
    agent_names: z.array(z.string().min(1).max(100)).optional().meta({ description: 'Agents to reset; all nine when omitted' }),
  })
  .strict()
  .meta({ id: 'ResetPromptsRequest' });

export const promptChangeResponseSchema = z
  .object({
    agents: z.array(z.string()).meta({ description: 'Agents whose prompt changed' }),
    config_version: z.number().int().meta({ description: 'The config version the change was saved with' }),
    prompts: z.record(z.string(), promptViewSchema),
  })
  .meta({ id: 'PromptChangeResult' });

export type PromptView = z.infer<typeof promptViewSchema>;
export type PromptListResponse = z.infer<typeof promptListResponseSchema>;
export type PromptDefaultsResponse = z.infer<typeof promptDefaultsResponseSchema>;
export type UpdatePromptRequest = z.infer<typeof updatePromptRequestSchema>;
export type PromptVersionView = z.infer<typeof promptVersionSchema>;
export type PromptVersionsResponse = z.infer<typeof promptVersionsResponseSchema>;
export type RollbackPromptRequest = z.infer<typeof rollbackPromptRequestSchema>;
export type BootstrapPromptsRequest = z.infer<typeof bootstrapPromptsRequestSchema>;
export type ResetPromptsRequest = z.infer<typeof resetPromptsRequestSchema>;
export type PromptChangeResponse = z.infer<typeof promptChangeResponseSchema>;
