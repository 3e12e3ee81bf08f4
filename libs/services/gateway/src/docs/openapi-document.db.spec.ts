import SwaggerParser from '@apidevtools/swagger-parser';
import request from 'supertest';
import { startGateway } from '../test-support/gateway-harness';

type Operation = { operationId?: string; responses: Record<string, unknown> };
type Document = {
  servers?: Array<{ url: string }>;
  info: { license?: { name: string } };
  paths: Record<string, Record<string, Operation>>;
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/**
 * Pairs of paths a URL could match both of (`/a/{x}/c` and `/a/b/{y}` both take `/a/b/c`), which the service
 * contract fixes and which therefore stay; any new pair fails the test. Agent names are PascalCase, so no agent is
 * called `defaults` and the pairs never meet in practice.
 */
const CONTRACT_AMBIGUITIES = [
  '/api/workflow/config/prompts/defaults/{agent_name} ~ /api/workflow/config/prompts/{agent_name}/rollback',
  '/api/workflow/config/prompts/defaults/{agent_name} ~ /api/workflow/config/prompts/{agent_name}/versions',
];

function ambiguousPairs(paths: string[]): string[] {
  const isParam = (segment: string) => /^\{.+\}$/.test(segment);
  const pairs: string[] = [];
  for (const [index, a] of paths.entries()) {
    for (const b of paths.slice(index + 1)) {
      const sa = a.split('/');
      const sb = b.split('/');
      if (sa.length !== sb.length) continue;
      // Ambiguous when every segment could match and each path has a literal where the other has a parameter.
      const compatible = sa.every((segment, i) => isParam(segment) || isParam(sb[i] ?? '') || segment === sb[i]);
      const aMoreSpecificSomewhere = sa.some((segment, i) => !isParam(segment) && isParam(sb[i] ?? ''));
      const bMoreSpecificSomewhere = sb.some((segment, i) => !isParam(segment) && isParam(sa[i] ?? ''));
      if (compatible && aMoreSpecificSomewhere && bMoreSpecificSomewhere) pairs.push([a, b].sort().join(' ~ '));
    }
  }
  return pairs.sort();
}

describe('the served /openapi.json', () => {
  let document: Document;
  let operations: Array<{ method: string; path: string; operation: Operation }>;

  beforeAll(async () => {
    const gateway = await startGateway();
    try {
      document = (await request(gateway.app).get('/openapi.json').expect(200)).body as Document;
    } finally {
      await gateway.close();
    }
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.has(method))
        .map(([method, operation]) => ({ method, path, operation })),
    );
  });

  it('is a valid OpenAPI 3.1 document for swagger-parser', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('gives every operation a unique camelCase operationId', () => {
    expect(operations.length).toBeGreaterThan(100);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]*$/.test(id ?? ''))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents at least one 4xx on every operation', () => {
    const without = operations.filter(({ operation }) => !Object.keys(operation.responses).some((status) => /^4\d\d$/.test(status)));
    expect(without.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it('names a server and the licence', () => {
    expect(document.servers?.[0]?.url).toBe('/');
    expect(document.info.license?.name).toMatch(/all rights reserved/i);
  });

  it('has no ambiguous paths beyond those the service contract fixes', () => {
    expect(ambiguousPairs(Object.keys(document.paths))).toEqual(CONTRACT_AMBIGUITIES);
  });
});
