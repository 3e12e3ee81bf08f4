import { readFile } from 'node:fs/promises';
import { load } from 'js-yaml';
import { z } from 'zod';
import { PROTECTED_SOURCE_IDENTIFIERS, SOURCE_KINDS } from '@huntforge/contracts/ingestion';
import type { SourceSeed } from '../../repositories/source-repository';

const entrySchema = z
  .object({
    identifier: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9_.-]{0,99}$/, 'lower-case letters, digits, . _ - (max 100)'),
    name: z.string().trim().min(1),
    url: z.url({ protocol: /^https?$/ }),
    kind: z.enum(SOURCE_KINDS),
    active: z.boolean().default(true),
    check_frequency_seconds: z.number().int().min(60).default(1800),
    lookback_days: z.number().int().min(0).default(180),
    min_content_length: z.number().int().min(0).default(200),
    image_ocr_enabled: z.boolean().nullable().default(null),
    config: z.record(z.string(), z.unknown()).default({}),
    description: z.string().optional(),
  })
  .strict();

const fileSchema = z.object({ sources: z.array(entrySchema).min(1) }).strict();

export class SourcesFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourcesFileError';
  }
}

/** Reads and validates a sources file; the protected eval and manual sources must be in it. */
export async function readSourcesFile(path: string): Promise<SourceSeed[]> {
  let raw: unknown;
  try {
    raw = load(await readFile(path, 'utf8'));
  } catch (error) {
    throw new SourcesFileError(`cannot read sources file ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .slice(0, 10)
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new SourcesFileError(`invalid sources file ${path}: ${problems}`);
  }
  const seen = new Set<string>();
  for (const entry of parsed.data.sources) {
    if (seen.has(entry.identifier)) throw new SourcesFileError(`sources file ${path}: identifier ${entry.identifier} appears twice`);
    seen.add(entry.identifier);
  }
  for (const required of PROTECTED_SOURCE_IDENTIFIERS) {
    if (!seen.has(required)) throw new SourcesFileError(`sources file ${path}: the protected source "${required}" is missing`);
  }
  return parsed.data.sources.map((entry) => ({
    identifier: entry.identifier,
    name: entry.name,
    url: entry.url,
    kind: entry.kind,
    // Protected sources hold articles but are never collected.
    active: (PROTECTED_SOURCE_IDENTIFIERS as readonly string[]).includes(entry.identifier) ? false : entry.active,
    checkFrequencySeconds: entry.check_frequency_seconds,
    lookbackDays: entry.lookback_days,
    minContentLength: entry.min_content_length,
    imageOcrEnabled: entry.image_ocr_enabled,
    config: entry.config,
  }));
}
