import { z } from 'zod';

/** Page sizes of the list and search tools. */
export const MCP_PAGE_LIMITS = { defaultLimit: 20, maxLimit: 100 } as const;

export const toolLimitSchema = z
  .number()
  .int()
  .min(1)
  .max(MCP_PAGE_LIMITS.maxLimit)
  .default(MCP_PAGE_LIMITS.defaultLimit)
  .describe(`Items per page (1-${MCP_PAGE_LIMITS.maxLimit}, default ${MCP_PAGE_LIMITS.defaultLimit})`);

export const toolCursorSchema = z
  .string()
  .min(1)
  .max(512)
  .optional()
  .describe("Opaque cursor from the previous answer's next_cursor; omit for the first page");

/** Every paged answer: `truncated` is true when more items exist and `next_cursor` fetches them. */
export const pageInfoShape = {
  next_cursor: z.string().nullable().describe('Pass as cursor to get the next page; null on the last page'),
  truncated: z.boolean().describe('true when this answer does not hold every matching item'),
};

export const DRL_LICENSE_NAME = 'Detection Rule License (DRL) 1.1';
export const DRL_LICENSE_URL = 'https://github.com/SigmaHQ/Detection-Rule-License';

/** Who wrote a reference Sigma rule and under which licence it may be used; on every reference rule a tool returns. */
export const sigmaAttributionSchema = z.object({
  author: z.string().nullable().describe('The rule author as written in the rule'),
  license: z.string().describe('Licence identifier, e.g. DRL-1.1'),
  license_name: z.string().describe('e.g. Detection Rule License (DRL) 1.1'),
  license_url: z.string().nullable(),
  notice: z.string().describe('Attribution text to keep with any reuse of the rule'),
});
export type SigmaAttribution = z.infer<typeof sigmaAttributionSchema>;

export const toolAnnotationsSchema = z.object({
  readOnlyHint: z.boolean(),
  destructiveHint: z.boolean(),
  idempotentHint: z.boolean(),
  openWorldHint: z.boolean(),
});
