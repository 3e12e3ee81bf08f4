import { EXTRACTION_AGENTS } from '@huntforge/contracts';
import { aggregateExtraction, findEmbeddedSigmaRules, parseDocument, platformSkipReason, type AgentRuns as ObservableRuns } from '@huntforge/observables';
import { noteBaselineFirings, selfTestRule, validateSigmaRule } from '@huntforge/sigma';
import { load } from 'js-yaml';
import type { BuiltinExtractionMemo } from './builtin-extraction-memo';
import type { DomainPorts } from './ports';

/** Fields whose values name the telemetry (a provider, a channel), not something the article observed. */
const TELEMETRY_CONSTANT_FIELDS = new Set(['provider_name', 'channel', 'eventtype', 'logontype', 'objecttype', 'eventid']);

function collectStrings(value: unknown, out: string[], field?: string): void {
  if (field && TELEMETRY_CONSTANT_FIELDS.has(field.split('|')[0]?.toLowerCase() ?? '')) return;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((item) => collectStrings(item, out, field));
  else if (value && typeof value === 'object') Object.entries(value).forEach(([key, item]) => collectStrings(item, out, key));
}

/** Literal values in a rule's detection (the condition and telemetry constants excluded), for the fidelity check. */
export function detectionValues(yaml: string): string[] {
  try {
    const rule = load(yaml) as { detection?: Record<string, unknown> } | null;
    const values: string[] = [];
    for (const [name, block] of Object.entries(rule?.detection ?? {})) {
      if (name !== 'condition' && name !== 'timeframe') collectStrings(block, values);
    }
    return values;
  } catch {
    return [];
  }
}

/** The pure helpers of libs/observables and libs/sigma behind the pipeline's DomainPorts. */
export function createDomainPorts(extraction: BuiltinExtractionMemo): DomainPorts {
  return {
    findEmbeddedSigma: (content) => findEmbeddedSigmaRules(parseDocument(content)).map((rule) => ({ yaml: rule.yaml, start: rule.start, end: rule.end })),
    validateSigma: (yaml) => {
      const result = validateSigmaRule(yaml);
      return { valid: result.valid, findings: result.findings };
    },
    aggregate: (runs) => aggregateExtraction(runs as ObservableRuns),
    platformSkipReason: (agent, platform) => platformSkipReason(agent, platform),
    detectionValues,
    selfTest: (yaml, observables) => selfTestRule(yaml, observables),
    noteBaselineFirings: (yaml, baseline) => noteBaselineFirings(yaml, baseline),
    quickObservableCounts: (text, articleUrl) => {
      const runs = Object.fromEntries(EXTRACTION_AGENTS.map((agent) => [agent, { status: 'completed', output: extraction.run(agent, text, articleUrl) }]));
      return aggregateExtraction(runs as ObservableRuns).summary.by_type;
    },
  };
}
