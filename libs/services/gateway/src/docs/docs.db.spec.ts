import request from 'supertest';
import { startGateway, type GatewayHarness } from '../test-support/gateway-harness';

describe('API docs', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  it('serves the generated OpenAPI 3.1 document without a token', async () => {
    const res = await request(gateway.app).get('/openapi.json').expect(200).expect('content-type', /json/);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/health', '/api/health/celery', '/api/scheduled-jobs', '/api/tokens', '/api/tokens/{id}']),
    );
    expect(res.body.paths['/api/scheduled-jobs'].put['x-required-role']).toBe('admin');
  });

  it('serves Swagger UI pointing at /openapi.json, with local assets only', async () => {
    const page = await request(gateway.app).get('/docs').expect(200).expect('content-type', /html/);
    const assetPaths = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(assetPaths.length).toBeGreaterThanOrEqual(3);
    for (const path of assetPaths) expect(path.startsWith('/docs/')).toBe(true);

    const init = await request(gateway.app)
      .get('/docs/huntforge-init.js')
      .expect(200)
      .expect('content-type', /javascript/);
    expect(init.text).toContain("url: '/openapi.json'");
    expect(init.text).not.toContain('petstore');

    const bundle = await request(gateway.app)
      .get('/docs/swagger-ui-bundle.js')
      .expect(200)
      .expect('content-type', /javascript/);
    expect(bundle.text).toContain('SwaggerUIBundle');
    await request(gateway.app).get('/docs/swagger-ui.css').expect(200).expect('content-type', /css/);
  });

  it("never serves swagger-ui-dist's petstore initializer", async () => {
    const res = await request(gateway.app).get('/docs/swagger-initializer.js');
    expect(res.status).toBe(404);
  });
});
