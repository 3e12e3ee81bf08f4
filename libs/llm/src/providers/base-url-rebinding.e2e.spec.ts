import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeAnthropic, startFakeOllama, startFakeOpenAi, type FakeProviderServer } from '@huntforge/testing';
import type { HostResolver } from '@huntforge/outbound';
import type { OutboundGuardOptions } from '../outbound/outbound-guard';
import type { LlmProvider } from '../types';
import { createAnthropicProvider } from './anthropic-provider';
import { createOllamaProvider } from './ollama-provider';
import { createOpenAiProvider } from './openai-provider';

/** A name whose DNS answers the test scripts; the fake servers listen on 127.0.0.1 behind it. */
const HOST = 'llm.rebind.test';
const NO_RETRY = { retries: 2, baseDelayMs: 1, maxDelayMs: 1 };

/** A resolver that answers each lookup with the next scripted answer (the last one repeats), and counts lookups. */
function scriptedDns(...answers: string[][]): HostResolver & { lookups: string[] } {
  const lookups: string[] = [];
  const resolve = async (hostname: string) => {
    lookups.push(hostname);
    if (hostname !== HOST) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answers[Math.min(lookups.length, answers.length) - 1] ?? [];
  };
  return Object.assign(resolve, { lookups });
}

interface Case {
  name: string;
  start: () => Promise<FakeProviderServer>;
  provider: (baseUrl: string, guard: OutboundGuardOptions) => LlmProvider;
  model: string;
}

const CASES: Case[] = [
  {
    name: 'openai',
    start: () => startFakeOpenAi({ apiKey: 'sk-test-rebinding' }),
    provider: (baseUrl, guard) => createOpenAiProvider({ apiKey: 'sk-test-rebinding', baseUrl, guard, retry: NO_RETRY }),
    model: 'gpt-4.1-mini',
  },
  {
    name: 'anthropic',
    start: () => startFakeAnthropic(),
    provider: (baseUrl, guard) => createAnthropicProvider({ apiKey: 'sk-ant-test', baseUrl, guard, retry: NO_RETRY }),
    model: 'claude-haiku-4-5',
  },
  {
    name: 'ollama',
    start: () => startFakeOllama({ models: ['llama3.1:8b'] }),
    provider: (baseUrl, guard) => createOllamaProvider({ host: baseUrl, guard, retry: NO_RETRY }),
    model: 'llama3.1:8b',
  },
];

describe.each(CASES)('$name SDK through the call-time base URL guard', ({ start, provider, model }) => {
  let server: FakeProviderServer;
  let baseUrl: string;
  const ask = (client: LlmProvider) =>
    client.complete({ model, system: 's', messages: [{ role: 'user', content: 'u' }], timeoutMs: 5_000 });

  beforeEach(async () => {
    server = await start();
    baseUrl = server.baseUrl.replace('127.0.0.1', HOST);
  });
  afterEach(() => server.close());

  it('reaches the server while the name answers an allowed address, refuses it once the name rebinds to metadata', async () => {
    const dns = scriptedDns(['127.0.0.1'], ['169.254.169.254']);
    const guard = { baseUrls: { allowPrivateNetworks: true }, resolve: dns };
    server.respondWith(() => ({ text: 'reached' }));
    expect((await ask(provider(baseUrl, guard))).text).toBe('reached');
    // One lookup for the call: the socket connected to the address that was vetted, the SDK never resolved on its own.
    expect(dns.lookups).toEqual([HOST]);

    await expect(ask(provider(baseUrl, guard))).rejects.toMatchObject({ code: 'url_not_allowed' });
    expect(server.chatRequests()).toHaveLength(1);
    // Refused, not retried: one more lookup, no attempt after it.
    expect(dns.lookups).toEqual([HOST, HOST]);
  });

  it('refuses a name with one metadata answer among allowed ones', async () => {
    const guard = { baseUrls: { allowPrivateNetworks: true }, resolve: scriptedDns(['127.0.0.1', '169.254.169.254']) };
    await expect(ask(provider(baseUrl, guard))).rejects.toMatchObject({ code: 'url_not_allowed' });
    expect(server.chatRequests()).toHaveLength(0);
  });

  it('refuses a metadata IP literal as base URL without connecting', async () => {
    const dns = scriptedDns(['127.0.0.1']);
    const literal = server.baseUrl.replace(/127\.0\.0\.1:\d+/, '169.254.169.254:80');
    await expect(ask(provider(literal, { baseUrls: { allowPrivateNetworks: true }, resolve: dns }))).rejects.toMatchObject({
      code: 'url_not_allowed',
    });
    expect(dns.lookups).toEqual([]);
  });
});

