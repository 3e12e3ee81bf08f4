import { z } from 'zod';

/** What a model accepts, from the capabilities file (or discovered live for codex). */
export const modelCapabilitiesSchema = z
  .object({
    supports_temperature: z.boolean(),
    supports_top_p: z.boolean(),
    effort_levels: z.array(z.string()).meta({ description: 'Allowed {Agent}_effort values; empty when the model takes none' }),
    default_effort: z.string().nullable(),
    source: z.string().meta({ description: 'Where the entry comes from: capabilities_file, codex_live, ...' }),
  })
  .meta({ id: 'ModelCapabilities' });

export type ModelCapabilities = z.infer<typeof modelCapabilitiesSchema>;

/** fixtures/models/model-capabilities.json: model id → capabilities (source defaults to the file). */
export const modelCapabilitiesFileSchema = z.object({
  description: z.string().optional(),
  models: z.record(
    z.string(),
    modelCapabilitiesSchema.extend({ source: z.string().default('capabilities_file'), notes: z.string().optional() }),
  ),
});
export type ModelCapabilitiesFile = z.infer<typeof modelCapabilitiesFileSchema>;

export const catalogProviderEntrySchema = z.object({
  models: z.array(z.string()),
  fetched_at: z.iso.datetime().nullable(),
  /** Set when the last refresh failed and the list shown is the previous one. */
  last_error: z.string().nullable().optional(),
});

/** The model catalog file: which model ids each hosted provider lists. */
export const modelCatalogFileSchema = z.object({
  updated_at: z.iso.datetime().nullable(),
  providers: z.object({
    openai: catalogProviderEntrySchema,
    anthropic: catalogProviderEntrySchema,
  }),
});
export type ModelCatalogFile = z.infer<typeof modelCatalogFileSchema>;
export type CatalogProviderEntry = z.infer<typeof catalogProviderEntrySchema>;

/** The run detail of the update_provider_model_catalogs job. */
export const catalogUpdateResultSchema = z.object({
  providers: z.record(
    z.string(),
    z.object({ status: z.enum(['updated', 'kept_previous', 'skipped']), models: z.number().int(), reason: z.string().nullable() }),
  ),
  warning: z.string().nullable(),
  unclassified_models: z.array(z.string()),
  catalog_path: z.string(),
});
export type CatalogUpdateResult = z.infer<typeof catalogUpdateResultSchema>;
