import { tacticId } from '../../attack/attack-catalog';
import type { ProcessedRule } from '../../pipeline/pipeline-state';
import { ATTACK_NAMES } from './attack-names';

/**
 * Elastic Security rule documents around a query (pySigma-backend-elasticsearch's `siem_rule`,
 * `siem_rule_ndjson` and Kibana formats), shared by the Lucene, EQL and ES|QL targets.
 */
export const DEFAULT_ELASTIC_INDICES = [
  'apm-*-transaction*',
  'auditbeat-*',
  'endgame-*',
  'filebeat-*',
  'logs-*',
  'packetbeat-*',
  'traces-apm*',
  'winlogbeat-*',
  '-*elastic-cloud-logs-*',
];

const RISK: Record<string, number> = { informational: 1, low: 21, medium: 47, high: 73, critical: 99 };

export interface ElasticRuleOptions {
  interval: string;
  indices: string[] | null;
  type: string;
  language: string;
  /** Elastic removes the ATT&CK tags it turned into `threat` entries (Lucene and EQL do, ES|QL does not). */
  dropAttackTags: boolean;
}

function tagParts(tag: string): { namespace: string; name: string } {
  const at = tag.indexOf('.');
  return at < 0 ? { namespace: '', name: tag } : { namespace: tag.slice(0, at), name: tag.slice(at + 1) };
}

/** `threat` entries from the rule's ATT&CK tags, tactics paired with techniques in tag order. */
export function threatOf(tags: string[]): { threat: unknown[]; remaining: string[] } {
  const attack = tags.filter((tag) => tagParts(tag).namespace === 'attack');
  if (attack.length < 2) return { threat: [], remaining: tags };
  const names = attack.map((tag) => tagParts(tag).name);
  const techniques = names.filter((name) => /^[tT]\d{4}/.test(name)).map((name) => name.toUpperCase());
  const tactics = names.filter((name) => !/^[tT]\d{4}/.test(name)).map((name) => name.toLowerCase());
  const threat: unknown[] = [];
  for (let i = 0; i < Math.min(tactics.length, techniques.length); i++) {
    const tactic = tactics[i] as string;
    let technique = techniques[i] as string;
    let subtechniques: unknown[] = [];
    if (technique.includes('.')) {
      const sub = technique;
      technique = technique.slice(0, 5);
      const subName = ATTACK_NAMES[sub];
      if (subName === undefined) continue;
      subtechniques = [{ id: sub, reference: `https://attack.mitre.org/techniques/${sub.replace('.', '/')}`, name: subName }];
    }
    const id = tacticId(tactic.replace(/_/g, '-'));
    const techniqueName = ATTACK_NAMES[technique];
    if (id === undefined || techniqueName === undefined) continue;
    threat.push({
      tactic: { id, reference: `https://attack.mitre.org/tactics/${id}`, name: pythonTitle(tactic).replace(/_/g, ' ') },
      framework: 'MITRE ATT&CK',
      technique: [
        { id: technique, reference: `https://attack.mitre.org/techniques/${technique}`, name: techniqueName, subtechnique: subtechniques },
      ],
    });
  }
  return { threat, remaining: tags.filter((tag) => !attack.includes(tag)) };
}

/** Python's str.title(): a letter after a non-letter is upper-cased, the others lower-cased. */
const pythonTitle = (text: string): string =>
  text.replace(/[A-Za-z]+/g, (word) => (word[0] as string).toUpperCase() + word.slice(1).toLowerCase());

const tagText = (tag: string): string => {
  const { namespace, name } = tagParts(tag);
  return `${namespace}-${name}`;
};

function common(rule: ProcessedRule, options: ElasticRuleOptions): { threat: unknown[]; tags: string[]; level: string | undefined } {
  const { threat, remaining } = threatOf(rule.meta.tags);
  return { threat, tags: (options.dropAttackTags ? remaining : rule.meta.tags).map(tagText), level: rule.meta.level?.toLowerCase() };
}

/** Kibana's create-rule API document. */
export function siemRule(rule: ProcessedRule, query: unknown, options: ElasticRuleOptions): Record<string, unknown> {
  const { threat, tags, level } = common(rule, options);
  return {
    name: `SIGMA - ${rule.meta.title}`,
    consumer: 'siem',
    enabled: true,
    throttle: null,
    schedule: { interval: options.interval },
    params: {
      author: rule.meta.author !== undefined ? [rule.meta.author] : [],
      description: rule.meta.description ?? 'No description',
      ruleId: String(rule.meta.id ?? 'None'),
      falsePositives: rule.meta.falsepositives,
      from: `now-${options.interval}`,
      immutable: false,
      license: 'DRL',
      outputIndex: '',
      meta: { from: '1m' },
      maxSignals: 100,
      riskScore: level === 'informational' ? 0 : level !== undefined ? (RISK[level] ?? 21) : 21,
      riskScoreMapping: [],
      severity: level === undefined || level === 'informational' ? 'low' : level,
      severityMapping: [],
      threat,
      to: 'now',
      references: rule.meta.references,
      version: 1,
      exceptionsList: [],
      relatedIntegrations: [],
      requiredFields: [],
      setup: '',
      type: options.type,
      language: options.language,
      ...(options.indices ? { index: options.indices } : {}),
      query,
      filters: [],
    },
    rule_type_id: 'siem.queryRule',
    tags,
    notify_when: 'onActiveAlert',
    actions: [],
  };
}

/** The Security rule import (NDJSON) document. */
export function siemRuleNdjson(
  rule: ProcessedRule,
  query: unknown,
  options: ElasticRuleOptions,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const { threat, tags, level } = common(rule, options);
  return {
    id: String(rule.meta.id ?? 'None'),
    name: `SIGMA - ${rule.meta.title}`,
    tags,
    interval: options.interval,
    enabled: true,
    description: rule.meta.description ?? 'No description',
    risk_score: level !== undefined ? (RISK[level] ?? 21) : 21,
    severity: level ?? 'low',
    ...extra,
    license: 'DRL',
    output_index: '',
    meta: { from: '1m' },
    author: rule.meta.author !== undefined ? [rule.meta.author] : [],
    false_positives: rule.meta.falsepositives,
    from: `now-${options.interval}`,
    rule_id: String(rule.meta.id ?? 'None'),
    max_signals: 100,
    risk_score_mapping: [],
    severity_mapping: [],
    threat,
    to: 'now',
    references: rule.meta.references,
    version: 1,
    exceptions_list: [],
    immutable: false,
    related_integrations: [],
    required_fields: [],
    setup: '',
    type: options.type,
    language: options.language,
    ...(options.indices ? { index: options.indices, query, filters: [], throttle: 'no_actions' } : { query }),
    actions: [],
  };
}