describe('the private-network policy at call time', () => {
  it('refuses a hosted provider whose name now answers loopback, unless the operator opted in', async () => {
    const server = await startFakeOpenAi({ apiKey: 'sk-test-rebinding' });
    try {
      server.respondWith(() => ({ text: 'reached' }));
      const baseUrl = server.baseUrl.replace('127.0.0.1', HOST);
      const ask = (guard: OutboundGuardOptions) =>
        createOpenAiProvider({ apiKey: 'sk-test-rebinding', baseUrl, guard, retry: NO_RETRY }).complete({
          model: 'gpt-4.1-mini',
          system: 's',
          messages: [{ role: 'user', content: 'u' }],
          timeoutMs: 5_000,
        });
      const refused = ask({ baseUrls: { allowPrivateNetworks: false }, resolve: scriptedDns(['127.0.0.1']) });
      await expect(refused).rejects.toMatchObject({ code: 'url_not_allowed', details: { provider: 'openai' } });
      await expect(refused).rejects.toThrow(/OPENAI_BASE_URL .*loopback.*PROVIDER_ALLOW_PRIVATE_NETWORKS=true/);
      expect(server.chatRequests()).toHaveLength(0);
      expect((await ask({ baseUrls: { allowPrivateNetworks: true }, resolve: scriptedDns(['127.0.0.1']) })).text).toBe('reached');
    } finally {
      await server.close();
    }
  });

  it("treats the operator's own environment value as chosen (private allowed, metadata still not), a stored one not", async () => {
    const server = await startFakeOpenAi({ apiKey: 'sk-test-rebinding' });
    try {
      server.respondWith(() => ({ text: 'operator proxy' }));
      const baseUrl = server.baseUrl.replace('127.0.0.1', HOST);
      const ask = (answers: string[], operatorEnv: Record<string, string>) =>
        createOpenAiProvider({
          apiKey: 'sk-test-rebinding',
          baseUrl,
          guard: { operatorEnv, resolve: scriptedDns(answers) },
          retry: NO_RETRY,
        }).complete({ model: 'gpt-4.1-mini', system: 's', messages: [{ role: 'user', content: 'u' }], timeoutMs: 5_000 });
      expect((await ask(['127.0.0.1'], { OPENAI_BASE_URL: `${baseUrl}/` })).text).toBe('operator proxy');
      await expect(ask(['169.254.169.254'], { OPENAI_BASE_URL: baseUrl })).rejects.toMatchObject({ code: 'url_not_allowed' });
      // The environment names another URL: this one was stored through the settings API, and gets the policy as it is.
      await expect(ask(['127.0.0.1'], { OPENAI_BASE_URL: 'https://api.openai.com/v1' })).rejects.toMatchObject({ code: 'url_not_allowed' });
      expect(server.chatRequests()).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('lets Ollama use loopback without any opt-in (the all-in-one default), never metadata', async () => {
    const server = await startFakeOllama({ models: ['llama3.1:8b'] });
    try {
      server.respondWith(() => ({ text: 'local' }));
      const host = server.baseUrl.replace('127.0.0.1', HOST);
      const ask = (answers: string[]) =>
        createOllamaProvider({
          host,
          guard: { baseUrls: { allowPrivateNetworks: false }, resolve: scriptedDns(answers) },
          retry: NO_RETRY,
        }).complete({ model: 'llama3.1:8b', system: 's', messages: [{ role: 'user', content: 'u' }], timeoutMs: 5_000 });
      expect((await ask(['127.0.0.1'])).text).toBe('local');
      await expect(ask(['169.254.169.254'])).rejects.toMatchObject({ code: 'url_not_allowed', details: { provider: 'ollama' } });
    } finally {
      await server.close();
    }
  });
});

describe('redirects', () => {
  let server: Server;
  let hits = 0;
  let port = 0;
  beforeAll(async () => {
    // A provider (or a compromised proxy) answering with a redirect to the metadata service.
    server = createServer((_req, res) => {
      hits += 1;
      res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a redirect to a metadata address: every hop is vetted, IP literals included', async () => {
    const call = createOpenAiProvider({
      apiKey: 'sk-test-rebinding',
      baseUrl: `http://${HOST}:${port}/v1`,
      guard: { baseUrls: { allowPrivateNetworks: true }, resolve: scriptedDns(['127.0.0.1']) },
      retry: NO_RETRY,
    }).complete({ model: 'gpt-4.1-mini', system: 's', messages: [{ role: 'user', content: 'u' }], timeoutMs: 5_000 });
    await expect(call).rejects.toMatchObject({ code: 'url_not_allowed' });
    expect(hits).toBe(1);
  });
});
