import { z } from 'zod';

const DEFAULT_CONFIRMATION_TTL_MINUTES = 24 * 60;

export const mcpEnvSchema = z.object({
  MCP_CONFIRMATION_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24 * 60)
    .default(DEFAULT_CONFIRMATION_TTL_MINUTES),
  /** Base URL of the public API (the gateway) for writes when no per-service URL is set, e.g. stdio mode. */
  MCP_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The embedder of semantic article search: the same variables ingestion embeds articles with. */
  EMBEDDING_PROVIDER: z.string().trim().optional(),
  EMBEDDING_MODEL: z.string().trim().min(1).optional(),
});

export interface McpConfig {
  confirmationTtlMs: number;
  apiUrl: string | null;
  embeddingProvider?: string;
  embeddingModel?: string;
}

/** The mcp service's own environment variables; a bad value names the variable, never echoes it. */
export function loadMcpConfig(env: Record<string, string | undefined> = process.env): McpConfig {
  const picked = Object.fromEntries(
    Object.keys(mcpEnvSchema.shape).flatMap((key) => {
      const value = env[key]?.trim();
      return value ? [[key, value]] : [];
    }),
  );
  const parsed = mcpEnvSchema.safeParse(picked);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${String(issue.path[0] ?? 'environment')}: ${issue.message}`);
    throw new Error(`Invalid mcp configuration: ${problems.join('; ')}`);
  }
  return {
    confirmationTtlMs: parsed.data.MCP_CONFIRMATION_TTL_MINUTES * 60_000,
    apiUrl: parsed.data.MCP_API_URL ?? null,
    embeddingProvider: parsed.data.EMBEDDING_PROVIDER,
    embeddingModel: parsed.data.EMBEDDING_MODEL,
  };
}
