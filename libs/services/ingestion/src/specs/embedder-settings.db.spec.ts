import { startIngestion } from '../test-support/ingestion-harness';

describe('the embedder ingestion builds from settings', () => {
  it('reads the Ollama host from the OLLAMA_HOST setting the catalogue defines', async () => {
    const h = await startIngestion({
      env: { EMBEDDING_PROVIDER: 'ollama', EMBEDDING_MODEL: 'nomic-embed-text', OLLAMA_HOST: 'http://127.0.0.1:11434' },
    });
    try {
      expect(h.module.ports.embedder.id).toContain('ollama');
      const stats = (await h.http.get('/api/embeddings/stats').expect(200)).body;
      expect(stats.embedder.id).toBe(h.module.ports.embedder.id);
    } finally {
      await h.close();
    }
  }, 120_000);
});
