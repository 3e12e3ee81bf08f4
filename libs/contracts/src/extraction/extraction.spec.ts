import {
  AGENT_OUTPUT_SCHEMAS,
  EXTRACTION_AGENTS,
  SUBRESULT_KEYS,
  cmdlineExtractOutputSchema,
  embeddedSigmaRuleSchema,
  evidenceSchema,
  extractionResultSchema,
  networkIndicatorExtractOutputSchema,
  observableSchema,
} from './index';

const evidence = { start: 3, end: 10, text: 'whoami ' };

describe('extraction contracts', () => {
  it('has an output schema and a subresult key for each of the seven agents', () => {
    expect(EXTRACTION_AGENTS).toHaveLength(7);
    for (const agent of EXTRACTION_AGENTS) {
      expect(AGENT_OUTPUT_SCHEMAS[agent].safeParse({ items: [], count: 0 }).success).toBe(true);
      expect(SUBRESULT_KEYS[agent]).toMatch(/^[a-z_]+$/);
    }
  });

  it('holds agent outputs to count = items.length and well-formed items', () => {
    const item = { value: 'whoami /all', executable: 'whoami', evidence, confidence: 0.9 };
    expect(cmdlineExtractOutputSchema.safeParse({ items: [item], count: 1 }).success).toBe(true);
    expect(cmdlineExtractOutputSchema.safeParse({ items: [item], count: 2 }).success).toBe(false);
    expect(cmdlineExtractOutputSchema.safeParse({ items: [{ ...item, confidence: 1.5 }], count: 1 }).success).toBe(false);
    expect(cmdlineExtractOutputSchema.safeParse({ items: [{ ...item, value: '' }], count: 1 }).success).toBe(false);
    expect(
      networkIndicatorExtractOutputSchema.safeParse({ items: [{ value: 'x.com', kind: 'hostname', evidence, confidence: 1 }], count: 1 })
        .success,
    ).toBe(false);
  });

  it('rejects an evidence span that ends before it starts', () => {
    expect(evidenceSchema.safeParse({ start: 5, end: 4, text: '' }).success).toBe(false);
  });

  it('requires the five fields of extraction_result and a consistent discrete count', () => {
    const observable = { type: 'domain', value: 'evil.com', source_agent: 'NetworkIndicatorExtract', evidence, confidence: 0.95 };
    expect(observableSchema.safeParse(observable).success).toBe(true);
    const result = {
      observables: [observable],
      subresults: { network_indicators: { agent: 'NetworkIndicatorExtract', status: 'completed', items: [], count: 0 } },
      summary: {
        total: 1,
        reported: 1,
        by_type: { domain: 1 },
        by_agent: {},
        agents_completed: ['NetworkIndicatorExtract'],
        agents_failed: [],
        agents_skipped: [],
      },
      discrete_huntables_count: 1,
      content: 'Domains:\n- evil.com',
    };
    expect(extractionResultSchema.safeParse(result).success).toBe(true);
    expect(extractionResultSchema.safeParse({ ...result, discrete_huntables_count: 2 }).success).toBe(false);
    for (const field of ['observables', 'subresults', 'summary', 'discrete_huntables_count', 'content']) {
      const { [field]: _omitted, ...missing } = result as Record<string, unknown>;
      expect(extractionResultSchema.safeParse(missing).success).toBe(false);
    }
  });

  it('describes an embedded Sigma rule with its provenance', () => {
    const rule = {
      title: 'T',
      yaml: 'title: T\n',
      source_text: 'title: T',
      start: 0,
      end: 8,
      format: 'plain',
      indentation_recovered: false,
    };
    expect(embeddedSigmaRuleSchema.safeParse(rule).success).toBe(true);
    expect(embeddedSigmaRuleSchema.safeParse({ ...rule, format: 'html' }).success).toBe(false);
  });
});
