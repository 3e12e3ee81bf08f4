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

/** True for a block the condition only ever negates (`selection and not filter_genuine`): it states no observation. */
function onlyNegated(name: string, condition: string): boolean {
  const mentions = [...condition.matchAll(/(not\s+)?(?:1 of |all of )?([\w*]+)/g)].filter(([, , ref]) => ref === name || (ref?.endsWith('*') && name.startsWith(ref.slice(0, -1))));
  return mentions.length > 0 && mentions.every(([, negated]) => negated !== undefined);
}

/**
 * Literal values in a rule's detection (the condition, telemetry constants and exclusion filters left out),
 * for the fidelity check: a filter narrows what fires and needs no support in the article.
 */
export function detectionValues(yaml: string): string[] {
  try {
    const rule = load(yaml) as { detection?: Record<string, unknown> } | null;
    const values: string[] = [];
    const condition = String(rule?.detection?.['condition'] ?? '');
    for (const [name, block] of Object.entries(rule?.detection ?? {})) {
      if (name !== 'condition' && name !== 'timeframe' && !onlyNegated(name, condition)) collectStrings(block, values);
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
