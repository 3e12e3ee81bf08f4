// Embedders: the builtin hashed n-gram embedder and the OpenAI / Ollama ones behind config.
export {};
