// Embedders: the builtin hashed n-gram embedder and the OpenAI / Ollama ones behind config.
export { checkVectors, cosineSimilarity, EMBEDDING_DIMENSIONS, EmbeddingError, l2Normalize, type Embedder } from './embedder';
export { BUILTIN_EMBEDDER_ID, createBuiltinEmbedder, embedText } from './builtin-embedder';
export { createOpenAiEmbedder, DEFAULT_OPENAI_EMBEDDING_MODEL, type OpenAiEmbedderOptions } from './openai-embedder';
export { createOllamaEmbedder, DEFAULT_OLLAMA_EMBEDDING_MODEL, type OllamaEmbedderOptions } from './ollama-embedder';
export {
  createEmbedder,
  EmbedderConfigError,
  parseEmbeddingProvider,
  type EmbedderConfig,
  type EmbeddingProvider,
} from './create-embedder';
