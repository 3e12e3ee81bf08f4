/** One problem (or remark) the validator found in a rule. A rule is valid when it has no `error`. */
export type FindingSeverity = 'error' | 'warning' | 'info';

export interface Finding {
  /** Stable identifier, e.g. `unknown_modifier` (see FINDING_IDS). */
  id: FindingId;
  severity: FindingSeverity;
  /** Where in the rule, dotted: `detection.selection.CommandLine|contains`, `tags.2`, `` for the whole document. */
  path: string;
  message: string;
}

/** Every finding the validator can produce, with its severity. */
export const FINDING_IDS = {
  // document
  yaml_syntax: 'error',
  not_a_mapping: 'error',
  multiple_documents: 'error',
  // required fields and their types
  missing_field: 'error',
  field_type: 'error',
  title_too_long: 'error',
  invalid_id: 'error',
  invalid_status: 'error',
  invalid_level: 'error',
  invalid_date: 'error',
  invalid_related: 'error',
  invalid_tag: 'error',
  // detection
  empty_detection: 'error',
  invalid_search_identifier: 'error',
  unknown_modifier: 'error',
  repeated_modifier: 'error',
  all_without_list: 'error',
  base64offset_without_contains: 'error',
  windash_with_all: 'error',
  re_flag_without_re: 'error',
  conflicting_modifiers: 'error',
  encoding_without_base64: 'error',
  invalid_modifier_value: 'error',
  invalid_regex: 'error',
  modifier_order: 'error',
  // condition
  condition_syntax: 'error',
  condition_unknown_identifier: 'error',
  condition_pattern_unmatched: 'error',
  // correlation rules, filters and files of several documents (Sigma v2.1)
  invalid_correlation_type: 'error',
  invalid_correlation_rules: 'error',
  invalid_timespan: 'error',
  missing_group_by: 'error',
  invalid_correlation_condition: 'error',
  invalid_generate: 'error',
  invalid_filter: 'error',
  invalid_action: 'error',
  // across a set of rules
  duplicate_rule_id: 'warning',
  duplicate_title: 'warning',
  duplicate_filename: 'warning',
  unknown_rule_reference: 'warning',
  // ATT&CK
  // Older or renamed ATT&CK ids are valid Sigma: our catalogue can only warn about them.
  unknown_attack_technique: 'warning',
  unknown_attack_tactic: 'warning',
  retired_attack_tactic: 'warning',
  unverified_attack_technique: 'info',
  // warnings
  unused_detection: 'warning',
  wildcard_instead_of_modifier: 'warning',
  double_wildcard: 'warning',
  number_as_string: 'warning',
  duplicate_tag: 'error',
  duplicate_reference: 'error',
  unknown_top_level_key: 'warning',
  deprecated_condition_list: 'warning',
} as const satisfies Record<string, FindingSeverity>;

export type FindingId = keyof typeof FINDING_IDS;

export function finding(id: FindingId, path: string, message: string): Finding {
  return { id, severity: FINDING_IDS[id], path, message };
}

export function hasErrors(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === 'error');
}
