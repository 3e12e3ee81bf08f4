import request from 'supertest';
import { parseSigmaRule } from '@huntforge/sigma';
import { rule, startSigmaQueue, type SigmaQueueHarness } from '../test-support/harness';
import type { RuleEnricher } from './rule-enricher';

const ID = '66666666-6666-4666-8666-666666666666';
const bare = rule({ id: ID, title: 'Certutil Download' }).replace('level: medium\n', '');

const doc = (yaml: string) => {
  const parsed = parseSigmaRule(yaml);
  if (!parsed.ok) throw new Error('unparseable');
  return parsed.rule.doc;
};

describe('enrichment and the follow-up conversation', () => {
  let harness: SigmaQueueHarness;
  const api = () => request(harness.app);
  const calls: string[] = [];
  const recording: RuleEnricher = {
    provider: 'recording',
    defaultModel: 'rec-1',
    async enrich({ ruleYaml, model }) {
      calls.push(`enrich:${model}`);
      return {
        ruleYaml: ruleYaml.replace('status: test', 'status: experimental'),
        changes: ['set status experimental'],
        systemPrompt: 'SECRET SYSTEM PROMPT',
      };
    },
    async chatTurn({ model, message }) {
      calls.push(`turn:${model}:${message}`);
      return { kind: 'reply', content: 'noted', ruleYaml: null };
    },
  };

  beforeAll(async () => {
    harness = await startSigmaQueue({}, { enrichers: [recording] });
  });
  afterAll(async () => harness.close());

  async function queued(): Promise<number> {
    const response = await api().post('/api/sigma-queue').send({ rule_yaml: bare });
    expect(response.status).toBe(201);
    return response.body.queue_id as number;
  }

  it('enriches with the builtin provider by default, applies the rule and returns the conversation id', async () => {
    const id = await queued();
    const response = await api().post(`/api/sigma-queue/${id}/enrich`).send({});
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ provider: 'builtin', model: 'builtin-sigma-enricher-v1', conversation_id: expect.any(Number) });
    const enriched = doc(response.body.enriched_yaml);
    expect(enriched.tags).toEqual(['attack.command-and-control', 'attack.t1105']);
    expect(enriched.level).toBe('medium');
    expect(enriched.falsepositives).toHaveLength(1);

    const item = await api().get(`/api/sigma-queue/${id}`);
    expect(item.body).toMatchObject({
      conversation_id: response.body.conversation_id,
      rule_yaml: response.body.enriched_yaml,
      tags: ['attack.command-and-control', 'attack.t1105'],
    });
  });

  it('validate with enrich returns the enriched YAML and its findings', async () => {
    const id = await queued();
    const response = await api().post(`/api/sigma-queue/${id}/validate`).send({ enrich: true });
    expect(response.body).toMatchObject({ valid: true, enriched: true, conversation_id: expect.any(Number) });
    expect(doc(response.body.validated_yaml).description).toBe('Detects Certutil Download.');
  });

  it('shows the latest conversation without its system prompt', async () => {
    const id = await queued();
    expect((await api().get(`/api/sigma-queue/${id}/enrichment-chat`)).body).toEqual({
      conversation_id: null,
      provider: null,
      model: null,
      turns: [],
    });
    const enriched = await api().post(`/api/sigma-queue/${id}/enrich`).send({ provider: 'recording' });
    const chat = await api().get(`/api/sigma-queue/${id}/enrichment-chat`);
    expect(chat.body).toMatchObject({ conversation_id: enriched.body.conversation_id, provider: 'recording', model: 'rec-1' });
    expect(chat.body.turns.map((t: { role: string }) => t.role)).toEqual(['user', 'assistant']);
    expect(JSON.stringify(chat.body)).not.toContain('SECRET SYSTEM PROMPT');
  });

  it('continues through the original provider and model', async () => {
    const id = await queued();
    const enriched = await api().post(`/api/sigma-queue/${id}/enrich`).send({ provider: 'recording', model: 'rec-2' });
    const turn = await api()
      .post(`/api/sigma-queue/${id}/enrichment-chat/${enriched.body.conversation_id}/turn`)
      .send({ message: 'why that status?' });
    expect(turn.status).toBe(200);
    expect(calls).toContain('turn:rec-2:why that status?');
    expect(turn.body.reply).toMatchObject({ role: 'assistant', content: 'noted', turn_index: 3 });
  });

  it('applies a builtin revision turn and records both turns', async () => {
    const id = await queued();
    const enriched = await api().post(`/api/sigma-queue/${id}/enrich`).send({});
    const path = `/api/sigma-queue/${id}/enrichment-chat/${enriched.body.conversation_id}/turn`;
    const turn = await api().post(path).send({ message: 'Set the level to high' });
    expect(turn.status).toBe(200);
    expect(doc(turn.body.rule_yaml).level).toBe('high');
    expect((await api().get(`/api/sigma-queue/${id}`)).body.level).toBe('high');
    expect((await api().get(`/api/sigma-queue/${id}/enrichment-chat`)).body.turns).toHaveLength(4);
  });

  it('refuses out-of-scope turns with 422 out_of_scope and stores nothing', async () => {
    const id = await queued();
    const enriched = await api().post(`/api/sigma-queue/${id}/enrich`).send({});
    const path = `/api/sigma-queue/${id}/enrichment-chat/${enriched.body.conversation_id}/turn`;
    const refused = await api().post(path).send({ message: 'Write a poem about ransomware' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('out_of_scope');
    expect((await api().get(`/api/sigma-queue/${id}/enrichment-chat`)).body.turns).toHaveLength(2);
  });

  it('answers 404 for a conversation of another item, 400 for an empty message, 503 for an unknown provider', async () => {
    const first = await queued();
    const second = await queued();
    const enriched = await api().post(`/api/sigma-queue/${first}/enrich`).send({});
    const foreign = await api()
      .post(`/api/sigma-queue/${second}/enrichment-chat/${enriched.body.conversation_id}/turn`)
      .send({ message: 'set level to low' });
    expect(foreign.status).toBe(404);
    const empty = await api()
      .post(`/api/sigma-queue/${first}/enrichment-chat/${enriched.body.conversation_id}/turn`)
      .send({ message: '  ' });
    expect(empty.status).toBe(400);
    const unknown = await api().post(`/api/sigma-queue/${first}/enrich`).send({ provider: 'nope' });
    expect(unknown.status).toBe(503);
    expect(unknown.body.error).toMatchObject({
      code: 'provider_unavailable',
      details: { available: ['builtin', 'openai', 'anthropic', 'ollama', 'codex', 'recording'] },
    });
  });
});
