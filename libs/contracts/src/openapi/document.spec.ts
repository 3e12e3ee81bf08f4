import { buildOpenApiDocument } from './document';

describe('buildOpenApiDocument', () => {
  const document = buildOpenApiDocument({ version: '1.2.3' });

  it('is an OpenAPI 3.1 document with the bearer scheme', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.2.3');
    expect(document.components?.securitySchemes?.['bearerAuth']).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
  });

  it('says how Sigma cases the engines disagree on are decided', () => {
    expect(document.info.description).toContain('## How Huntforge reads Sigma');
    expect(document.info.description).toMatch(/`field: null` also matches an event without the field/);
  });

  it('lists the gateway routes', () => {
    const paths = document.paths ?? {};
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/health',
        '/api/health',
        '/api/health/database',
        '/api/health/services',
        '/api/health/celery',
        '/api/scheduled-jobs',
        '/api/tokens',
        '/api/tokens/{id}',
      ]),
    );
    expect(paths['/api/scheduled-jobs']?.put?.requestBody).toBeDefined();
    expect(paths['/api/tokens/{id}']?.delete?.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
  });

  it('derives security and auth errors from the access rule', () => {
    const paths = document.paths ?? {};
    const health = paths['/health']?.get;
    expect(health?.security).toEqual([]);
    expect(health?.responses?.['401']).toBeUndefined();

    const putJobs = paths['/api/scheduled-jobs']?.put;
    expect(putJobs?.security).toEqual([{ bearerAuth: [] }]);
    expect(putJobs?.['x-required-role']).toBe('admin');
    expect(Object.keys(putJobs?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    expect(paths['/api/scheduled-jobs']?.get?.['x-required-role']).toBe('viewer');
  });

  it('references the shared error body component', () => {
    expect(document.components?.schemas?.['ErrorBody']).toBeDefined();
    const badRequest = document.paths?.['/api/scheduled-jobs']?.put?.responses?.['400'];
    expect(JSON.stringify(badRequest)).toContain('#/components/schemas/ErrorBody');
    expect(JSON.stringify(badRequest)).toContain('invalid_cron');
  });
});
