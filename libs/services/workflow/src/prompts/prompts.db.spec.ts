import request from 'supertest';
import {
  ANY_PROMPT_AGENT_NAMES,
  promptDefaultsResponseSchema,
  promptListResponseSchema,
  promptVersionsResponseSchema,
} from '@huntforge/contracts/workflow';
import { startWorkflow, type WorkflowHarness } from '../test-support/workflow-harness';

const base = '/api/workflow/config/prompts';

describe('workflow prompts', () => {
  let harness: WorkflowHarness;
  beforeAll(async () => {
    harness = await startWorkflow();
  });
  afterAll(() => harness.close());

  const app = () => request(harness.app);

  it('seeds a written default prompt for every agent and lists them with the legacy keys', async () => {
    const list = promptListResponseSchema.parse((await app().get(base).expect(200)).body);
    expect(Object.keys(list.prompts)).toEqual([...ANY_PROMPT_AGENT_NAMES]);
    for (const view of Object.values(list.prompts)) {
      expect(view.version).toBe(1);
      expect(view.prompt?.role.length).toBeGreaterThan(20);
      expect(view.prompt?.instructions.length).toBeGreaterThan(100);
      expect(view.prompt?.json_example).toBeDefined();
    }
    expect(list.prompts['CmdlineExtract']?.prompt?.instructions).toMatch(/untrusted data/);
  });

  it('serves the defaults with the on-disk user template (SigmaAgent: sigma_generate_multi.txt)', async () => {
    const sigma = promptDefaultsResponseSchema.parse((await app().get(`${base}/defaults/SigmaAgent`).expect(200)).body);
    expect(sigma.template_file).toBe('sigma_generate_multi.txt');
    expect(sigma.user_template).toMatch(/\{observables\}/);
    expect(sigma.system_prompt).toContain(sigma.prompt.role);
    const rank = (await app().get(`${base}/defaults/RankAgent`).expect(200)).body;
    expect(rank).toMatchObject({ template_file: null, user_template: null });
    expect((await app().get(`${base}/defaults/SigmaRepair`).expect(200)).body.agent_name).toBe('SigmaRepair');
  });

  it('accepts OSDetectionAgent and SigmaRepair on the legacy routes only; anything else is unknown_agent', async () => {
    await app().get(`${base}/OSDetectionAgent`).expect(200);
    await app()
      .put(base)
      .send({ agent_name: 'SigmaRepair', prompt: { role: 'fixer', task: 'fix', instructions: 'fix rules' } })
      .expect(200);
    for (const path of [`${base}/OSDetectionAgent/versions`, `${base}/SigmaRepair/by-config-version/1`]) {
      expect((await app().get(path).expect(400)).body.error.code).toBe('unknown_agent');
    }
    for (const name of ['RankAgentQA', 'CmdLineQA', 'ExtractAgent', 'MadeUpAgent']) {
      const res = await app().get(`${base}/${name}`).expect(400);
      expect(res.body.error).toMatchObject({ code: 'unknown_agent', details: { agents: [name] } });
    }
    expect(
      (
        await app()
          .put(base)
          .send({ agent_name: 'RankAgentQA', prompt: { role: 'x' } })
          .expect(400)
      ).body.error.message,
    ).toMatch(/removed/);
  });

  it('versions each save with its config version; aliases system/objective are folded', async () => {
    const before = (await app().get('/api/workflow/config').expect(200)).body.version as number;
    const res = await app()
      .put(base)
      .send({
        agent_name: 'RankAgent',
        prompt: { system: 'You are a strict triager.', objective: 'Score 0-10.', instructions: 'Be strict.' },
        change_description: 'stricter',
      })
      .expect(200);
    expect(res.body).toMatchObject({ agents: ['RankAgent'], config_version: before + 1 });
    expect(res.body.prompts.RankAgent).toMatchObject({
      version: 2,
      prompt: { role: 'You are a strict triager.', task: 'Score 0-10.', instructions: 'Be strict.' },
    });
    const versions = promptVersionsResponseSchema.parse((await app().get(`${base}/RankAgent/versions`).expect(200)).body);
    expect(versions.current_version).toBe(2);
    expect(versions.versions.map((v) => [v.version, v.config_version, v.change_description])).toEqual([
      [2, before + 1, 'stricter'],
      [1, 1, 'Default prompts'],
    ]);
    // The same prompt again changes nothing.
    const same = await app()
      .put(base)
      .send({ agent_name: 'RankAgent', prompt: { role: 'You are a strict triager.', task: 'Score 0-10.', instructions: 'Be strict.' } })
      .expect(200);
    expect(same.body).toMatchObject({ agents: [], config_version: before + 1 });
  });

  it('looks prompts up by config version', async () => {
    const atOne = (await app().get(`${base}/RankAgent/by-config-version/1`).expect(200)).body;
    expect(atOne).toMatchObject({ config_version: 1, prompt_version: 1 });
    expect(atOne.prompt.role).not.toBe('You are a strict triager.');
    const active = (await app().get('/api/workflow/config').expect(200)).body.version;
    expect((await app().get(`${base}/RankAgent/by-config-version/${active}`).expect(200)).body).toMatchObject({ prompt_version: 2 });
    expect((await app().get(`${base}/RankAgent/by-config-version/999`).expect(404)).body.error.code).toBe('config_version_not_found');
  });

  it('rolls back to an earlier version as a new version', async () => {
    const res = await app().post(`${base}/RankAgent/rollback`).send({ version: 1 }).expect(200);
    expect(res.body.prompts.RankAgent.version).toBe(3);
    const v1 = (await app().get(`${base}/RankAgent/by-config-version/1`).expect(200)).body.prompt;
    expect(res.body.prompts.RankAgent.prompt).toEqual(v1);
    expect((await app().post(`${base}/RankAgent/rollback`).send({ version: 42 }).expect(404)).body.error.code).toBe(
      'prompt_version_not_found',
    );
    expect((await app().post(`${base}/RankAgent/rollback`).send({}).expect(400)).body.error.code).toBe('validation_error');
  });

  it('bootstrap wholesale replaces the nine prompts; reset-to-defaults restores only the named agents', async () => {
    const boot = await app()
      .post(`${base}/bootstrap`)
      .send({
        prompts: { RankAgent: { role: 'r', task: 't', instructions: 'i' }, SigmaAgent: { role: 's', task: 't', instructions: 'i' } },
      })
      .expect(200);
    expect(boot.body.agents).toHaveLength(9);
    const list = (await app().get(base).expect(200)).body.prompts;
    expect(list.RankAgent.prompt.role).toBe('r');
    expect(list.CmdlineExtract.prompt).toBeNull();
    // The legacy auxiliary prompts are outside the v2 bootstrap.
    expect(list.SigmaRepair.prompt).not.toBeNull();
    expect(
      (
        await app()
          .post(`${base}/bootstrap`)
          .send({ prompts: { OSDetectionAgent: { role: 'x' } } })
          .expect(400)
      ).body.error.code,
    ).toBe('unknown_agent');

    const reset = await app()
      .post(`${base}/reset-to-defaults`)
      .send({ agent_names: ['CmdlineExtract'] })
      .expect(200);
    expect(reset.body.agents).toEqual(['CmdlineExtract']);
    const after = (await app().get(base).expect(200)).body.prompts;
    const defaults = (await app().get(`${base}/defaults/CmdlineExtract`).expect(200)).body.prompt;
    expect(after.CmdlineExtract.prompt).toEqual(defaults);
    expect(after.ProcTreeExtract.prompt).toBeNull();

    const all = await app().post(`${base}/reset-to-defaults`).send({}).expect(200);
    expect([...all.body.agents].sort()).toEqual([
      'HuntQueriesExtract',
      'NetworkIndicatorExtract',
      'ProcTreeExtract',
      'RankAgent',
      'RegistryExtract',
      'ScheduledTasksExtract',
      'ServicesExtract',
      'SigmaAgent',
    ]);
    expect(
      (
        await app()
          .post(`${base}/reset-to-defaults`)
          .send({ agent_names: ['RankAgentQA'] })
          .expect(400)
      ).body.error.code,
    ).toBe('unknown_agent');
  });
});
