import { readFileSync } from 'node:fs';
import { modelCapabilitiesFileSchema, type ModelCapabilities } from '@huntforge/contracts/workflow';

export type CapabilitiesMap = ReadonlyMap<string, ModelCapabilities>;

/** Reads the model capabilities file; a malformed file is an error naming the file, not a silent empty map. */
export function loadModelCapabilities(path: string): CapabilitiesMap {
  const raw: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const parsed = modelCapabilitiesFileSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(`model capabilities file ${path} is invalid: ${parsed.error.issues[0]?.message ?? 'unknown problem'}`);
  return new Map(Object.entries(parsed.data.models).map(([id, { notes: _notes, ...caps }]) => [id, caps]));
}

/**
 * Capabilities of `model`: the exact id, else the longest listed id it starts with, so dated snapshots
 * (`gpt-5-mini-2025-08-07`) inherit their family's entry. Undefined when nothing matches.
 */
export function findCapabilities(capabilities: CapabilitiesMap, model: string): ModelCapabilities | undefined {
  const exact = capabilities.get(model);
  if (exact) return exact;
  let best: string | undefined;
  for (const id of capabilities.keys()) {
    if (model.startsWith(`${id}-`) && (!best || id.length > best.length)) best = id;
  }
  return best ? capabilities.get(best) : undefined;
}

/** OpenAI's reasoning families take no temperature/top_p and want max_completion_tokens. */
export function looksLikeReasoningModel(model: string): boolean {
  return /^(o\d|gpt-5|codex-)/i.test(model);
}
