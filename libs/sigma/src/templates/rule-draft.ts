import { createHash } from 'node:crypto';
import { dump } from 'js-yaml';

/** The telemetry classes the builtin SigmaAgent writes rules for. */
export type TemplateClass = 'process_creation' | 'registry_set' | 'service_creation' | 'scheduled_task_creation' | 'network_connection' | 'dns_query';

export interface ArticleRef {
  title: string;
  url: string;
  /** YYYY-MM-DD written into the rule's date field. */
  date: string;
}

export interface RuleDraft {
  telemetryClass: TemplateClass;
  title: string;
  yaml: string;
  /** Every literal value placed in the detection, for the fidelity check. */
  detectionValues: string[];
}

/** A UUID derived from the rule's content, so the same article and observables give the same id. */
export function stableRuleId(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface RuleBody {
  title: string;
  description: string;
  logsource: Record<string, string>;
  detection: Record<string, unknown>;
  tags: string[];
  level: 'low' | 'medium' | 'high' | 'critical';
  falsepositives: string[];
  fields?: string[];
}

/** Renders a rule in SigmaHQ's key order with the metadata every builtin rule carries. */
export function renderRule(body: RuleBody, article: ArticleRef, seed: string): string {
  const rule: Record<string, unknown> = {
    title: body.title,
    id: stableRuleId(seed),
    status: 'experimental',
    description: body.description,
    references: [article.url],
    author: 'Huntforge builtin SigmaAgent',
    date: article.date,
    ...(body.tags.length > 0 ? { tags: body.tags } : {}),
    logsource: body.logsource,
    detection: body.detection,
    falsepositives: body.falsepositives,
    level: body.level,
  };
  return dump(rule, { lineWidth: -1, noRefs: true, sortKeys: false });
}

export function citation(article: ArticleRef): string {
  return `described in "${article.title}" (${article.url})`;
}
