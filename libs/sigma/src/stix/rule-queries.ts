import { checkTargets, convertForTargets, type TargetSpec } from '../convert/convert-targets';

/**
 * The team's SIEM queries of a Sigma indicator as STIX 2.1 custom properties (section 11.1: names of a-z, 0-9
 * and `_`, 3 to 250 characters, `x_` and a source prefix). Both are dictionaries (section 2.7) keyed by the
 * target, then each of its pipelines, joined by `__` (`splunk`, `kusto__microsoft_xdr`): keys stay in a-z0-9_
 * and a target configured twice with different pipelines keeps both.
 */
export interface StixRuleQueries {
  /** Target key → the queries it converts the rule to (an output format's objects as JSON text). */
  x_huntforge_queries?: Record<string, string[]>;
  /** Target key → why it cannot express the rule (or why the configured target is not usable). */
  x_huntforge_query_errors?: Record<string, string>;
}

/** A dictionary key for a configured target: lowercase a-z0-9_ only, at most 250 characters. */
export function queryKey(spec: TargetSpec): string {
  return [spec.target, ...spec.pipelines]
    .map((part) => part.toLowerCase().replace(/[^a-z0-9_]/g, '_'))
    .join('__')
    .slice(0, 250);
}

/** The rule converted for each configured target; nothing when no target is configured. */
export function stixRuleQueries(yaml: string, specs: readonly TargetSpec[]): StixRuleQueries {
  const queries: Record<string, string[]> = {};
  const errors: Record<string, string> = {};
  for (const spec of specs) {
    const key = queryKey(spec);
    const problem = checkTargets([spec]);
    if (problem) {
      errors[key] = problem.message;
      continue;
    }
    const [result] = convertForTargets(yaml, [spec]);
    if (!result) continue;
    if (result.error) errors[key] = `${result.error.kind}: ${result.error.message}`;
    else queries[key] = result.queries.map((query) => (typeof query === 'string' ? query : JSON.stringify(query)));
  }
  return {
    ...(Object.keys(queries).length ? { x_huntforge_queries: queries } : {}),
    ...(Object.keys(errors).length ? { x_huntforge_query_errors: errors } : {}),
  };
}
