import {
  EXTRACTION_AGENTS,
  SUBRESULT_KEYS,
  type AgentOutputs,
  type ExtractionAgent,
  type ExtractionReason,
  type ExtractionResult,
  type ExtractionSubresults,
  type Observable,
  type ObservableType,
} from '@huntforge/contracts/extraction';
import { normaliseObservable } from './normalise';

/** How one agent's run ended; the aggregation records every outcome in `subresults`. */
export type AgentRun<A extends ExtractionAgent = ExtractionAgent> =
  | { status: 'completed'; output: AgentOutputs[A]; duration_ms?: number }
  | { status: 'failed'; error: ExtractionReason; duration_ms?: number }
  | { status: 'skipped'; reason: ExtractionReason };

export type AgentRuns = { [A in ExtractionAgent]?: AgentRun<A> };

type AnyItem = AgentOutputs[ExtractionAgent]['items'][number];

const TYPE_LABELS: Record<ObservableType, string> = {
  cmdline: 'Command lines',
  process_lineage: 'Process lineage (parent -> child)',
  hunt_query: 'Hunt queries',
  registry_key: 'Registry keys',
  service: 'Services',
  scheduled_task: 'Scheduled tasks',
  ipv4: 'IPv4 addresses',
  ipv6: 'IPv6 addresses',
  domain: 'Domains',
  url: 'URLs',
};

/**
 * Merges the agents' outputs into the extraction contract: every item normalised per type (case,
 * quotes, whitespace, refanging, hive names), deduplicated across agents (first report kept, every
 * reporting agent listed), counted once in discrete_huntables_count, and summarised as text.
 */
export function aggregateExtraction(runs: AgentRuns): ExtractionResult {
  const byKey = new Map<string, Observable>();
  const subresults: Record<string, unknown> = {};
  const byAgent: Record<string, number> = {};
  const completed: ExtractionAgent[] = [];
  const failed: ExtractionAgent[] = [];
  const skipped: ExtractionAgent[] = [];
  let reported = 0;

  for (const agent of EXTRACTION_AGENTS) {
    const run = runs[agent] as AgentRun | undefined;
    if (!run) continue;
    const key = SUBRESULT_KEYS[agent];
    if (run.status === 'skipped') {
      skipped.push(agent);
      subresults[key] = { agent, status: 'skipped', items: [], count: 0, skip_reason: run.reason };
      continue;
    }
    if (run.status === 'failed') {
      failed.push(agent);
      subresults[key] = { agent, status: 'failed', items: [], count: 0, error: run.error, ...duration(run.duration_ms) };
      continue;
    }
    completed.push(agent);
    const items = run.output.items as AnyItem[];
    subresults[key] = { agent, status: 'completed', items, count: items.length, ...duration(run.duration_ms) };
    byAgent[agent] = items.length;
    reported += items.length;
    for (const item of items) {
      const type = observableTypeOf(agent, item);
      const normalised = normaliseObservable(type, item.value);
      if (!normalised) continue;
      const id = `${type}:${normalised.key}${valueNameKey(type, item)}`;
      const existing = byKey.get(id);
      if (existing) {
        if (!existing.source_agents?.includes(agent)) existing.source_agents = [...(existing.source_agents ?? []), agent];
        existing.confidence = Math.max(existing.confidence, item.confidence);
        continue;
      }
      byKey.set(id, {
        type,
        value: normalised.value,
        source_agent: agent,
        source_agents: [agent],
        evidence: item.evidence,
        confidence: item.confidence,
        ...attributesOf(item),
      });
    }
  }

  const observables = [...byKey.values()];
  const byType: Record<string, number> = {};
  for (const o of observables) byType[o.type] = (byType[o.type] ?? 0) + 1;
  return {
    observables,
    subresults: subresults as ExtractionSubresults,
    summary: {
      total: observables.length,
      reported,
      by_type: byType,
      by_agent: byAgent,
      agents_completed: completed,
      agents_failed: failed,
      agents_skipped: skipped,
    },
    discrete_huntables_count: observables.length,
    content: digest(observables),
  };
}

/**
 * Registry items are one per key and value name: `reg add …\Run /v A` and `reg add …\Run /v B` write two
 * values, each with its own data, and a rule needs each of them.
 */
function valueNameKey(type: ObservableType, item: AnyItem): string {
  if (type !== 'registry_key') return '';
  const name = (item as AgentOutputs['RegistryExtract']['items'][number]).value_name;
  return name === undefined ? '' : `\u0000${name.toLowerCase()}`;
}

function duration(ms: number | undefined): { duration_ms?: number } {
  return ms === undefined ? {} : { duration_ms: ms };
}

function observableTypeOf(agent: ExtractionAgent, item: AnyItem): ObservableType {
  switch (agent) {
    case 'CmdlineExtract':
      return 'cmdline';
    case 'ProcTreeExtract':
      return 'process_lineage';
    case 'HuntQueriesExtract':
      return 'hunt_query';
    case 'RegistryExtract':
      return 'registry_key';
    case 'ServicesExtract':
      return 'service';
    case 'ScheduledTasksExtract':
      return 'scheduled_task';
    case 'NetworkIndicatorExtract':
      return (item as AgentOutputs['NetworkIndicatorExtract']['items'][number]).kind;
  }
}

function attributesOf(item: AnyItem): { attributes?: Observable['attributes'] } {
  const attributes: NonNullable<Observable['attributes']> = {};
  for (const [key, value] of Object.entries(item)) {
    if (key === 'value' || key === 'evidence' || key === 'confidence' || key === 'kind') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) attributes[key] = value;
  }
  return Object.keys(attributes).length ? { attributes } : {};
}

/** Plain-text digest grouped by type: the input Sigma generation reads. */
function digest(observables: Observable[]): string {
  const sections: string[] = [];
  for (const type of Object.keys(TYPE_LABELS) as ObservableType[]) {
    const values = observables.filter((o) => o.type === type).map((o) => `- ${o.value.replace(/\n/g, '\n  ')}`);
    if (values.length) sections.push(`${TYPE_LABELS[type]}:\n${values.join('\n')}`);
  }
  return sections.join('\n\n');
}
