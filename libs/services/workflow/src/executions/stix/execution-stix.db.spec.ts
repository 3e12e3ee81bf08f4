import type { Express } from 'express';
import request from 'supertest';
import { stixBundleSchema, type StixBundle } from '@huntforge/contracts/executions';
import { createExecution } from '@huntforge/service-testing';
import { renderRule, validateRuleDocument } from '@huntforge/sigma';
import { seedArticle } from '../../test-support/seed';
import { startWorkflow, type WorkflowHarness } from '../../test-support/workflow-harness';

const rule = {
  title: 'Rundll32 Loading a DLL From the Public Profile',
  id: '0f6f3c9e-2b1a-4c55-8d1e-6a3b9c2d7e10',
  status: 'experimental',
  description: 'Detects rundll32 running a DLL dropped in C:\\Users\\Public, as the loader in the report does',
  references: ['https://research.example.com/posts/loader'],
  author: 'Huntforge',
  date: '2026-01-01',
  tags: ['attack.defense-impairment', 'attack.t1218.011'],
  logsource: { category: 'process_creation', product: 'windows' },
  detection: { selection: { 'Image|endswith': '\\rundll32.exe', 'CommandLine|contains': '\\Users\\Public\\' }, condition: 'selection' },
  falsepositives: ['Installers that stage DLLs in the public profile'],
  level: 'high',
};

describe('GET /api/workflow/executions/:id/stix', () => {
  let workflow: WorkflowHarness;
  let app: Express;

  beforeAll(async () => {
    workflow = await startWorkflow();
    app = workflow.app;
  }, 120_000);
  afterAll(() => workflow.close());

  it("returns the stored run as a STIX 2.1 bundle: the article as report, the domain and the valid rule as indicators with the team's queries", async () => {
    await workflow.ctx.db.prisma.setting.upsert({
      where: { key: 'SIGMA_CONVERT_TARGETS' },
      create: { key: 'SIGMA_CONVERT_TARGETS', value: 'splunk, kusto:microsoft_xdr, nosuchsiem', isSecret: false },
      update: { value: 'splunk, kusto:microsoft_xdr, nosuchsiem' },
    });
    const articleId = await seedArticle(workflow.ctx.db.prisma, {
      title: 'A loader in the public profile',
      url: 'https://research.example.com/posts/loader',
    });
    const validation = validateRuleDocument(rule);
    expect(validation).toEqual({ valid: true, findings: [] });
    const domain = 'cdn.loader-stage.example';
    const execution = await createExecution(workflow.ctx.db.prisma, articleId, {
      status: 'completed',
      finishedAt: new Date('2026-03-03T08:00:00.000Z'),
      extractionResult: {
        observables: [
          {
            type: 'domain',
            value: domain,
            source_agent: 'NetworkIndicatorExtract',
            evidence: { start: 0, end: domain.length, text: domain },
            confidence: 0.9,
          },
        ],
      },
      sigmaRules: [
        {
          source: 'generated',
          telemetry_class: 'process_creation',
          title: rule.title,
          rule,
          yaml: renderRule(rule),
          validation: { valid: validation.valid, findings: [] },
          level: 'high',
          tags: rule.tags,
          repair_attempts: [],
          fidelity: { ok: true, unsupported_values: [] },
          self_test: { fires: true, events: 1, fired_on: [] },
          queue: { outcome: 'queued' },
        },
      ],
    });

    const response = await request(app).get(`/api/workflow/executions/${execution.id}/stix`).expect(200);
    const bundle: StixBundle = stixBundleSchema.parse(response.body);
    const report = bundle.objects.find((object) => object.type === 'report');
    expect(report?.name).toBe('A loader in the public profile');
    const indicators = bundle.objects.flatMap((object) => (object.type === 'indicator' ? [object] : []));
    expect(
      indicators
        .map((indicator) => [indicator.pattern_type, indicator.pattern_type === 'stix' ? indicator.pattern : indicator.name])
        .sort(),
    ).toEqual([
      ['sigma', rule.title],
      ['stix', `[domain-name:value = '${domain}']`],
    ]);
    expect(indicators.every((indicator) => indicator.spec_version === '2.1')).toBe(true);
    const sigma = indicators.find((indicator) => indicator.pattern_type === 'sigma');
    expect(Object.keys(sigma?.x_huntforge_queries ?? {}).sort()).toEqual(['kusto__microsoft_xdr', 'splunk']);
    expect(sigma?.x_huntforge_queries?.splunk?.[0]).toMatch(/Image="\*\\\\rundll32\.exe"/);
    expect(sigma?.x_huntforge_queries?.kusto__microsoft_xdr?.[0]).toMatch(/^DeviceProcessEvents/);
    expect(sigma?.x_huntforge_query_errors?.nosuchsiem).toMatch(/Unknown target 'nosuchsiem'/);
    expect(indicators.find((indicator) => indicator.pattern_type === 'stix')?.x_huntforge_queries).toBeUndefined();
  });

  it('answers 404 execution_not_found for an unknown execution and 400 for a malformed id', async () => {
    expect((await request(app).get('/api/workflow/executions/987654/stix').expect(404)).body.error.code).toBe('execution_not_found');
    expect((await request(app).get('/api/workflow/executions/abc/stix').expect(400)).body.error.code).toBe('validation_error');
  });
});
