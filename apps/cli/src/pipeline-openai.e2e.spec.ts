import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import request from 'supertest';
import type { Express } from 'express';
import { createArticle, type TestContext } from '@huntforge/service-testing';
import { startFakeOpenAi, type FakeProviderServer } from '@huntforge/testing';
import { waitFor } from '@huntforge/test-kit';
import { startPipelineServices, type PipelineServices } from './test-support/pipeline-services';

const fixtures = resolve(__dirname, '../../../fixtures');
const API_KEY = 'sk-planted-e2e-0123456789abcdef';
const MODEL = 'gpt-4.1-mini';

const RULE = [
  'title: Rundll32 loading a DLL from the Public profile',
  'id: 3d7b1c5e-2a4f-4b8e-9c1d-5e6f7a8b9c0d',
  'status: experimental',
  'description: Detects rundll32 loading lib.dll from C:\\Users\\Public as described in the article.',
  'references:',
  '  - https://blog.example.org/qbot',
  'author: Huntforge',
  "date: '2026-11-21'",
  'tags:',
  '  - attack.defense-evasion',
  '  - attack.t1218.011',
  'logsource:',
  '  category: process_creation',
  '  product: windows',
  'detection:',
  '  selection:',
  "    Image|endswith: '\\rundll32.exe'",
  "    CommandLine|contains: 'C:\\Users\\Public\\lib.dll'",
  '  condition: selection',
  'falsepositives:',
  '  - Unknown',
  'level: high',
].join('\n');

/** What the fake model answers, by the agent whose system prompt it receives. */
function answerFor(system: string): unknown {
  if (/Score how useful/.test(system)) return { score: 8.5, reasoning: 'Command lines and a C2 address.' };
  if (/Write Sigma rules/.test(system)) return { rules: [{ telemetry_class: 'process_creation', yaml: RULE }] };
  if (/Extract every complete command line/.test(system)) {
    return {
      items: [
        { value: 'rundll32.exe C:\\Users\\Public\\lib.dll,DllRegisterServer', executable: 'rundll32.exe' },
        { value: 'invented.exe --never-in-the-article', executable: 'invented.exe' },
      ],
      count: 2,
    };
  }
  if (/Extract IP addresses, domains, URLs/.test(system)) return { items: [{ value: '185.220.101.47', kind: 'ipv4' }], count: 1 };
  return { items: [], count: 0 };
}

describe('pipeline end to end with the openai provider (real SDK against a local fake OpenAI server)', () => {
  let fake: FakeProviderServer;
  let services: PipelineServices;
  let ctx: TestContext;
  let app: Express;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: API_KEY, models: [MODEL] });
    fake.respondWith((body) => {
      const messages = (body as { messages: Array<{ role: string; content: string }> }).messages;
      const system = messages.find((message) => message.role === 'system' || message.role === 'developer')?.content ?? '';
      return { text: JSON.stringify(answerFor(system)), usage: { input: 1200, output: 80 } };
    });
    services = await startPipelineServices({ shared: { OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: fake.baseUrl } });
    ({ ctx, app } = services);
  });
  afterAll(async () => {
    await services.stop();
    await fake.close();
  });

  it('runs the model-backed agents through the provider, grounds their output and records usage per stage', async () => {
    const openai = { provider: 'openai', model: MODEL };
    const saved = await request(app)
      .put('/api/workflow/config')
      .send({ agents: { RankAgent: openai, CmdlineExtract: openai, NetworkIndicatorExtract: openai, SigmaAgent: openai } })
      .expect(200);
    expect(saved.body.version).toBeGreaterThan(1);

    const content = readFileSync(resolve(fixtures, 'eval', '01-win-qbot-to-cobaltstrike.md'), 'utf8');
    const article = await createArticle(ctx.db.prisma, { title: 'QakBot-style intrusion', content, huntScore: 70 });
    const triggered = await request(app).post(`/api/workflow/articles/${article.id}/trigger?force=true`).expect(202);
    const id = triggered.body.execution_id as number;
    let body: Record<string, unknown> = {};
    await waitFor(
      'the execution to finish',
      async () => {
        body = (await request(app).get(`/api/workflow/executions/${id}`).expect(200)).body;
        return ['completed', 'failed'].includes(body['status'] as string);
      },
      60_000,
    );

    expect(body).toMatchObject({ status: 'completed', error: null, rank_score: 8.5 });
    const extraction = body['extraction_result'] as {
      subresults: Record<string, { items: Array<{ value: string; evidence: { text: string } }> }>;
    };
    expect(extraction.subresults['cmdline']?.items.map((item) => item.value)).toEqual([
      'rundll32.exe C:\\Users\\Public\\lib.dll,DllRegisterServer',
    ]);
    expect(extraction.subresults['network_indicators']?.items[0]?.evidence.text).toBe('185.220.101.47');
    const rules = body['sigma_rules'] as Array<{ title: string; validation: { valid: boolean }; queue: { outcome: string } }>;
    expect(rules).toEqual([
      expect.objectContaining({
        title: 'Rundll32 loading a DLL from the Public profile',
        validation: expect.objectContaining({ valid: true }),
        queue: expect.objectContaining({ outcome: 'queued' }),
      }),
    ]);

    const stages = body['stages'] as Array<{
      stage: string;
      usage: Array<{ provider: string; model: string; inputTokens: number; outputTokens: number }>;
    }>;
    expect(stages.find((stage) => stage.stage === 'ranking')?.usage).toEqual([
      expect.objectContaining({ provider: 'openai', model: MODEL, inputTokens: 1200, outputTokens: 80 }),
    ]);
    expect(stages.find((stage) => stage.stage === 'extraction')?.usage).toHaveLength(2);

    const chats = fake.chatRequests();
    expect(chats).toHaveLength(4);
    for (const chat of chats) {
      const messages = (chat.body as { messages: Array<{ role: string; content: string }> }).messages;
      const user = messages.find((message) => message.role === 'user')?.content ?? '';
      expect(messages.some((message) => message.role !== 'user' && message.content.includes('Cobalt Strike beacon'))).toBe(false);
      if (!/Sigma detection rules/.test(user)) expect(user).toMatch(/<<<ARTICLE_DATA[\s\S]*ARTICLE_DATA>>>/);
    }
    expect(JSON.stringify(body)).not.toContain(API_KEY);
    expect(ctx.logs.lines().some((line) => JSON.stringify(line).includes(API_KEY))).toBe(false);
  });
});
