import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACTOR_HEADER, ROLE_HEADER } from '@huntforge/contracts/http';
import { createDb, type Db } from '@huntforge/data';
import { identitySignatureHeaders } from '@huntforge/platform';
import { createArticle } from '@huntforge/service-testing';
import { createScratchDatabase, createScratchVhost, infraUrl, waitFor, type ScratchDatabase, type ScratchVhost } from '@huntforge/test-kit';
import { freePort, repoRoot, runCli, spawnApp, terminate, waitForStatus } from './test-support/processes';

const databaseServer = infraUrl('postgres');
const broker = infraUrl('rabbitmq');
const describeDistributed = databaseServer && broker ? describe : describe.skip;

// A workflow worker killed with SIGKILL in the middle of a run, on real PostgreSQL and RabbitMQ: another
// worker takes the run over once its heartbeat is stale and completes it exactly once.
describeDistributed('workflow run taken over after its worker is killed', () => {
  let database: ScratchDatabase;
  let vhost: ScratchVhost;
  let db: Db;
  let env: Record<string, string>;
  const signingKey = randomBytes(32);
  const children: ChildProcess[] = [];

  async function startApp(app: string): Promise<{ child: ChildProcess; url: string }> {
    const port = await freePort();
    const child = spawnApp(app, { ...env, PORT: String(port) });
    children.push(child);
    const url = `http://127.0.0.1:${port}`;
    await waitForStatus(`${url}/health/ready`, 200, 90_000);
    return { child, url };
  }

  beforeAll(async () => {
    database = await createScratchDatabase(databaseServer ?? '');
    vhost = await createScratchVhost(broker ?? '');
    env = {
      DATABASE_URL: database.url,
      AMQP_URL: vhost.url,
      IDENTITY_SIGNING_KEY: signingKey.toString('hex'),
      EXECUTION_STALE_AFTER_SECONDS: '3',
      EXECUTION_HEARTBEAT_MS: '500',
      PEER_REQUEST_TIMEOUT_MS: '180000',
    };
    const migrated = runCli(['db', 'migrate'], env);
    expect(migrated.stdout).toContain('database (postgres): applied');
    db = await createDb({ databaseUrl: database.url });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(children.map((child) => terminate(child)));
    await db?.close();
    await vhost?.dispose();
    await database?.drop();
  }, 60_000);

  it('completes the run once, on the second worker, closing the dead worker’s stage as abandoned', async () => {
    const content = readFileSync(join(repoRoot, 'fixtures', 'eval', '01-win-qbot-to-cobaltstrike.md'), 'utf8');
    const article = await createArticle(db.prisma, { title: 'QakBot-style intrusion', content, huntScore: 80 });

    // Worker A alone: no content-filter is running, so the run waits in platform detection.
    const first = await startApp('workflow');
    // Called directly, as the gateway would: the workflow refuses requests without the gateway's signature.
    const triggerPath = `/api/workflow/articles/${article.id}/trigger?force=true`;
    const identity = { method: 'POST', url: triggerPath, actor: 'takeover-spec', role: 'admin' };
    const triggered = await fetch(`${first.url}${triggerPath}`, {
      method: 'POST',
      headers: { [ACTOR_HEADER]: identity.actor, [ROLE_HEADER]: identity.role, ...identitySignatureHeaders(signingKey, identity) },
    });
    expect(triggered.status).toBe(202);
    const { execution_id: id } = (await triggered.json()) as { execution_id: number };
    await waitFor(
      'worker A to be inside platform detection',
      async () => {
        const row = await db.prisma.workflowExecution.findUnique({ where: { id } });
        return row?.status === 'running' && row.currentStep === 'platform_detection';
      },
      60_000,
    );
    const ownerA = (await db.prisma.workflowExecution.findUnique({ where: { id } }))?.workerId;

    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;
    children.splice(children.indexOf(first.child), 1);

    // The services the pipeline asks, and worker B.
    await Promise.all([startApp('content-filter'), startApp('sigma-queue'), startApp('workflow')]);
    await waitFor(
      'worker B to complete the run',
      async () => {
        const row = await db.prisma.workflowExecution.findUnique({ where: { id } });
        return row?.status === 'completed' || row?.status === 'failed';
      },
      150_000,
    );

    const row = await db.prisma.workflowExecution.findUnique({ where: { id }, include: { stages: { orderBy: { id: 'asc' } } } });
    expect(row?.error).toBeNull();
    expect(row?.status).toBe('completed');
    expect(row?.workerId).not.toBe(ownerA);
    const byStage = (stage: string) => row?.stages.filter((record) => record.stage === stage) ?? [];
    expect(byStage('platform_detection').map((record) => record.status)).toEqual(['failed', 'completed']);
    expect(byStage('platform_detection')[0]?.error).toMatch(/^abandoned: its worker \(.+\) stopped; run taken over by /);
    expect(byStage('similarity').map((record) => record.status)).toEqual(['completed']);
    const rules = (row?.sigmaRules ?? []) as Array<{ queue: { outcome: string; queue_id?: number } }>;
    const queuedIds = rules.filter((rule) => rule.queue.outcome === 'queued').map((rule) => rule.queue.queue_id);
    expect(queuedIds.length).toBeGreaterThan(0);
    const items = await db.prisma.sigmaQueueItem.findMany({ where: { workflowExecutionId: id } });
    expect(items.map((item) => item.id).sort()).toEqual([...queuedIds].sort());
  }, 300_000);
});
