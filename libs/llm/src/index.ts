// Model providers (openai, anthropic, ollama, codex, builtin), capabilities, structured output; embedders.
export {
  BUILTIN_EMBEDDER_ID,
  checkVectors,
  cosineSimilarity,
  createBuiltinEmbedder,
  createEmbedder,
  createOllamaEmbedder,
  createOpenAiEmbedder,
  DEFAULT_OLLAMA_EMBEDDING_MODEL,
  DEFAULT_OPENAI_EMBEDDING_MODEL,
  type Embedder,
  type EmbedderConfig,
  EmbedderConfigError,
  EMBEDDING_DIMENSIONS,
  EmbeddingError,
  type EmbeddingProvider,
  embedText,
  l2Normalize,
  type OllamaEmbedderOptions,
  type OpenAiEmbedderOptions,
  parseEmbeddingProvider,
} from './embeddings';

export type { ChatMessage, CompletionRequest, CompletionResult, CompletionUsage, LlmProvider } from './types';
export { LlmError, isLlmError, type LlmErrorCode } from './errors';
export { baseUrlPolicyFor, guardedFetchFor, type OutboundGuardOptions } from './outbound/outbound-guard';
export { DEFAULT_RETRY_POLICY, retryAfterMs, type RetryPolicy } from './call-control';
export { parseStructuredOutput, tryParseStructuredOutput, type StructuredOutputResult } from './structured-output';
export { wrapUntrustedArticle, UNTRUSTED_MARKERS } from './untrusted-article';
export { createOpenAiProvider, openAiChatBody, type OpenAiProviderOptions } from './providers/openai-provider';
export { createAnthropicProvider, type AnthropicProviderOptions } from './providers/anthropic-provider';
export { createOllamaProvider, type OllamaProviderOptions } from './providers/ollama-provider';
export { createCodexProvider, type CodexProviderOptions } from './providers/codex-provider';
export {
  discoverCodex,
  type CodexAccount,
  type CodexDiscovery,
  type CodexEffortOption,
  type CodexModelInfo,
  type CodexProcessOptions,
} from './providers/codex-app-server';
export { createBuiltinProvider } from './providers/builtin-provider';
export {
  createProviderFromSettings,
  OLLAMA_DEFAULT_HOST,
  PROVIDER_SETTING_KEYS,
  type ProviderFactoryOptions,
  type SettingsSource,
} from './providers/create-provider';
export { loadModelCapabilities, findCapabilities, looksLikeReasoningModel, type CapabilitiesMap } from './models/capabilities';
export { readModelCatalog, writeModelCatalog, emptyModelCatalog, catalogProvidersOf } from './models/catalog';
export { listOpenAiModels, listAnthropicModels, listOllamaModels, type ListModelsOptions } from './providers/list-models';
