// Model providers (openai, anthropic, ollama, codex, builtin), capabilities, structured output; embedders.
export * from './embeddings';
