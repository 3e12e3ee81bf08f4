import type { EvalSubagent } from '@huntforge/contracts/workflow';

/**
 * The labelled truth of one article (fixtures/eval/NN-slug.expected.yaml): per type `required` items
 * an analyst would extract and `optional` borderline ones (neither rewarded nor penalised).
 */
export type GroundTruth = Record<string, unknown> & { article_url?: string; platform?: string };

export interface ExpectedItems {
  required: string[];
  optional: string[];
}

type Kind = keyof ExpectedItems;

const section = (truth: GroundTruth, name: string) => (truth[name] ?? {}) as Record<string, unknown>;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function label(item: unknown, subagent: EvalSubagent): string {
  if (typeof item === 'string') return item;
  const o = (item ?? {}) as Record<string, unknown>;
  if (subagent === 'process_lineage') return `${String(o['parent'] ?? '')} -> ${String(o['child'] ?? '')}`;
  return String(o['key'] ?? o['name'] ?? o['contains'] ?? o['value'] ?? '');
}

function itemsOf(truth: GroundTruth, subagent: EvalSubagent, kind: Kind): string[] {
  const pick = (value: unknown) =>
    list(value)
      .map((item) => label(item, subagent))
      .filter((item) => item.trim() !== '');
  switch (subagent) {
    case 'cmdline':
      return pick(section(truth, 'commandlines')[kind]);
    case 'process_lineage':
      return pick(section(truth, 'process_pairs')[kind]);
    case 'hunt_queries':
      return pick(section(truth, 'hunt_queries')[kind]);
    case 'registry_artifacts':
      return pick(section(truth, 'registry_keys')[kind]);
    case 'windows_services':
      return pick(section(truth, 'services')[kind]);
    case 'scheduled_tasks':
      return pick(section(truth, 'scheduled_tasks')[kind]);
    case 'network_indicators': {
      const network = (section(truth, 'network')[kind] ?? {}) as Record<string, unknown>;
      return [...pick(network['ips']), ...pick(network['domains']), ...pick(network['urls'])];
    }
    case 'sigma':
      // Expected rules are decomposed into atoms by the Sigma lib (see SigmaAtomiser), not listed as items.
      return [];
  }
}

/** The expected Sigma rules of an article (`sigma_rules`: logsource and detection, written by us). */
export function expectedSigmaRules(truth: GroundTruth): Array<Record<string, unknown>> {
  return list(truth['sigma_rules']).filter((rule): rule is Record<string, unknown> => typeof rule === 'object' && rule !== null);
}

/** The subagent's items in an article's truth; the expected count is `required.length`, never stored apart. */
export function expectedItems(truth: GroundTruth, subagent: EvalSubagent): ExpectedItems {
  return { required: itemsOf(truth, subagent, 'required'), optional: itemsOf(truth, subagent, 'optional') };
}
