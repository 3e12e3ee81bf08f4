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
  // condition
  condition_syntax: 'error',
  condition_unknown_identifier: 'error',
  condition_pattern_unmatched: 'error',
  // ATT&CK
  unknown_attack_technique: 'error',
  unknown_attack_tactic: 'error',
  retired_attack_tactic: 'warning',
  unverified_attack_technique: 'info',
  // warnings
  unused_detection: 'warning',
  wildcard_instead_of_modifier: 'warning',
  double_wildcard: 'warning',
  number_as_string: 'warning',
  duplicate_tag: 'warning',
  duplicate_reference: 'warning',
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
