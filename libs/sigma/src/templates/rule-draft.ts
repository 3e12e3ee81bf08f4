import { createHash } from 'node:crypto';
import type { SigmaDetection, SigmaLevel, SigmaRule } from '@huntforge/contracts/sigma';

/** The telemetry classes the builtin SigmaAgent writes rules for. */
export type TemplateClass =
  | 'process_creation'
  | 'registry_set'
  | 'service_creation'
  | 'scheduled_task_creation'
  /** PowerShell code the script block log recorded (4104). */
  | 'ps_script'
  /** A file a shell redirection wrote (Sysmon 11, auditd PATH). */
  | 'file_event'
  /** A DLL a program loaded (Sysmon 7). */
  | 'image_load'
  /** A kernel driver loaded (Sysmon 6). */
  | 'driver_load'
  /** A process opening another's memory (Sysmon 10). */
  | 'process_access'
  /** A Windows log's own record (System 7045 and 104, Security 1102, BITS-Client 16403). */
  | 'event_log'
  | 'network_connection'
  | 'dns_query'
  /** A cloud or identity audit log behaviour (CloudTrail, Entra ID, Okta). */
  | 'cloud_audit'
  /** A Linux audit log record (auditd's SYSCALL, EXECVE, PATH). */
  | 'linux_auditd'
  /** The actor's addresses swept in a cloud or identity audit log. */
  | 'cloud_indicator';

export interface ArticleRef {
  title: string;
  url: string;
  /** YYYY-MM-DD written into the rule's date field. */
  date: string;
}

export interface RuleDraft {
  telemetryClass: TemplateClass;
  /** The rule as an object; YAML is written from it where it leaves the system. */
  rule: SigmaRule;
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
  detection: SigmaDetection;
  tags: string[];
  level: SigmaLevel;
  falsepositives: string[];
  fields?: string[];
}

/** A rule in SigmaHQ's key order with the metadata every builtin rule carries. */
export function buildRule(body: RuleBody, article: ArticleRef, seed: string): SigmaRule {
  return {
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
}

export function citation(article: ArticleRef): string {
  return `described in "${article.title}" (${article.url})`;
}
