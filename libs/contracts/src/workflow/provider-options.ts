import { z } from 'zod';
import { modelCapabilitiesSchema } from './models';

export const providerOptionsBlockSchema = z
  .object({
    available: z.boolean(),
    reason: z.string().nullable().meta({ description: 'Why the provider is not available (no credential, unreachable, not logged in)' }),
    models: z.array(z.string()),
    model_capabilities: z.record(z.string(), modelCapabilitiesSchema),
    effort_descriptions: z
      .record(z.string(), z.record(z.string(), z.string()))
      .optional()
      .meta({ description: 'codex only: model id → effort level → description, discovered live' }),
  })
  .meta({ id: 'ProviderOptionsBlock' });

export const providerOptionsResponseSchema = z
  .object({
    providers: z.object({
      openai: providerOptionsBlockSchema,
      anthropic: providerOptionsBlockSchema,
      ollama: providerOptionsBlockSchema,
      codex: providerOptionsBlockSchema,
      builtin: providerOptionsBlockSchema,
    }),
    aliases: z.record(z.string(), z.string()).meta({ description: 'The spec’s neutral provider names and the real ones they stand for' }),
  })
  .meta({ id: 'ProviderOptions' });

export type ProviderOptionsBlock = z.infer<typeof providerOptionsBlockSchema>;
export type ProviderOptionsResponse = z.infer<typeof providerOptionsResponseSchema>;
