import request from 'supertest';
import { presetFileSchema, presetListResponseSchema } from '@huntforge/contracts/workflow';
import { startWorkflow, type WorkflowHarness } from '../test-support/workflow-harness';

const base = '/api/workflow/config/preset';

describe('workflow presets', () => {
  let harness: WorkflowHarness;
  beforeAll(async () => {
    harness = await startWorkflow();
    await request(harness.app)
      .patch('/api/workflow/config/auto-trigger-threshold')
      .send({ auto_trigger_hunt_score_threshold: 42 })
      .expect(200);
  });
  afterAll(() => harness.close());

  const app = () => request(harness.app);
  const active = async () => (await app().get('/api/workflow/config').expect(200)).body;

  it('lists the four quickstart presets, builtin among them', async () => {
    const { presets } = presetListResponseSchema.parse((await app().get(`${base}/list`).expect(200)).body);
    expect(presets.filter((p) => p.is_quickstart).map((p) => p.name)).toEqual([
      'quickstart-anthropic',
      'quickstart-builtin',
      'quickstart-ollama',
      'quickstart-openai',
    ]);
  });

  it('refuses a preset whose provider has no key (409 provider_unavailable, nothing applied) unless told to apply anyway', async () => {
    const before = await active();
    const refused = await app().post(`${base}/apply`).send({ name: 'quickstart-openai' }).expect(409);
    expect(refused.body.error.code).toBe('provider_unavailable');
    expect(refused.body.error.message).toContain('OPENAI_API_KEY is not configured');
    expect(refused.body.error.details.providers).toEqual([
      expect.objectContaining({
        provider: 'openai',
        reason: 'OPENAI_API_KEY is not configured',
        agents: expect.arrayContaining(['RankAgent', 'SigmaAgent']),
      }),
    ]);
    expect((await active()).version).toBe(before.version);
    const file = { agents: { RankAgent: { provider: 'anthropic', model: 'claude-haiku-4-5' } } };
    expect((await app().post(`${base}/import`).send({ preset: file }).expect(409)).body.error.details.providers[0].provider).toBe(
      'anthropic',
    );
    // A preset of thresholds alone does not touch the agents, so it is not refused for them.
    await app()
      .post(`${base}/import`)
      .send({ preset: { thresholds: { RankingThreshold: 6.5 } } })
      .expect(200);
  });

  it('applies the builtin preset with no key at all: the way back to a working configuration', async () => {
    await app().post(`${base}/apply`).send({ name: 'quickstart-openai', allow_unavailable_providers: true }).expect(200);
    const res = await app().post(`${base}/apply`).send({ name: 'quickstart-builtin' }).expect(200);
    expect(Object.values(res.body.agents as Record<string, { provider: string }>).every((agent) => agent.provider === 'builtin')).toBe(
      true,
    );
  });

  it.each([
    ['quickstart-openai', 'openai', 'gpt-4.1-mini', 'gpt-4.1'],
    ['quickstart-anthropic', 'anthropic', 'claude-haiku-4-5', 'claude-sonnet-4-5'],
    ['quickstart-ollama', 'ollama', 'llama3.1:8b', 'qwen2.5:14b'],
  ])('applies %s as a new version that passes the PUT rules', async (name, provider, rankModel, sigmaModel) => {
    const before = await active();
    const res = await app().post(`${base}/apply`).send({ name, allow_unavailable_providers: true }).expect(200);
    expect(res.body).toMatchObject({ created: true, version: before.version + 1, auto_trigger_hunt_score_threshold: 42 });
    expect(res.body.agents.RankAgent).toMatchObject({ provider, model: rankModel });
    expect(res.body.agents.SigmaAgent).toMatchObject({ provider, model: sigmaModel });
    expect(res.body.agents.CmdlineExtract).toMatchObject({ provider, model: null });
  });

  it('round-trips save → export → import without the auto-trigger threshold', async () => {
    await app()
      .put('/api/workflow/config')
      .send({ thresholds: { RankingThreshold: 8.5 }, agents: { SigmaAgent: { temperature: 0.4 } } })
      .expect(200);
    await app()
      .put('/api/workflow/config/prompts')
      .send({ agent_name: 'RankAgent', prompt: { role: 'preset role', task: 't', instructions: 'i' } })
      .expect(200);
    const saved = await active();
    expect((await app().post(`${base}/save`).send({ name: 'team-default', description: 'ours' }).expect(201)).body).toMatchObject({
      name: 'team-default',
      is_quickstart: false,
    });

    const exported = await app().get(`${base}/export`).query({ name: 'team-default' }).expect(200);
    expect(exported.headers['content-disposition']).toMatch(/team-default\.json/);
    const file = presetFileSchema.parse(exported.body);
    expect(exported.body).not.toHaveProperty('auto_trigger_hunt_score_threshold');
    expect(file.agent_prompts?.['RankAgent']).toMatchObject({ role: 'preset role' });

    await app().post(`${base}/apply`).send({ name: 'quickstart-ollama', allow_unavailable_providers: true }).expect(200);
    await app()
      .put('/api/workflow/config/prompts')
      .send({ agent_name: 'RankAgent', prompt: { role: 'changed', task: 't', instructions: 'i' } })
      .expect(200);
    await app().patch('/api/workflow/config/auto-trigger-threshold').send({ auto_trigger_hunt_score_threshold: 55 }).expect(200);

    const imported = await app()
      .post(`${base}/import`)
      .send({ preset: { ...exported.body, auto_trigger_hunt_score_threshold: 3 }, allow_unavailable_providers: true })
      .expect(200);
    expect(imported.body).toMatchObject({
      created: true,
      thresholds: saved.thresholds,
      agents: saved.agents,
      auto_trigger_hunt_score_threshold: 55,
    });
    expect((await app().get('/api/workflow/config/prompts/RankAgent').expect(200)).body.prompt.role).toBe('preset role');
    const activeExport = (await app().get(`${base}/export`).expect(200)).body;
    expect(activeExport).not.toHaveProperty('auto_trigger_hunt_score_threshold');
    expect(activeExport.thresholds).toEqual(saved.thresholds);
  });

  it('imports a file and stores it under save_as', async () => {
    const file = {
      format: 'huntforge.workflow-preset/v1',
      thresholds: { RankingThreshold: 3 },
      agents: { RankAgent: { provider: 'provider_b', model: 'claude-haiku-4-5' } },
    };
    const res = await app()
      .post(`${base}/import`)
      .send({ preset: file, save_as: 'from-file', allow_unavailable_providers: true })
      .expect(200);
    expect(res.body.agents.RankAgent).toMatchObject({ provider: 'anthropic' });
    expect((await app().get(`${base}/export`).query({ name: 'from-file' }).expect(200)).body.thresholds).toEqual({ RankingThreshold: 3 });
  });

  it.each([
    ['an unknown agent', { preset: { agents: { RankAgentQA: { enabled: false } } } }, 400, 'unknown_agent'],
    [
      'a provider/model mismatch',
      { preset: { agents: { RankAgent: { provider: 'anthropic', model: 'gpt-4o' } } } },
      400,
      'provider_model_mismatch',
    ],
    ['a malformed file', { preset: { thresholds: { RankingThreshold: 'high' } } }, 400, 'validation_error'],
    ['a foreign format', { preset: { format: 'other/v9' } }, 400, 'validation_error'],
  ])('import rejects %s', async (_name, body, status, code) => {
    expect((await app().post(`${base}/import`).send(body).expect(status)).body.error.code).toBe(code);
  });

  it('refuses to save over an existing preset unless overwrite=true', async () => {
    await app().post(`${base}/save`).send({ name: 'weekly', description: 'first' }).expect(201);
    const refused = await app().post(`${base}/save`).send({ name: 'weekly', description: 'second' }).expect(409);
    expect(refused.body.error).toMatchObject({ code: 'preset_exists', details: { name: 'weekly' } });
    expect(refused.body.error.message).toMatch(/overwrite=true/);
    const listed = async () =>
      ((await app().get(`${base}/list`).expect(200)).body.presets as Array<{ name: string; description: string | null }>).find(
        (p) => p.name === 'weekly',
      );
    expect(await listed()).toMatchObject({ description: 'first' });
    await app().post(`${base}/save`).send({ name: 'weekly', description: 'second', overwrite: true }).expect(201);
    expect(await listed()).toMatchObject({ description: 'second' });
  });

  it('refuses an import whose save_as names an existing preset before applying anything', async () => {
    const before = await active();
    const file = { format: 'huntforge.workflow-preset/v1', thresholds: { RankingThreshold: 9 } };
    for (const [name, code] of [
      ['weekly', 'preset_exists'],
      ['quickstart-openai', 'preset_read_only'],
    ] as const) {
      const res = await app().post(`${base}/import`).send({ preset: file, save_as: name }).expect(409);
      expect(res.body.error.code).toBe(code);
    }
    const after = await active();
    expect(after.version).toBe(before.version);
    expect(after.thresholds).toEqual(before.thresholds);
    await app().post(`${base}/import`).send({ preset: file, save_as: 'weekly', overwrite: true }).expect(200);
    expect((await app().get(`${base}/export`).query({ name: 'weekly' }).expect(200)).body.thresholds).toEqual({ RankingThreshold: 9 });
  });

  it('protects quickstart presets and answers 404 for unknown names', async () => {
    expect((await app().post(`${base}/save`).send({ name: 'quickstart-openai' }).expect(409)).body.error.code).toBe('preset_read_only');
    expect((await app().delete(`${base}/quickstart-openai`).expect(409)).body.error.code).toBe('preset_read_only');
    expect((await app().post(`${base}/apply`).send({ name: 'nope' }).expect(404)).body.error.code).toBe('preset_not_found');
    expect((await app().get(`${base}/export`).query({ name: 'nope' }).expect(404)).body.error.code).toBe('preset_not_found');
    await app().delete(`${base}/from-file`).expect(204);
    await app().delete(`${base}/from-file`).expect(404);
  });
});
