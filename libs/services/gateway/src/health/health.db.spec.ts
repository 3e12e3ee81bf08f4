import request from 'supertest';
import { QUEUES } from '@huntforge/contracts';
import { healthResponseSchema, workerHealthResponseSchema } from '@huntforge/contracts/http';
import { startGateway, type GatewayHarness } from '../test-support/gateway-harness';

describe('health routes', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await startGateway({
      serviceHealth: {
        ingestion: async () => ({ status: 'up' }),
        workflow: async () => ({ status: 'down', detail: { reason: 'not started' } }),
      },
    });
  });
  afterAll(() => gateway.close());

  it('GET /health reports the database with its latency, without a token', async () => {
    const res = await request(gateway.app).get('/health').expect(200);
    const body = healthResponseSchema.parse(res.body);
    expect(body.status).toBe('up');
    expect(body.components['database']).toEqual({ status: 'up', latency_ms: expect.any(Number) });
    expect(res.headers['cache-control']).toBe('no-store');
    // Written as bytes (no res.json): still JSON with its length, so clients and load balancers read it the same.
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
  });

  it('GET /api/health reports the database and the bus', async () => {
    const res = await request(gateway.app).get('/api/health').expect(200);
    expect(Object.keys(healthResponseSchema.parse(res.body).components).sort()).toEqual(['bus', 'database']);
  });

  it('GET /api/health/database reports only the database', async () => {
    const res = await request(gateway.app).get('/api/health/database').expect(200);
    expect(Object.keys(res.body.components)).toEqual(['database']);
  });

  it('GET /api/health/services reports each service and 503 when one is down', async () => {
    const res = await request(gateway.app).get('/api/health/services').expect(503);
    const body = healthResponseSchema.parse(res.body);
    expect(body.status).toBe('down');
    expect(body.components['ingestion']?.status).toBe('up');
    expect(body.components['workflow']).toMatchObject({ status: 'down', detail: { reason: 'not started' } });
  });

  it('GET /api/health/celery reports the workflow queue: down without consumers, up with one', async () => {
    const idle = await request(gateway.app).get('/api/health/celery').expect(503);
    expect(workerHealthResponseSchema.parse(idle.body)).toMatchObject({ status: 'down', queue: QUEUES.workflowExecutions, consumers: 0 });

    const subscription = await gateway.bus.subscribe(QUEUES.workflowExecutions, ['workflow.execution.requested'], async () => undefined);
    try {
      const busy = await request(gateway.app).get('/api/health/celery').expect(200);
      expect(busy.body).toMatchObject({ status: 'up', consumers: 1, queue_depth: 0, dead_lettered: 0 });
    } finally {
      await subscription.cancel();
    }
  });
});

describe('health when the database is gone', () => {
  it('GET /health answers 503 with the database down', async () => {
    const gateway = await startGateway();
    try {
      await gateway.db.close();
      const res = await request(gateway.app).get('/health').expect(503);
      expect(res.body.status).toBe('down');
      expect(res.body.components.database.status).toBe('down');
    } finally {
      await gateway.close();
    }
  });
});
