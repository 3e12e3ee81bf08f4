import { ALL_ROUTES, type ApiRoute } from '@huntforge/contracts/api';
import type { AllInOneHandle } from '@huntforge/platform';
import { createArticle, createSource } from '@huntforge/service-testing';
import { startTestAllInOne, type TestAllInOne } from '../test-support/all-in-one';
import { jsonSchemaOf, replaceAt, sampleOf, stringPositions, type JsonSchema } from './sample-from-schema';

jest.setTimeout(120_000);

/** Over the 1 MB JSON limit every service's body parser enforces. */
const HUGE_BODY = `{"x":"${'a'.repeat(1_100_000)}"}`;
const DEPTH = 10_000;
const deeplyNested = () => `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const BAD_PATH_SEGMENTS = ['%ff', '%', '%00'];
const WRONG_WHOLE_BODIES = ['[]', '"text"'];

interface Probe {
  name: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body?: string;
  contentType?: string;
}

interface Answer {
  route: string;
  probe: string;
  status: number;
  text: string;
}

const RULE_YAML = [
  'title: Certutil Download',
  'id: 11111111-1111-4111-8111-111111111111',
  'status: test',
  'logsource:',
  '  category: process_creation',
  '  product: windows',
  'detection:',
  '  selection:',
  "    Image|endswith: '\\certutil.exe'",
  '  condition: selection',
  'level: medium',
].join('\n');

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Values a schema cannot say (a Sigma rule, a setting's name): where a field of this name appears, this
 * value is used, so the probes reach the handlers rather than stopping at the first "invalid" answer.
 */
const FIELD_HINTS: Record<string, string> = {
  rule_yaml: RULE_YAML,
  key: 'GITHUB_REPO',
  repo: 'acme/rules',
  url: 'https://127.0.0.1:9/feed',
};

function withHints(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withHints);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, typeof item === 'string' && key in FIELD_HINTS ? FIELD_HINTS[key] : withHints(item)]),
  );
}

function sampleRecord(schema: JsonSchema | null): Record<string, string> {
  if (!schema) return {};
  return Object.fromEntries(
    Object.entries((withHints(sampleOf(schema)) ?? {}) as Record<string, unknown>).map(([key, value]) => [key, asText(value)]),
  );
}

/** A wrong-typed stand-in for `value`: a number for a string, text for anything else. */
const wrongTypeFor = (value: unknown) => (typeof value === 'string' ? 12345 : 'not-the-right-type');

/** Every probe for one route, built from its own request schemas. */
function probesFor(route: ApiRoute): Probe[] {
  const params = sampleRecord(route.request?.params ? jsonSchemaOf(route.request.params) : null);
  const query = sampleRecord(route.request?.query ? jsonSchemaOf(route.request.query) : null);
  const bodySchema = route.request?.body?.content['application/json'].schema;
  const body = bodySchema ? withHints(sampleOf(jsonSchemaOf(bodySchema))) : {};
  const json = (value: unknown, name: string): Probe => ({ name, params, query, body: JSON.stringify(value) });
  const raw = (text: string, name: string, contentType = 'application/json'): Probe => ({ name, params, query, body: text, contentType });

  if (!bodySchema) {
    // The handler never reads a body here: only what the body parser itself decides is worth sending (the
    // form-encoded probe doubles as the plain call, so actions such as a backup run as few times as possible).
    const probes: Probe[] = [];
    for (const key of Object.keys(params)) {
      for (const segment of BAD_PATH_SEGMENTS)
        probes.push({ name: `path ${key}=${segment}`, params: { ...params, [key]: segment }, query });
    }
    for (const key of Object.keys(query)) probes.push({ name: `query ${key} with NUL`, params, query: { ...query, [key]: 'a\u0000b' } });
    probes.push(
      raw(HUGE_BODY, 'body over the size limit'),
      raw(deeplyNested(), `body nested ${DEPTH} deep`),
      raw('a=1&b=2', 'form-encoded body', 'application/x-www-form-urlencoded'),
    );
    return probes;
  }
  const probes: Probe[] = [json(body, 'valid body')];
  for (const key of Object.keys(params)) {
    for (const segment of BAD_PATH_SEGMENTS)
      probes.push({ name: `path ${key}=${segment}`, params: { ...params, [key]: segment }, query, body: JSON.stringify(body) });
  }
  for (const key of Object.keys(query))
    probes.push({ name: `query ${key} with NUL`, params, query: { ...query, [key]: 'a\u0000b' }, body: JSON.stringify(body) });
  for (const position of stringPositions(body)) {
    probes.push(
      json(
        replaceAt(body, position, (current) => `${String(current)}\u0000tail`),
        `NUL in body.${position.join('.')}`,
      ),
    );
  }
  for (const text of WRONG_WHOLE_BODIES) probes.push(raw(text, `whole body ${text}`));
  const topLevel = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  for (const [key, value] of Object.entries(topLevel)) {
    probes.push(json({ ...topLevel, [key]: wrongTypeFor(value) }, `wrong type for body.${key}`));
    const marker = `"__deep_${key}__"`;
    probes.push(
      raw(JSON.stringify({ ...topLevel, [key]: `__deep_${key}__` }).replace(marker, deeplyNested()), `body.${key} nested ${DEPTH} deep`),
    );
  }
  probes.push(raw(HUGE_BODY, 'body over the size limit'));
  probes.push(raw(deeplyNested(), `body nested ${DEPTH} deep`));
  probes.push(raw(JSON.stringify(body), 'JSON sent as text/plain', 'text/plain'));
  probes.push(raw('a=1&b=2', 'form-encoded body', 'application/x-www-form-urlencoded'));
  return probes;
}

function urlOf(base: string, route: ApiRoute, probe: Probe): string {
  // Parameters go in as given (already encoded or deliberately broken), so the server sees `%ff` itself.
  const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => probe.params[name] ?? 'x');
  const search = new URLSearchParams(probe.query).toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

/**
 * Every POST/PUT/PATCH/DELETE route from the route definitions in libs/contracts (none listed by hand),
 * sent through the all-in-one gateway with broken paths, NUL characters in each string field, wrong
 * types, an oversized body, a body nested 10,000 deep and bodies that are not JSON. No answer may be a
 * 5xx, and every 4xx carries an error code.
 */
describe('write-route fuzz through the all-in-one gateway', () => {
  let service: TestAllInOne;
  let handle: AllInOneHandle;
  const answers: Answer[] = [];
  const writeRoutes = ALL_ROUTES.filter((route) => route.method !== 'get');

  beforeAll(async () => {
    service = await startTestAllInOne({
      RATE_LIMIT_PER_MINUTE: '0',
      RATE_LIMIT_EXPENSIVE_PER_MINUTE: '0',
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '0',
    });
    handle = service.handle;
    // Rows with id 1, so probes with sampled ids reach past "not found" into the handlers.
    const { prisma } = handle.ctx.db;
    const source = await createSource(prisma, { identifier: 'fuzz-src', name: 'Fuzz' });
    await createArticle(prisma, { sourceId: source.id, title: 'Fuzz', content: 'certutil.exe -urlcache', huntScore: 12 });
    const queued = await fetch(`${handle.url}/api/sigma-queue`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rule_yaml: RULE_YAML }),
    });
    expect(queued.status).toBe(201);

    for (const route of writeRoutes) {
      for (const probe of probesFor(route)) {
        const response = await fetch(urlOf(handle.url, route, probe), {
          method: route.method.toUpperCase(),
          headers: { 'content-type': probe.contentType ?? 'application/json', accept: 'application/json, text/event-stream' },
          body: probe.body,
        });
        answers.push({
          route: `${route.method.toUpperCase()} ${route.path}`,
          probe: probe.name,
          status: response.status,
          text: await response.text(),
        });
      }
    }
  }, 300_000);

  afterAll(() => service?.stop());

  it('probes every write route the contracts define', () => {
    expect(writeRoutes.length).toBeGreaterThan(50);
    expect(new Set(answers.map((answer) => answer.route)).size).toBe(writeRoutes.length);
    expect(answers.filter((answer) => answer.probe.startsWith('NUL in body')).length).toBeGreaterThan(50);
  });

  it('answers no probe with a 5xx', () => {
    const failures = answers
      .filter((answer) => answer.status >= 500)
      .map((answer) => `${answer.status} ${answer.route} [${answer.probe}] ${answer.text.slice(0, 200)}`);
    expect(failures).toEqual([]);
  });

  it('gives every 4xx an error code', () => {
    const uncoded = answers
      .filter((answer) => answer.status >= 400 && answer.status < 500)
      .filter((answer) => {
        try {
          const body = JSON.parse(answer.text) as { jsonrpc?: unknown; error?: { code?: unknown } };
          // /mcp speaks JSON-RPC, whose error codes are numbers by that protocol.
          const coded = body.jsonrpc === '2.0' ? typeof body.error?.code === 'number' : typeof body.error?.code === 'string';
          return !coded;
        } catch {
          return true;
        }
      })
      .map((answer) => `${answer.status} ${answer.route} [${answer.probe}] ${answer.text.slice(0, 200)}`);
    expect(uncoded).toEqual([]);
  });

  it('refuses an oversized body with 413 on every route that accepts the method at all', () => {
    const refusingRoutes = new Set(
      writeRoutes.filter((route) => route.successStatus >= 400).map((route) => `${route.method.toUpperCase()} ${route.path}`),
    );
    const oversized = answers.filter((answer) => answer.probe === 'body over the size limit');
    expect(oversized.length).toBe(writeRoutes.length);
    expect(
      oversized
        .filter((answer) => answer.status !== 413 && !refusingRoutes.has(answer.route))
        .map((answer) => `${answer.status} ${answer.route}`),
    ).toEqual([]);
  });
});
