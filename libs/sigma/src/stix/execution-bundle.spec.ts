import Ajv from 'ajv';
import { stixBundleSchema, type ExecutionRuleRecord, type StixBundle } from '@huntforge/contracts/executions';
import type { Observable } from '@huntforge/contracts/extraction';
import type { SigmaRule } from '@huntforge/contracts/sigma';
import { parseTargetList } from '../convert/convert-targets';
import { renderRule } from '../render/render-rule';
import { executionStixBundle } from './execution-bundle';
import bundleSchema from './schemas/bundle.json';
import commonSchema from './schemas/common.json';
import identitySchema from './schemas/identity.json';
import indicatorSchema from './schemas/indicator.json';
import relationshipSchema from './schemas/relationship.json';
import reportSchema from './schemas/report.json';

const validateBundle = new Ajv({ allErrors: true })
  .addSchema([commonSchema, identitySchema, indicatorSchema, reportSchema, relationshipSchema])
  .compile(bundleSchema);

const observable = (type: Observable['type'], value: string): Observable => ({
  type,
  value,
  source_agent: 'NetworkIndicatorExtract',
  evidence: { start: 0, end: value.length, text: value },
  confidence: 0.9,
});

const rule = (title: string, selection: Record<string, unknown>, tags: string[]): SigmaRule => ({
  title,
  id: '5b0d7a52-7a1e-4c3e-9d52-3f4f1b1f0a11'.replace('11', String(title.length).padStart(2, '0')),
  status: 'experimental',
  description: `Detects ${title.toLowerCase()}`,
  references: ['https://reports.example/loader'],
  author: 'Huntforge',
  date: '2026-01-01',
  tags,
  logsource: { category: 'dns_query', product: 'windows' },
  detection: { selection, condition: 'selection' } as SigmaRule['detection'],
  falsepositives: ['Lookups of the domain by analysts researching the campaign'],
  level: 'high',
});

function generated(doc: SigmaRule, valid = true): ExecutionRuleRecord {
  return {
    source: 'generated',
    telemetry_class: 'dns',
    title: doc.title,
    rule: doc,
    yaml: renderRule(doc),
    validation: {
      valid,
      findings: valid ? [] : [{ id: 'missing_condition', severity: 'error', path: 'detection', message: 'no condition' }],
    },
    level: doc.level ?? null,
    tags: doc.tags ?? [],
    repair_attempts: [],
    fidelity: { ok: true, unsupported_values: [] },
    self_test: { fires: true, events: 1, fired_on: [] },
    covered_by: [],
    queue: { outcome: 'queued' },
  };
}

const dnsRule = rule('DNS Lookup of the Loader Staging Domain', { 'QueryName|endswith': ['stage.evil-cdn.example'] }, [
  'attack.command-and-control',
  'attack.t1071.004',
]);
const input = {
  executionId: 42,
  article: {
    id: 7,
    title: "Loader's staging, step by step",
    url: 'https://reports.example/loader',
    publishedAt: new Date('2026-03-02T10:00:00Z'),
  },
  producedAt: new Date('2026-03-03T08:15:30.250Z'),
  observables: [
    observable('domain', 'stage.evil-cdn.example'),
    observable('ipv4', '203.0.113.9'),
    observable('url', "http://203.0.113.9/p?q=a'b"),
    observable('cmdline', 'rundll32.exe C:\\Users\\Public\\a.dll,Start'),
  ],
  rules: [generated(dnsRule), generated(rule('Broken Rule', { QueryName: 'x' }, []), false)],
};

const ofType = <T extends StixBundle['objects'][number]['type']>(bundle: StixBundle, type: T) =>
  bundle.objects.filter((object): object is Extract<StixBundle['objects'][number], { type: T }> => object.type === type);

