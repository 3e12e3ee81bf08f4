import request from 'supertest';
import type { Prisma } from '@huntforge/data';
import { startWorkflow, type WorkflowHarness } from '../test-support/workflow-harness';
import { WorkflowConfigRepository } from '../repositories/config-repository';
import { createActiveConfigSource } from './active-config';
import { configStores } from '../repositories/config-stores';

describe('the active config source executions snapshot from', () => {
  let harness: WorkflowHarness;
  beforeAll(async () => {
    harness = await startWorkflow();
  });
  afterAll(async () => harness.close());

  const api = () => request(harness.app);

  it('reuses the snapshot while nothing changed, and sees every kind of change on the next call', async () => {
    const source = createActiveConfigSource(configStores(harness.ctx.db.prisma));
    const first = await source.active();
    expect(await source.active()).toBe(first);

    await api()
      .put('/api/workflow/config')
      .send({ thresholds: { RankingThreshold: 8 } })
      .expect(200);
    const saved = await source.active();
    expect(saved.version).toBe(first.version + 1);
    expect(saved.snapshot.thresholds.RankingThreshold).toBe(8);

    await api().patch('/api/workflow/config/auto-trigger-threshold').send({ auto_trigger_hunt_score_threshold: 61.5 }).expect(200);
    const patched = await source.active();
    expect(patched.version).toBe(saved.version);
    expect(patched.autoTriggerThreshold).toBe(61.5);

    await api()
      .put('/api/workflow/config/prompts')
      .send({
        agent_name: 'RankAgent',
        prompt: { role: 'You are a strict triager.', task: 'Score 0-10.', instructions: 'Only count commands.' },
      })
      .expect(200);
    const prompted = await source.active();
    expect(prompted.snapshot.prompts['RankAgent']).toMatchObject({ instructions: 'Only count commands.' });

    // A write that bypasses the service (another replica, an operator) is seen too.
    const active = await harness.ctx.db.prisma.workflowConfigVersion.findFirstOrThrow({ where: { isActive: true } });
    const config = active.config as { thresholds: Record<string, number> };
    await harness.ctx.db.prisma.workflowConfigVersion.update({
      where: { id: active.id },
      data: { config: { ...config, thresholds: { ...config.thresholds, RankingThreshold: 3 } } as unknown as Prisma.InputJsonValue },
    });
    expect((await source.active()).snapshot.thresholds.RankingThreshold).toBe(3);
  });

  it('stamps nothing before a config exists', async () => {
    await harness.ctx.db.prisma.workflowConfigVersion.updateMany({ data: { isActive: false } });
    try {
      expect(await new WorkflowConfigRepository(harness.ctx.db.prisma).activeStamp()).toBeNull();
    } finally {
      const latest = await harness.ctx.db.prisma.workflowConfigVersion.findFirstOrThrow({ orderBy: { version: 'desc' } });
      await harness.ctx.db.prisma.workflowConfigVersion.update({ where: { id: latest.id }, data: { isActive: true } });
    }
  });
});
