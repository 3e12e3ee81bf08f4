import request from 'supertest';
import { tableChangesOf, type Prisma, type PrismaClient } from '@huntforge/data';
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

  // The embedded database's own client stamps by the count of this process's writes; a client the driver does not
  // know (as on PostgreSQL, where other processes write too) asks the database for its fingerprint.
  const embedded = () => harness.ctx.db.prisma;
  const fingerprinted = () => harness.ctx.db.prisma.$extends({}) as unknown as PrismaClient;
  const clients: Array<[string, () => PrismaClient]> = [
    ['the count of its writes (embedded database)', embedded],
    ['the database fingerprint', fingerprinted],
  ];

  it('stamps by the count of writes on the embedded database, and by the database fingerprint without one', async () => {
    expect(tableChangesOf(embedded())).not.toBeNull();
    expect(tableChangesOf(fingerprinted())).toBeNull();
    expect(await new WorkflowConfigRepository(embedded()).activeStamp()).toMatch(/^local:/);
    expect(await new WorkflowConfigRepository(fingerprinted()).activeStamp()).not.toMatch(/^local:/);
  });

  it.each(clients)(
    'reuses the snapshot while nothing changed, and sees every kind of change on the next call (stamp: %s)',
    async (_, client) => {
      const source = createActiveConfigSource(configStores(client()));
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

      // And one in plain SQL, inside a transaction.
      await harness.ctx.db.prisma.$transaction(async (tx) => {
        await tx.$executeRaw`UPDATE workflow_config_versions SET auto_trigger_hunt_score_threshold = 42.5 WHERE is_active`;
      });
      const raw = await source.active();
      expect(raw.autoTriggerThreshold).toBe(42.5);
      expect(await source.active()).toBe(raw);
    },
  );

  it('stamps nothing before a config exists (database fingerprint)', async () => {
    await harness.ctx.db.prisma.workflowConfigVersion.updateMany({ data: { isActive: false } });
    try {
      expect(await new WorkflowConfigRepository(fingerprinted()).activeStamp()).toBeNull();
    } finally {
      const latest = await harness.ctx.db.prisma.workflowConfigVersion.findFirstOrThrow({ orderBy: { version: 'desc' } });
      await harness.ctx.db.prisma.workflowConfigVersion.update({ where: { id: latest.id }, data: { isActive: true } });
    }
  });
});
