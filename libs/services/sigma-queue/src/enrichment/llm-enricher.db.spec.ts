import request from 'supertest';
import { startFakeOpenAi, type FakeProviderServer } from '@huntforge/testing';
import { rule, startSigmaQueue, type SigmaQueueHarness } from '../test-support/harness';

const API_KEY = 'sk-enrich-test-9f8e7d6c5b4a';
const bare = rule({ id: '77777777-7777-4777-8777-777777777777', title: 'Certutil Download' });

describe('enrichment through a model provider (real openai SDK against a local fake server)', () => {
  let fake: FakeProviderServer;
  let harness: SigmaQueueHarness;
  const api = () => request(harness.app);

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: API_KEY, models: ['gpt-4.1-mini'] });
    harness = await startSigmaQueue({ OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: fake.baseUrl });
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });

  it('enriches with the provider, keeps the conversation on the same model, and refuses out-of-scope turns without a model call', async () => {
    const enrichedYaml = bare.replace('level: medium', 'level: high');
    fake.enqueue('chat', { text: JSON.stringify({ rule_yaml: enrichedYaml, changes: ['raised level to high'] }) });
    const queued = await api().post('/api/sigma-queue').send({ rule_yaml: bare }).expect(201);
    const enriched = await api().post(`/api/sigma-queue/${queued.body.queue_id}/enrich`).send({ provider: 'openai' }).expect(200);
    expect(enriched.body).toMatchObject({
      provider: 'openai',
      model: 'gpt-4.1-mini',
      changes: ['raised level to high'],
      enriched_yaml: enrichedYaml,
    });
    const first = fake.chatRequests()[0]?.body as { model: string; messages: Array<{ role: string; content: string }> };
    expect(first.model).toBe('gpt-4.1-mini');
    expect(first.messages.find((message) => message.role === 'user')?.content).toContain('<<<ARTICLE_DATA');

    fake.enqueue('chat', { text: JSON.stringify({ out_of_scope: false, reply: 'Lowered it again.', rule_yaml: bare }) });
    const turn = await api()
      .post(`/api/sigma-queue/${queued.body.queue_id}/enrichment-chat/${enriched.body.conversation_id}/turn`)
      .send({ message: 'Why did you change the level? Set the level back to medium.' })
      .expect(200);
    expect(JSON.stringify(turn.body)).toContain('Lowered it again.');
    expect(fake.chatRequests()).toHaveLength(2);

    const refused = await api()
      .post(`/api/sigma-queue/${queued.body.queue_id}/enrichment-chat/${enriched.body.conversation_id}/turn`)
      .send({ message: 'Write a poem about the weather' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('out_of_scope');
    expect(fake.chatRequests()).toHaveLength(2);

    const chat = await api().get(`/api/sigma-queue/${queued.body.queue_id}/enrichment-chat`).expect(200);
    expect(JSON.stringify(chat.body)).not.toContain('senior detection engineer enriching');
  });

  it('answers 409 provider_not_configured when the provider has no credential', async () => {
    const other = await startSigmaQueue({ OPENAI_API_KEY: '' });
    try {
      const queued = await request(other.app).post('/api/sigma-queue').send({ rule_yaml: bare }).expect(201);
      const refused = await request(other.app).post(`/api/sigma-queue/${queued.body.queue_id}/enrich`).send({ provider: 'openai' });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: 'provider_not_configured', details: { reason: 'provider_not_configured' } });
    } finally {
      await other.close();
    }
  });
});
