import request from 'supertest';
import {
  THRESHOLD_DEFAULTS,
  configVersionsResponseSchema,
  updateWorkflowConfigResponseSchema,
  workflowConfigResponseSchema,
} from '@huntforge/contracts/workflow';
import type { Prisma } from '@huntforge/data';
import { createFakeCodex, type FakeCodex } from '@huntforge/testing';
import { startWorkflow, type WorkflowHarness } from '../test-support/workflow-harness';

describe('workflow configuration', () => {
  let harness: WorkflowHarness;
  let codex: FakeCodex;

  beforeAll(async () => {
    codex = createFakeCodex({
      models: [
        {
          id: 'gpt-5-codex',
          efforts: [
            { level: 'low', description: 'Quick' },
            { level: 'high', description: 'Thorough' },
          ],
          defaultEffort: 'low',
        },
      ],
    });
    harness = await startWorkflow({ serviceEnv: { CODEX_PATH: codex.path } });
  });
  afterAll(async () => {
    await harness.close();
    codex.dispose();
  });

  const get = () => request(harness.app).get('/api/workflow/config').expect(200);
  const put = (body: object, status = 200) => request(harness.app).put('/api/workflow/config').send(body).expect(status);

  it('starts at version 1 with the spec defaults and the auto-trigger threshold at 100', async () => {
    const config = workflowConfigResponseSchema.parse((await get()).body);
    expect(config).toMatchObject({ version: 1, is_active: true, thresholds: THRESHOLD_DEFAULTS, auto_trigger_hunt_score_threshold: 100 });
    expect(config.agents['RankAgent']).toEqual({
      provider: 'builtin',
      model: null,
      temperature: 0,
      top_p: null,
      effort: null,
      enabled: true,
    });
    expect(config.agent_models).toMatchObject({
      RankAgent: null,
      RankAgent_provider: 'builtin',
      RankAgent_effort: null,
      CmdlineExtract_enabled: true,
    });
  });

  it('every save is a new integer version; an identical save creates none', async () => {
    const before = workflowConfigResponseSchema.parse((await get()).body).version;
    const saved = updateWorkflowConfigResponseSchema.parse(
      (await put({ thresholds: { RankingThreshold: 7 }, description: 'stricter ranking' })).body,
    );
    expect(saved).toMatchObject({
      version: before + 1,
      created: true,
      description: 'stricter ranking',
      thresholds: { RankingThreshold: 7, MinHuntScore: 97 },
    });
    const again = (await put({ thresholds: { RankingThreshold: 7 } })).body;
    expect(again).toMatchObject({ version: before + 1, created: false });
    const echoed = (await get()).body;
    expect((await put(echoed)).body).toMatchObject({ version: before + 1, created: false });
  });

  it.each([
    ['MinHuntScore above 100', { thresholds: { MinHuntScore: 100.5 } }, 'body.thresholds.MinHuntScore'],
    ['RankingThreshold above 10', { thresholds: { RankingThreshold: 11 } }, 'body.thresholds.RankingThreshold'],
    ['SimilarityThreshold below 0', { thresholds: { SimilarityThreshold: -0.1 } }, 'body.thresholds.SimilarityThreshold'],
    ['JunkFilterThreshold above 1', { thresholds: { JunkFilterThreshold: 1.2 } }, 'body.thresholds.JunkFilterThreshold'],
    ['temperature above 2', { agents: { RankAgent: { temperature: 2.5 } } }, 'body.agents.RankAgent.temperature'],
    ['top_p above 1', { agents: { SigmaAgent: { top_p: 1.5 } } }, 'body.agents.SigmaAgent.top_p'],
    ['an unknown provider', { agents: { RankAgent: { provider: 'provider_z' } } }, 'body.agents.RankAgent.provider'],
    ['an unknown field', { thresholds: { MaxHuntScore: 5 } }, 'body.thresholds'],
  ])('rejects %s with 400 validation_error', async (_name, body, path) => {
    const res = await put(body, 400);
    expect(res.body.error.code).toBe('validation_error');
    expect(JSON.stringify(res.body.error.details)).toContain(path);
  });

  it.each([
    ['an unknown agent', { agents: { SuperAgent: { enabled: true } } }, 'SuperAgent'],
    ['a removed QA agent', { agents: { RankAgentQA: { enabled: false } } }, 'RankAgentQA'],
    ['an unknown flat key', { agent_models: { CmdLineQA_provider: 'openai' } }, 'CmdLineQA'],
    ['a prompt for a legacy-only agent', { agent_prompts: { SigmaRepair: { role: 'r', task: 't', instructions: 'i' } } }, 'SigmaRepair'],
  ])('rejects %s with 400 unknown_agent', async (_name, body, name) => {
    const res = await put(body, 400);
    expect(res.body.error.code).toBe('unknown_agent');
    expect(res.body.error.details.agents).toEqual([name]);
  });

  it('accepts the flat layout and neutral provider names', async () => {
    const res = await put({ agent_models: { RankAgent: 'gpt-4.1-mini', RankAgent_provider: 'provider_a', RankAgent_temperature: 0.3 } });
    expect(res.body.agents.RankAgent).toMatchObject({ provider: 'openai', model: 'gpt-4.1-mini', temperature: 0.3 });
    expect(res.body.agent_models).toMatchObject({ RankAgent: 'gpt-4.1-mini', RankAgent_provider: 'openai' });
  });

  describe('rule 1: enabled extractors need a prompt', () => {
    beforeAll(async () => {
      await put({ agents: { RegistryExtract: { enabled: false } } });
      // A bootstrap without RegistryExtract and ServicesExtract leaves both without a prompt.
      const defaults = await request(harness.app).get('/api/workflow/config/prompts').expect(200);
      const keep = Object.fromEntries(
        Object.entries(defaults.body.prompts as Record<string, { prompt: object }>)
          .filter(([agent]) => !['RegistryExtract', 'ServicesExtract', 'OSDetectionAgent', 'SigmaRepair'].includes(agent))
          .map(([agent, view]) => [agent, view.prompt]),
      );
      await request(harness.app).post('/api/workflow/config/prompts/bootstrap').send({ prompts: keep }).expect(200);
    });

    it('enabling an extractor without a prompt is 400 missing_prompts naming it', async () => {
      const res = await put({ agents: { RegistryExtract: { enabled: true } } }, 400);
      expect(res.body.error).toMatchObject({ code: 'missing_prompts', details: { agents: [{ agent: 'RegistryExtract' }] } });
    });

    it('sending an empty prompt for an enabled extractor is 400; for a disabled one it is fine', async () => {
      const empty = { role: '', task: '', instructions: '' };
      const res = await put({ agent_prompts: { CmdlineExtract: empty } }, 400);
      expect(res.body.error.details.agents).toEqual([expect.objectContaining({ agent: 'CmdlineExtract' })]);
      await put({ agents: { HuntQueriesExtract: { enabled: false } }, agent_prompts: { HuntQueriesExtract: empty } }, 200);
    });

    it('allow_prompt_warnings saves anyway and reports the warning', async () => {
      const res = await put({ agents: { RegistryExtract: { enabled: true } }, allow_prompt_warnings: true });
      expect(res.body).toMatchObject({ created: true, warnings: [{ code: 'missing_prompt', agent: 'RegistryExtract' }] });
    });

    it('settings-only saves are exempt although ServicesExtract is enabled without a prompt', async () => {
      const res = await put({ thresholds: { SimilarityThreshold: 0.6 }, agents: { ServicesExtract: { temperature: 0.1 } } });
      expect(res.body).toMatchObject({ created: true, warnings: [] });
    });
  });

  describe('rule 2: provider/model pairs', () => {
    it('rejects a model the catalog attributes to another provider, with no override', async () => {
      const res = await put(
        {
          agents: { SigmaAgent: { provider: 'anthropic', model: 'gpt-4.1' }, RankAgent: { provider: 'ollama', model: 'claude-haiku-4-5' } },
          allow_prompt_warnings: true,
        },
        400,
      );
      expect(res.body.error.code).toBe('provider_model_mismatch');
      expect(res.body.error.details.agents).toEqual([
        { agent: 'RankAgent', provider: 'ollama', model: 'claude-haiku-4-5', catalog_providers: ['anthropic'] },
        { agent: 'SigmaAgent', provider: 'anthropic', model: 'gpt-4.1', catalog_providers: ['openai'] },
      ]);
    });

    it('never rejects models absent from the catalog, and lets codex run OpenAI models', async () => {
      await put({ agents: { SigmaAgent: { provider: 'ollama', model: 'qwen2.5:14b' } } });
      await put({ agents: { SigmaAgent: { provider: 'openai', model: 'gpt-6-preview' } } });
      const res = await put({ agents: { SigmaAgent: { provider: 'provider_sub', model: 'gpt-5' } } });
      expect(res.body.agents.SigmaAgent).toMatchObject({ provider: 'codex', model: 'gpt-5' });
    });

    it('checks an extractor that inherits a changed ExtractAgent pair', async () => {
      await put({
        agents: { ExtractAgent: { provider: 'openai', model: 'gpt-4.1' }, CmdlineExtract: { provider: 'openai', model: null } },
      });
      const res = await put({ agents: { ExtractAgent: { provider: 'anthropic', model: 'gpt-4o' } } }, 400);
      const agents = (res.body.error.details.agents as Array<{ agent: string }>).map((entry) => entry.agent);
      expect(agents).toContain('ExtractAgent');
      expect(agents).toContain('CmdlineExtract');
    });

    it('only checks pairs changed by the request', async () => {
      // A mismatch already stored (e.g. from before the catalog knew the model) does not block other saves.
      const active = await harness.ctx.db.prisma.workflowConfigVersion.findFirstOrThrow({ where: { isActive: true } });
      const config = active.config as { agents: Record<string, Record<string, unknown>> };
      config.agents['OSDetectionAgent'] = { ...config.agents['OSDetectionAgent'], provider: 'anthropic', model: 'gpt-4.1' };
      await harness.ctx.db.prisma.workflowConfigVersion.update({
        where: { id: active.id },
        data: { config: config as unknown as Prisma.InputJsonValue },
      });
      await put({ thresholds: { MinHuntScore: 90 } }, 200);
      await put({ agents: { OSDetectionAgent: { provider: 'openai' } } }, 200);
    });
  });

  describe('rule 3: efforts', () => {
    it('rejects an effort outside the model’s levels, naming {Agent}_effort', async () => {
      const res = await put({ agents: { RankAgent: { provider: 'openai', model: 'gpt-5-mini', effort: 'xhigh' } } }, 400);
      expect(res.body.error).toMatchObject({
        code: 'invalid_effort',
        details: {
          agents: [
            {
              agent: 'RankAgent',
              field: 'RankAgent_effort',
              effort: 'xhigh',
              model: 'gpt-5-mini',
              allowed: ['minimal', 'low', 'medium', 'high'],
            },
          ],
        },
      });
    });

    it('rejects any effort for a model without effort levels, accepts a listed one and unknown models', async () => {
      expect((await put({ agent_models: { RankAgent: 'gpt-4.1-mini', RankAgent_effort: 'low' } }, 400)).body.error.code).toBe(
        'invalid_effort',
      );
      await put({ agents: { RankAgent: { model: 'gpt-5-mini', effort: 'minimal' } } }, 200);
      await put({ agents: { RankAgent: { model: 'gpt-7-experimental', effort: 'ultra' } } }, 200);
    });

    it('uses codex’s live effort levels for the codex provider', async () => {
      await put({ agents: { SigmaAgent: { provider: 'codex', model: 'gpt-5-codex', effort: 'high' } } }, 200);
      const res = await put({ agents: { SigmaAgent: { effort: 'medium' } } }, 400);
      expect(res.body.error.details.agents[0]).toMatchObject({ field: 'SigmaAgent_effort', allowed: ['low', 'high'] });
    });
  });

  describe('auto-trigger threshold', () => {
    it('PATCH changes it in place on the active row; PUT leaves it alone', async () => {
      const before = (await get()).body;
      const patched = await request(harness.app)
        .patch('/api/workflow/config/auto-trigger-threshold')
        .send({ auto_trigger_hunt_score_threshold: 42.5 })
        .expect(200);
      expect(patched.body).toEqual({ version: before.version, auto_trigger_hunt_score_threshold: 42.5 });
      const saved = (await put({ thresholds: { RankingThreshold: 5 }, auto_trigger_hunt_score_threshold: 1 })).body;
      expect(saved).toMatchObject({ version: before.version + 1, auto_trigger_hunt_score_threshold: 42.5 });
    });

    it.each([[101], [-1], ['50']])('PATCH %p is 400 validation_error', async (value) => {
      const res = await request(harness.app)
        .patch('/api/workflow/config/auto-trigger-threshold')
        .send({ auto_trigger_hunt_score_threshold: value })
        .expect(400);
      expect(res.body.error.code).toBe('validation_error');
    });
  });

  describe('GET /api/workflow/config/versions', () => {
    it('pages newest first with total and total_pages, and finds one exact version', async () => {
      const all = configVersionsResponseSchema.parse((await request(harness.app).get('/api/workflow/config/versions').expect(200)).body);
      expect(all).toMatchObject({ page: 1, limit: 20 });
      expect(all.total).toBeGreaterThan(5);
      expect(all.versions[0]?.is_active).toBe(true);
      expect(all.versions.map((v) => v.version)).toEqual([...all.versions.map((v) => v.version)].sort((a, b) => b - a));
      const page2 = (await request(harness.app).get('/api/workflow/config/versions?page=2&limit=2').expect(200)).body;
      expect(page2).toMatchObject({ page: 2, limit: 2, total: all.total, total_pages: Math.ceil(all.total / 2) });
      expect(page2.versions.map((v: { version: number }) => v.version)).toEqual(all.versions.slice(2, 4).map((v) => v.version));
      const exact = (await request(harness.app).get('/api/workflow/config/versions?version=1').expect(200)).body;
      expect(exact).toMatchObject({ total: 1, versions: [{ version: 1, is_active: false }] });
    });

    it.each(['limit=101', 'limit=0', 'page=0', 'version=abc'])('rejects %s with 400 validation_error', async (query) => {
      expect((await request(harness.app).get(`/api/workflow/config/versions?${query}`).expect(400)).body.error.code).toBe(
        'validation_error',
      );
    });
  });

  describe('POST /api/workflow/config/versions/{version}/activate', () => {
    const activate = (version: number | string, body: object = {}) =>
      request(harness.app).post(`/api/workflow/config/versions/${version}/activate`).send(body);

    it('makes an earlier version the next one, with its thresholds, agents and prompts; history stays', async () => {
      const target = workflowConfigResponseSchema.parse(
        (await put({ thresholds: { RankingThreshold: 4.5 }, description: 'to come back to' })).body,
      );
      await request(harness.app)
        .put('/api/workflow/config/prompts')
        .send({ agent_name: 'RankAgent', prompt: { role: 'kept role', task: 't', instructions: 'i' } })
        .expect(200);
      const kept = workflowConfigResponseSchema.parse((await get()).body);
      await put({ thresholds: { RankingThreshold: 9 } });
      await request(harness.app)
        .put('/api/workflow/config/prompts')
        .send({ agent_name: 'RankAgent', prompt: { role: 'later role', task: 't', instructions: 'i' } })
        .expect(200);
      const before = workflowConfigResponseSchema.parse((await get()).body);

      // Earlier tests here leave agents on hosted providers without keys: applied anyway, as told.
      const res = updateWorkflowConfigResponseSchema.parse(
        (await activate(kept.version, { allow_unavailable_providers: true }).expect(200)).body,
      );
      expect(res).toMatchObject({
        created: true,
        version: before.version + 1,
        description: `Re-activated v${kept.version}`,
        thresholds: { ...target.thresholds },
      });
      expect(res.agents).toEqual(kept.agents);
      expect((await request(harness.app).get('/api/workflow/config/prompts/RankAgent').expect(200)).body.prompt.role).toBe('kept role');
      expect((await request(harness.app).get(`/api/workflow/config/versions?version=${before.version}`).expect(200)).body.total).toBe(1);
      // The same again changes nothing.
      expect((await activate(kept.version, { allow_unavailable_providers: true }).expect(200)).body.created).toBe(false);
    });

    it('refuses a version whose providers cannot be used now (409 provider_unavailable), and applies it when told to', async () => {
      const openai = (
        await put({ agents: { RankAgent: { provider: 'openai', model: 'gpt-4.1-mini', effort: null, temperature: 0, top_p: null } } })
      ).body.version as number;
      await put({ agents: { RankAgent: { provider: 'builtin', model: null } } });
      const refused = await activate(openai).expect(409);
      expect(refused.body.error).toMatchObject({ code: 'provider_unavailable' });
      expect(refused.body.error.details.providers).toContainEqual({
        provider: 'openai',
        reason: 'OPENAI_API_KEY is not configured',
        agents: expect.arrayContaining(['RankAgent']),
      });
      expect((await activate(openai, { allow_unavailable_providers: true }).expect(200)).body.agents.RankAgent.provider).toBe('openai');
      await put({ agents: { RankAgent: { provider: 'builtin', model: null } } });
    });

    it('answers 404 config_version_not_found for an unknown version and 400 for a bad one', async () => {
      expect((await activate(99_999).expect(404)).body.error.code).toBe('config_version_not_found');
      expect((await activate('abc').expect(400)).body.error.code).toBe('validation_error');
      expect((await activate(1, { surprise: true }).expect(400)).body.error.code).toBe('validation_error');
    });
  });
});
