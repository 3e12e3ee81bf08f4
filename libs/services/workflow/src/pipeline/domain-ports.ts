import { EXTRACTION_AGENTS } from '@huntforge/contracts/extraction';
import {
  aggregateExtraction,
  findEmbeddedSigmaRules,
  parseDocument,
  platformSkipReason,
  type AgentRuns as ObservableRuns,
} from '@huntforge/observables';
import { parseSigmaRule, renderRule, validateRuleDocument } from '@huntforge/sigma';
import type { BuiltinExtractionMemo } from './builtin-extraction-memo';
import type { DomainPorts } from './ports';

/** The pure helpers of libs/observables and libs/sigma behind the pipeline's DomainPorts. */
export function createDomainPorts(extraction: BuiltinExtractionMemo): DomainPorts {
  return {
    findEmbeddedSigma: (content) =>
      findEmbeddedSigmaRules(parseDocument(content)).map((rule) => ({ yaml: rule.yaml, start: rule.start, end: rule.end })),
    loadSigma: (yaml) => {
      const parsed = parseSigmaRule(yaml);
      return parsed.ok ? { ok: true, rule: parsed.rule.doc } : { ok: false, findings: parsed.findings };
    },
    validateSigma: (rule) => validateRuleDocument(rule),
    renderSigma: (rule) => renderRule(rule),
    aggregate: (runs) => aggregateExtraction(runs as ObservableRuns),
    platformSkipReason: (agent, platform) => platformSkipReason(agent, platform),
    quickObservableCounts: (text, articleUrl) => {
      const runs = Object.fromEntries(
        EXTRACTION_AGENTS.map((agent) => [agent, { status: 'completed', output: extraction.run(agent, text, articleUrl) }]),
      );
      return aggregateExtraction(runs as ObservableRuns).summary.by_type;
    },
  };
}