describe('executionStixBundle', () => {
  const bundle = executionStixBundle(input);

  it('validates against the STIX 2.1 JSON schemas and the contract', () => {
    const valid = validateBundle(bundle);
    expect(validateBundle.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(stixBundleSchema.safeParse(bundle).success).toBe(true);
  });

  it('is refused by the schemas when a STIX rule is broken, so the validation above can fail', () => {
    const withoutPattern = {
      ...bundle,
      objects: bundle.objects.map((object) => (object.type === 'indicator' ? { ...object, pattern_type: undefined } : object)),
    };
    expect(validateBundle(JSON.parse(JSON.stringify(withoutPattern)))).toBe(false);
    const secondsOnly = { ...bundle, objects: bundle.objects.map((object) => ({ ...object, created: '2026-03-03T08:15:30Z' })) };
    expect(validateBundle(secondsOnly)).toBe(false);
    const bundleVersion = { ...bundle, spec_version: '2.1' };
    expect(validateBundle(bundleVersion)).toBe(false);
  });

  it('writes a STIX-pattern indicator per network value, quoting the value, and none for command lines', () => {
    const stix = ofType(bundle, 'indicator').filter((indicator) => indicator.pattern_type === 'stix');
    expect(stix.map((indicator) => indicator.pattern).sort()).toEqual(
      [
        "[domain-name:value = 'stage.evil-cdn.example']",
        "[ipv4-addr:value = '203.0.113.9']",
        "[url:value = 'http://203.0.113.9/p?q=a\\'b']",
      ].sort(),
    );
  });

  it('writes a Sigma indicator for each valid generated rule only, with its tactics and techniques', () => {
    const sigma = ofType(bundle, 'indicator').filter((indicator) => indicator.pattern_type === 'sigma');
    expect(sigma).toHaveLength(1);
    expect(sigma[0]?.name).toBe(dnsRule.title);
    expect(sigma[0]?.pattern).toContain('stage.evil-cdn.example');
    expect(sigma[0]?.kill_chain_phases).toEqual([{ kill_chain_name: 'mitre-attack', phase_name: 'command-and-control' }]);
    expect(sigma[0]?.external_references?.map((reference) => reference.external_id)).toEqual(['T1071.004']);
  });

  it('links a rule to the indicator values it keys on, and the report to every object it carries', () => {
    const [relationship, ...others] = ofType(bundle, 'relationship');
    expect(others).toEqual([]);
    const byId = new Map(bundle.objects.map((object) => [object.id, object]));
    expect(relationship?.relationship_type).toBe('derived-from');
    expect((byId.get(relationship?.source_ref ?? '') as { pattern_type?: string } | undefined)?.pattern_type).toBe('sigma');
    expect((byId.get(relationship?.target_ref ?? '') as { pattern?: string } | undefined)?.pattern).toContain('stage.evil-cdn.example');
    const [report] = ofType(bundle, 'report');
    expect(report?.published).toBe('2026-03-02T10:00:00.000Z');
    expect(new Set(report?.object_refs)).toEqual(
      new Set(bundle.objects.filter((object) => object.type === 'indicator' || object.type === 'relationship').map((object) => object.id)),
    );
  });

  it('gives the same identifiers when exported twice, and different ones for another execution', () => {
    expect(executionStixBundle(input)).toEqual(bundle);
    const other = executionStixBundle({ ...input, executionId: 43 });
    expect(other.id).not.toBe(bundle.id);
    expect(new Set(bundle.objects.map((object) => object.id)).size).toBe(bundle.objects.length);
  });

  it('still makes a valid bundle for a run without indicators or rules', () => {
    const empty = executionStixBundle({ ...input, observables: [], rules: [] });
    expect(validateBundle(empty)).toBe(true);
    expect(ofType(empty, 'report')[0]?.object_refs).toEqual([ofType(empty, 'identity')[0]?.id]);
  });

  describe("with the team's SIEM targets", () => {
    const targets = parseTargetList('splunk, lucene, kusto:microsoft_xdr, nosuchsiem');
    const withQueries = executionStixBundle({ ...input, queryTargets: targets });
    const sigma = ofType(withQueries, 'indicator').filter((indicator) => indicator.pattern_type === 'sigma');

    it("puts each target's queries on the Sigma indicator and stays a valid STIX 2.1 bundle", () => {
      expect(validateBundle(withQueries)).toBe(true);
      expect(validateBundle.errors ?? []).toEqual([]);
      expect(stixBundleSchema.parse(withQueries)).toEqual(withQueries);
      expect(sigma).toHaveLength(1);
      expect(sigma[0]?.x_huntforge_queries).toEqual({
        splunk: ['QueryName="*stage.evil-cdn.example"'],
        lucene: ['QueryName:*stage.evil\\-cdn.example'],
      });
    });

    it('says why a target cannot express the rule, and names a configured target that does not exist', () => {
      expect(sigma[0]?.x_huntforge_query_errors?.kusto__microsoft_xdr).toMatch(
        /^SigmaTransformationError: Unable to determine the query table/,
      );
      expect(sigma[0]?.x_huntforge_query_errors?.nosuchsiem).toMatch(/^Unknown target 'nosuchsiem'/);
    });

    it('names its custom properties and dictionary keys as STIX 2.1 requires (sections 11.1 and 2.7)', () => {
      const standard = new Set(Object.keys(ofType(bundle, 'indicator').find((indicator) => indicator.pattern_type === 'sigma') ?? {}));
      const custom = Object.keys(sigma[0] ?? {}).filter((name) => !standard.has(name));
      expect(custom.sort()).toEqual(['x_huntforge_queries', 'x_huntforge_query_errors']);
      for (const name of custom) expect(name).toMatch(/^x_[a-z0-9_]{1,248}$/);
      const keys = [...Object.keys(sigma[0]?.x_huntforge_queries ?? {}), ...Object.keys(sigma[0]?.x_huntforge_query_errors ?? {})];
      for (const key of keys) expect(key).toMatch(/^[a-z0-9_]{1,250}$/);
      const badName = {
        ...withQueries,
        objects: withQueries.objects.map((object) => (object.type === 'indicator' ? { ...object, 'X-Huntforge-Queries': {} } : object)),
      };
      expect(validateBundle(badName)).toBe(false);
    });

    it('still exports a rule no configured target can express: the indicator, the reasons, a valid bundle', () => {
      const unconvertible = executionStixBundle({ ...input, queryTargets: parseTargetList('kusto:microsoft_xdr') });
      const [indicator, ...others] = ofType(unconvertible, 'indicator').filter((object) => object.pattern_type === 'sigma');
      expect(others).toEqual([]);
      expect(indicator?.name).toBe(dnsRule.title);
      expect(indicator && 'x_huntforge_queries' in indicator).toBe(false);
      expect(Object.keys(indicator?.x_huntforge_query_errors ?? {})).toEqual(['kusto__microsoft_xdr']);
      expect(validateBundle(unconvertible)).toBe(true);
      expect(stixBundleSchema.safeParse(unconvertible).success).toBe(true);
    });

    it('leaves the value indicators without queries, and adds nothing when no target is configured', () => {
      expect(
        ofType(withQueries, 'indicator')
          .filter((indicator) => indicator.pattern_type === 'stix')
          .every((indicator) => !('x_huntforge_queries' in indicator)),
      ).toBe(true);
      expect(JSON.stringify(bundle)).not.toContain('x_huntforge');
    });
  });
});
