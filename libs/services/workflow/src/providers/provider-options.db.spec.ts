import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { modelCatalogFileSchema, providerOptionsResponseSchema, type CatalogUpdateResult } from '@huntforge/contracts/workflow';
import {
  createFakeCodex,
  startFakeAnthropic,
  startFakeOllama,
  startFakeOpenAi,
  type FakeCodex,
  type FakeProviderServer,
} from '@huntforge/testing';
import { startWorkflow, type WorkflowHarness } from '../test-support/workflow-harness';
import { allowlistFilter, CATALOG_JOB_ID } from './catalog-job';

const OPENAI_KEY = 'sk-proj-options-0123456789abcdefgh';

describe('provider options and the model catalog job', () => {
  let openai: FakeProviderServer;
  let anthropic: FakeProviderServer;
  let ollama: FakeProviderServer;
  let codex: FakeCodex;
  let harness: WorkflowHarness;

  beforeAll(async () => {
    openai = await startFakeOpenAi({
      apiKey: OPENAI_KEY,
      models: ['gpt-4.1-mini', 'gpt-9-turbo', 'text-embedding-3-small', 'dall-e-3', 'gpt-4o-mini-tts'],
    });
    anthropic = await startFakeAnthropic();
    ollama = await startFakeOllama({ models: ['llama3.1:8b', 'qwen2.5:14b'] });
    codex = createFakeCodex({
      models: [
        {
          id: 'gpt-5-codex',
          efforts: [
            { level: 'low', description: 'Fast, light reasoning' },
            { level: 'high', description: 'Maximum reasoning depth' },
          ],
          defaultEffort: 'low',
        },
      ],
    });
    harness = await startWorkflow({
      settingsEnv: {
        OPENAI_API_KEY: OPENAI_KEY,
        OPENAI_BASE_URL: openai.baseUrl,
        ANTHROPIC_BASE_URL: anthropic.baseUrl,
        OLLAMA_HOST: ollama.baseUrl,
      },
      serviceEnv: { CODEX_PATH: codex.path },
    });
  });
  afterAll(async () => {
    await harness.close();
    await Promise.all([openai.close(), anthropic.close(), ollama.close()]);
    codex.dispose();
  });

  it('reports availability with reasons, models and capabilities per provider', async () => {
    const res = await request(harness.app).get('/api/workflow/provider-options').expect(200);
    const { providers, aliases } = providerOptionsResponseSchema.parse(res.body);
    expect(providers.openai).toMatchObject({ available: true, reason: null });
    expect(providers.openai.models).toContain('gpt-5-mini');
    expect(providers.openai.model_capabilities['gpt-5-mini']).toEqual({
      supports_temperature: false,
      supports_top_p: false,
      effort_levels: ['minimal', 'low', 'medium', 'high'],
      default_effort: 'medium',
      source: 'capabilities_file',
    });
    expect(providers.anthropic).toMatchObject({ available: false, reason: 'ANTHROPIC_API_KEY is not configured' });
    expect(providers.anthropic.models).toContain('claude-haiku-4-5');
    expect(providers.ollama).toMatchObject({ available: true, models: ['llama3.1:8b', 'qwen2.5:14b'] });
    expect(providers.codex).toMatchObject({
      available: true,
      models: ['gpt-5-codex'],
      model_capabilities: { 'gpt-5-codex': { effort_levels: ['low', 'high'], default_effort: 'low', source: 'codex_live' } },
      effort_descriptions: { 'gpt-5-codex': { low: 'Fast, light reasoning', high: 'Maximum reasoning depth' } },
    });
    expect(providers.builtin).toMatchObject({ available: true, models: [] });
    expect(aliases).toEqual({
      provider_a: 'openai',
      provider_b: 'anthropic',
      provider_local: 'ollama',
      provider_sub: 'codex',
      repohost: 'github',
    });
    expect(JSON.stringify(res.body)).not.toContain(OPENAI_KEY);
  });

  it('refreshes the catalog: allowlist or chat families only, unclassified models reported, failed providers keep their list', async () => {
    const run = await harness.ctx.scheduler.runNow(CATALOG_JOB_ID);
    const detail = run.detail as CatalogUpdateResult;
    expect(detail.providers).toEqual({
      openai: { status: 'updated', models: 2, reason: null },
      anthropic: { status: 'skipped', models: 5, reason: 'ANTHROPIC_API_KEY is not configured' },
    });
    expect(detail.unclassified_models).toEqual(['gpt-9-turbo']);
    expect(detail.warning).toMatch(/gpt-9-turbo/);
    const file = modelCatalogFileSchema.parse(JSON.parse(readFileSync(join(harness.dataDir, 'models', 'model-catalog.json'), 'utf8')));
    expect(file.providers.openai.models).toEqual(['gpt-4.1-mini', 'gpt-9-turbo']);
    expect(file.providers.anthropic.models).toContain('claude-sonnet-4-5');
    const options = (await request(harness.app).get('/api/workflow/provider-options').expect(200)).body;
    expect(options.providers.openai.models).toEqual(['gpt-4.1-mini', 'gpt-9-turbo']);
    expect(options.providers.openai.model_capabilities['gpt-9-turbo']).toMatchObject({ source: 'inferred' });

    openai.enqueue('models', { status: 500 });
    const failed = (await harness.ctx.scheduler.runNow(CATALOG_JOB_ID)).detail as CatalogUpdateResult;
    expect(failed.providers['openai']).toMatchObject({ status: 'kept_previous', models: 2 });
    const kept = modelCatalogFileSchema.parse(JSON.parse(readFileSync(join(harness.dataDir, 'models', 'model-catalog.json'), 'utf8')));
    expect(kept.providers.openai).toMatchObject({ models: ['gpt-4.1-mini', 'gpt-9-turbo'] });
    expect(kept.providers.openai.last_error).toMatch(/HTTP 500/);
  });

  it('applies OPENAI_MODEL_ALLOWLIST with exact ids and prefixes', () => {
    const filter = allowlistFilter('gpt-4.1*, o3');
    expect(['gpt-4.1-mini', 'gpt-4.1', 'o3', 'o3-mini', 'gpt-5'].filter(filter)).toEqual(['gpt-4.1-mini', 'gpt-4.1', 'o3']);
    expect(['gpt-5', 'text-embedding-3-large', 'o4-mini', 'whisper-1'].filter(allowlistFilter(undefined))).toEqual(['gpt-5', 'o4-mini']);
  });
});

describe('provider options when nothing is reachable', () => {
  it('marks ollama and codex unavailable with their reasons', async () => {
    const harness = await startWorkflow({ settingsEnv: { OLLAMA_HOST: 'http://127.0.0.1:9' } });
    try {
      const { providers } = (await request(harness.app).get('/api/workflow/provider-options').expect(200)).body;
      expect(providers.openai).toMatchObject({ available: false, reason: 'OPENAI_API_KEY is not configured' });
      expect(providers.ollama).toMatchObject({ available: false, models: [] });
      expect(providers.ollama.reason).toMatch(/not reachable/);
      expect(providers.codex).toMatchObject({ available: false, models: [] });
      expect(providers.codex.reason).toMatch(/CODEX_PATH/);
      expect(existsSync(join(harness.dataDir, 'models', 'model-catalog.json'))).toBe(false);
    } finally {
      await harness.close();
    }
  });
});
