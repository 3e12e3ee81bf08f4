import request from 'supertest';
import { startSigmaQueue, type SigmaQueueHarness } from '../test-support/harness';

const RULE = [
  'title: Rundll32 from Office',
  'logsource:',
  '  category: process_creation',
  '  product: windows',
  'detection:',
  '  sel:',
  '    Image|endswith: \\rundll32.exe',
  '    ParentImage|endswith: \\winword.exe',
  '  condition: sel',
  '',
].join('\n');

describe('POST /api/sigma/convert', () => {
  let harness: SigmaQueueHarness;

  // Migrating the embedded database is slow on a busy machine.
  beforeAll(async () => {
    harness = await startSigmaQueue();
  }, 180_000);

  afterAll(async () => {
    await harness.close();
  });

  afterEach(async () => {
    await harness.ctx.db.prisma.setting.deleteMany({ where: { key: 'SIGMA_CONVERT_TARGETS' } });
  });

  const convert = (body: unknown) =>
    request(harness.app)
      .post('/api/sigma/convert')
      .send(body as object);

  it("converts to the team's default targets (splunk, kusto, lucene) when none are named", async () => {
    const response = await convert({ rule_yaml: RULE });
    expect(response.status).toBe(200);
    expect(response.body.results.map((result: { target: string }) => result.target)).toEqual(['splunk', 'kusto', 'lucene']);
    expect(response.body.results[0]).toEqual({
      target: 'splunk',
      pipelines: [],
      output_format: null,
      queries: ['Image="*\\\\rundll32.exe" ParentImage="*\\\\winword.exe"'],
      error: null,
    });
    expect(response.body.results[1].queries).toEqual(['Image endswith "\\\\rundll32.exe" and ParentImage endswith "\\\\winword.exe"']);
  });

  it('uses the stored setting SIGMA_CONVERT_TARGETS with its pipelines', async () => {
    await harness.ctx.db.prisma.setting.create({
      data: { key: 'SIGMA_CONVERT_TARGETS', value: 'kusto:microsoft_xdr,eql', isSecret: false },
    });
    const response = await convert({ rule_yaml: RULE });
    expect(response.status).toBe(200);
    expect(response.body.results.map((result: { target: string; pipelines: string[] }) => [result.target, result.pipelines])).toEqual([
      ['kusto', ['microsoft_xdr']],
      ['eql', []],
    ]);
    expect(response.body.results[0].queries).toEqual([
      'DeviceProcessEvents\n| where FolderPath endswith "\\\\rundll32.exe" and InitiatingProcessFolderPath endswith "\\\\winword.exe"',
    ]);
  });

  it('answers the named targets, with an output format, and an error beside a target that cannot express the rule', async () => {
    const antivirus = RULE.replace('category: process_creation', 'category: antivirus');
    const response = await convert({
      rule_yaml: antivirus,
      targets: [
        { target: 'lucene', output_format: 'kibana_ndjson' },
        { target: 'kusto', pipelines: ['microsoft_xdr'] },
      ],
    });
    expect(response.status).toBe(200);
    const [lucene, kusto] = response.body.results;
    expect(lucene.error).toBeNull();
    expect(lucene.queries[0]).toMatchObject({ type: 'search', attributes: { title: 'SIGMA - Rundll32 from Office' } });
    expect(kusto).toMatchObject({ target: 'kusto', queries: [], error: { kind: 'SigmaTransformationError' } });
    expect(kusto.error.message).toMatch(/query table/);
  });

  it.each([
    ['an unknown target', 'unknown_target', { rule_yaml: RULE, targets: [{ target: 'qradar' }] }, /Unknown target 'qradar'/],
    [
      'an unknown pipeline',
      'unknown_pipeline',
      { rule_yaml: RULE, targets: [{ target: 'kusto', pipelines: ['no_such_pipeline'] }] },
      /no_such_pipeline/,
    ],
    [
      'an output format the target lacks',
      'unknown_output_format',
      { rule_yaml: RULE, targets: [{ target: 'splunk', output_format: 'kibana_ndjson' }] },
      /kibana_ndjson/,
    ],
    ['text that is no Sigma rule', 'invalid_sigma', { rule_yaml: 'title: [' }, /YAML does not parse/],
    ['a list that is no rule', 'invalid_sigma', { rule_yaml: '- a\n- b\n' }, /must be a YAML mapping/],
    ['a missing rule', 'validation_error', { targets: [{ target: 'splunk' }] }, /rule_yaml/],
  ])('refuses %s with 400 %s', async (_what, code, body, message) => {
    const response = await convert(body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(code);
    expect(JSON.stringify(response.body.error)).toMatch(message);
  });

  it('says when the unknown target comes from the setting', async () => {
    await harness.ctx.db.prisma.setting.create({ data: { key: 'SIGMA_CONVERT_TARGETS', value: 'splunk,arcsight', isSecret: false } });
    const response = await convert({ rule_yaml: RULE });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'unknown_target' });
    expect(response.body.error.message).toMatch(/SIGMA_CONVERT_TARGETS/);
  });
});
