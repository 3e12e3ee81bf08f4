import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBuiltinEmbedder, embedText } from './builtin-embedder';
import { createEmbedder, EmbedderConfigError, parseEmbeddingProvider } from './create-embedder';
import { cosineSimilarity, EMBEDDING_DIMENSIONS } from './embedder';

interface Recorded {
  path: string;
  authorization?: string;
  body: { model?: string; input?: string[]; dimensions?: number };
}

async function readJson(req: IncomingMessage): Promise<Recorded['body']> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Recorded['body'];
}

/** A local stand-in for the OpenAI / Ollama embedding endpoints; vectors are the builtin ones (or of `width`). */
async function startEmbeddingServer(width = EMBEDDING_DIMENSIONS): Promise<{ url: string; requests: Recorded[]; close(): Promise<void> }> {
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    void readJson(req).then((body) => {
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      const inputs = body.input ?? [];
      const vectors = inputs.map((text) => embedText(text, width));
      res.setHeader('content-type', 'application/json');
      if (req.url === '/v1/embeddings') {
        // Out of order on purpose: the client must sort by index.
        const data = vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })).reverse();
        res.end(JSON.stringify({ object: 'list', data, model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } }));
      } else if (req.url === '/api/embed') {
        res.end(JSON.stringify({ model: body.model, embeddings: vectors }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('builtin embedder', () => {
  const embedder = createBuiltinEmbedder();

  it('gives unit-length 384-dimension vectors, the same every time', async () => {
    const [a, b] = await embedder.embed(['rundll32 loads comsvcs.dll to dump lsass', 'rundll32 loads comsvcs.dll to dump lsass']);
    expect(a).toHaveLength(384);
    expect(Math.sqrt(a.reduce((sum, v) => sum + v * v, 0))).toBeCloseTo(1, 10);
    expect(b).toEqual(a);
  });

  it('places texts sharing vocabulary closer than unrelated ones', async () => {
    const [query, near, far] = await embedder.embed([
      'credential dumping from lsass with procdump',
      'the actor dumped lsass memory using procdump -ma to steal credentials',
      'quarterly earnings call and our new marketing webinar schedule',
    ]);
    expect(cosineSimilarity(query, near)).toBeGreaterThan(cosineSimilarity(query, far) + 0.2);
  });

  it('returns a zero vector for text without tokens', async () => {
    const [empty] = await embedder.embed(['   ...  ']);
    expect(empty.every((value) => value === 0)).toBe(true);
  });

  it('honours an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(embedder.embed(['x'], controller.signal)).rejects.toThrow('stop');
  });
});

describe('remote embedders', () => {
  it('asks OpenAI for 384 dimensions with the key and orders results by index', async () => {
    const server = await startEmbeddingServer();
    try {
      const embedder = createEmbedder({ provider: 'openai', openAiApiKey: 'sk-test-123', openAiBaseUrl: `${server.url}/v1` });
      const vectors = await embedder.embed(['first text', 'second text']);
      expect(embedder.id).toBe('openai:text-embedding-3-small');
      expect(vectors[0]).toEqual(embedText('first text'));
      expect(vectors[1]).toEqual(embedText('second text'));
      expect(server.requests[0].authorization).toBe('Bearer sk-test-123');
      expect(server.requests[0].body.dimensions).toBe(384);
    } finally {
      await server.close();
    }
  });

  it('embeds through Ollama /api/embed in batches', async () => {
    const server = await startEmbeddingServer();
    try {
      const embedder = createEmbedder({ provider: 'ollama', ollamaHost: server.url, model: 'all-minilm' });
      const texts = Array.from({ length: 40 }, (_, i) => `text number ${i}`);
      const vectors = await embedder.embed(texts);
      expect(vectors).toHaveLength(40);
      expect(vectors[39]).toEqual(embedText('text number 39'));
      expect(server.requests.map((r) => r.body.input?.length)).toEqual([32, 8]);
      expect(server.requests[0].body.model).toBe('all-minilm');
    } finally {
      await server.close();
    }
  });

  it('refuses vectors of the wrong width with a clear message', async () => {
    const server = await startEmbeddingServer(768);
    try {
      const embedder = createEmbedder({ provider: 'ollama', ollamaHost: server.url, model: 'nomic-embed-text' });
      await expect(embedder.embed(['x'])).rejects.toThrow('vector 0 has 768 dimensions; the store needs 384');
    } finally {
      await server.close();
    }
  });

  it('reports an unreachable provider as an EmbeddingError', async () => {
    const embedder = createEmbedder({ provider: 'ollama', ollamaHost: 'http://127.0.0.1:1' });
    await expect(embedder.embed(['x'])).rejects.toThrow('ollama:all-minilm');
  });
});

describe('embedder configuration', () => {
  it('accepts real and neutral provider names', () => {
    expect(parseEmbeddingProvider(undefined)).toBe('builtin');
    expect(parseEmbeddingProvider('provider_a')).toBe('openai');
    expect(parseEmbeddingProvider('Ollama')).toBe('ollama');
    expect(parseEmbeddingProvider('provider_local')).toBe('ollama');
    expect(parseEmbeddingProvider('cohere')).toBeUndefined();
  });

  it('needs a key for OpenAI and a host for Ollama', () => {
    expect(() => createEmbedder({ provider: 'openai' })).toThrow(EmbedderConfigError);
    expect(() => createEmbedder({ provider: 'ollama' })).toThrow('OLLAMA_HOST');
  });
});
