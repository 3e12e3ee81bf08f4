import { createBuiltinEmbedder } from './builtin-embedder';
import type { Embedder } from './embedder';
import { createOllamaEmbedder } from './ollama-embedder';
import { createOpenAiEmbedder } from './openai-embedder';
import type { OutboundGuardOptions } from '../outbound/outbound-guard';

export type EmbeddingProvider = 'builtin' | 'openai' | 'ollama';

/** Neutral spellings of the spec (provider_a = OpenAI, provider_local = Ollama) are accepted too. */
export function parseEmbeddingProvider(value: string | undefined): EmbeddingProvider | undefined {
  const normalized = (value ?? '').trim().toLowerCase();
  if (normalized === '' || normalized === 'builtin') return 'builtin';
  if (normalized === 'openai' || normalized === 'provider_a') return 'openai';
  if (normalized === 'ollama' || normalized === 'provider_local') return 'ollama';
  return undefined;
}

export interface EmbedderConfig {
  provider: EmbeddingProvider;
  model?: string;
  openAiApiKey?: string;
  openAiBaseUrl?: string;
  ollamaHost?: string;
  /** The call-time check of the base URL's addresses (default policy from process.env). */
  guard?: OutboundGuardOptions;
}

export class EmbedderConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbedderConfigError';
  }
}

export function createEmbedder(config: EmbedderConfig): Embedder {
  switch (config.provider) {
    case 'builtin':
      return createBuiltinEmbedder();
    case 'openai':
      if (!config.openAiApiKey) throw new EmbedderConfigError('the openai embedder needs OPENAI_API_KEY');
      return createOpenAiEmbedder({ apiKey: config.openAiApiKey, model: config.model, baseUrl: config.openAiBaseUrl, guard: config.guard });
    case 'ollama':
      if (!config.ollamaHost) throw new EmbedderConfigError('the ollama embedder needs OLLAMA_HOST');
      return createOllamaEmbedder({ host: config.ollamaHost, model: config.model, guard: config.guard });
  }
}
