import type {
  ExecutionRuleRecord,
  StixBundle,
  StixIdentity,
  StixIndicator,
  StixRelationship,
  StixReport,
} from '@huntforge/contracts/executions';
import type { Observable } from '@huntforge/contracts/extraction';
import type { SigmaRule } from '@huntforge/contracts/sigma';
import { tacticShortnames } from '../attack/attack-catalog';
import { stableRuleId } from '../templates/rule-draft';
import { detectionValues } from '../vetting/detection-values';
import type { TargetSpec } from '../convert/convert-targets';
import { stixRuleQueries } from './rule-queries';
import { stixPatternFor } from './stix-pattern';

export interface StixExportInput {
  executionId: number;
  article: { id: number; title: string; url: string; publishedAt: Date | null };
  /** When the run produced what is exported: the objects' created/modified and the indicators' valid_from. */
  producedAt: Date;
  observables: readonly Observable[];
  rules: readonly ExecutionRuleRecord[];
  /** The team's SIEM targets (SIGMA_CONVERT_TARGETS): each Sigma indicator carries its queries for them. */
  queryTargets?: readonly TargetSpec[];
}

/** Identifiers derived from the execution and the object's content, so exporting twice gives the same bundle. */
const stixId = (type: string, seed: string) => `${type}--${stableRuleId(`stix:${type}:${seed}`)}`;

/** The system that wrote every object: one identity, the same in every export. */
export const HUNTFORGE_IDENTITY_ID = stixId('identity', 'huntforge');

const TACTICS = new Set(tacticShortnames());

/** ATT&CK tactic tags (`attack.execution`) as kill chain phases; technique tags as external references. */
function attackOf(tags: readonly string[]): Pick<StixIndicator, 'kill_chain_phases' | 'external_references'> {
  const phases = tags.map((tag) => tag.replace(/^attack\./, '')).filter((name) => TACTICS.has(name));
  const techniques = tags.map((tag) => /^attack\.(t\d{4}(?:\.\d{3})?)$/i.exec(tag)?.[1]?.toUpperCase()).filter((id): id is string => !!id);
  return {
    ...(phases.length ? { kill_chain_phases: phases.map((phase_name) => ({ kill_chain_name: 'mitre-attack', phase_name })) } : {}),
    ...(techniques.length
      ? {
          external_references: techniques.map((id) => ({
            source_name: 'mitre-attack',
            external_id: id,
            url: `https://attack.mitre.org/techniques/${id.replace('.', '/')}/`,
          })),
        }
      : {}),
  };
}

function ruleIndicator(rule: SigmaRule, yaml: string, common: Common, targets: readonly TargetSpec[]): StixIndicator {
  return {
    type: 'indicator',
    id: stixId('indicator', `${common.seed}:sigma:${rule.id ?? yaml}`),
    ...common.stamps,
    created_by_ref: HUNTFORGE_IDENTITY_ID,
    name: rule.title,
    ...(rule.description ? { description: rule.description } : {}),
    indicator_types: ['malicious-activity'],
    pattern: yaml,
    pattern_type: 'sigma',
    valid_from: common.stamps.created,
    ...attackOf(rule.tags ?? []),
    ...stixRuleQueries(yaml, targets),
  };
}

interface Common {
  seed: string;
  stamps: { spec_version: '2.1'; created: string; modified: string };
}

/**
 * The execution as a STIX 2.1 bundle. Network indicator values become STIX-pattern indicators; each generated
 * rule the validator passed becomes a Sigma indicator; a rule whose detection carries an indicator value is
 * `derived-from` that value's indicator. The report (the article) refers to all of them. With query targets,
 * each Sigma indicator also carries the rule's SIEM queries (`x_huntforge_queries`, see rule-queries.ts).
 */
export function executionStixBundle(input: StixExportInput): StixBundle {
  const at = input.producedAt.toISOString();
  const common: Common = { seed: `execution:${input.executionId}`, stamps: { spec_version: '2.1', created: at, modified: at } };
  const identity: StixIdentity = {
    type: 'identity',
    id: HUNTFORGE_IDENTITY_ID,
    spec_version: '2.1',
    created: '2024-01-01T00:00:00.000Z',
    modified: '2024-01-01T00:00:00.000Z',
    name: 'Huntforge',
    identity_class: 'system',
    description: 'Turns threat reports into observables and Sigma rules',
  };

  const valueIndicators = new Map<string, StixIndicator>();
  for (const observable of input.observables) {
    const pattern = stixPatternFor(observable.type, observable.value);
    if (!pattern || valueIndicators.has(observable.value)) continue;
    valueIndicators.set(observable.value, {
      type: 'indicator',
      id: stixId('indicator', `${common.seed}:${observable.type}:${observable.value}`),
      ...common.stamps,
      created_by_ref: HUNTFORGE_IDENTITY_ID,
      name: `${observable.type === 'url' ? 'URL' : observable.type === 'domain' ? 'Domain' : 'IP address'} ${observable.value}`,
      description: `Named in "${input.article.title}"`,
      indicator_types: ['malicious-activity'],
      pattern,
      pattern_type: 'stix',
      valid_from: at,
    });
  }

  const ruleIndicators: StixIndicator[] = [];
  const relationships: StixRelationship[] = [];
  for (const record of input.rules) {
    if (record.source !== 'generated' || !record.validation.valid || !record.rule || !('detection' in record.rule)) continue;
    const indicator = ruleIndicator(record.rule as SigmaRule, record.yaml, common, input.queryTargets ?? []);
    ruleIndicators.push(indicator);
    const keyed = new Set(
      detectionValues(record.rule as Record<string, unknown>).map((value) => value.replace(/^\*|\*$/g, '').toLowerCase()),
    );
    for (const [value, valueIndicator] of valueIndicators) {
      if (!keyed.has(value.toLowerCase())) continue;
      relationships.push({
        type: 'relationship',
        id: stixId('relationship', `${indicator.id}:derived-from:${valueIndicator.id}`),
        ...common.stamps,
        created_by_ref: HUNTFORGE_IDENTITY_ID,
        relationship_type: 'derived-from',
        description: `The rule keys on ${value}`,
        source_ref: indicator.id,
        target_ref: valueIndicator.id,
      });
    }
  }

  const contents = [...valueIndicators.values(), ...ruleIndicators, ...relationships];
  const report: StixReport = {
    type: 'report',
    id: stixId('report', common.seed),
    ...common.stamps,
    created_by_ref: HUNTFORGE_IDENTITY_ID,
    name: input.article.title,
    description: `Indicators and Sigma rules Huntforge derived from the article (execution ${input.executionId})`,
    report_types: ['threat-report'],
    published: (input.article.publishedAt ?? input.producedAt).toISOString(),
    object_refs: contents.length ? contents.map((object) => object.id) : [identity.id],
    external_references: [{ source_name: 'article', url: input.article.url }],
  };
  return { type: 'bundle', id: stixId('bundle', common.seed), objects: [identity, report, ...contents] };
}
