import { readSearchIdentifiers } from '../detection/search-identifiers';
import { finding, type Finding } from '../findings';
import { isPlainObject } from '../parse/parse-rule';
import { checkCondition } from './condition-checks';
import { checkSearchIdentifiers } from './detection-checks';
import { checkMetadata } from './metadata-checks';

export const CORRELATION_TYPES = [
  'event_count',
  'value_count',
  'value_sum',
  'value_avg',
  'value_percentile',
  'value_median',
  'temporal',
  'temporal_ordered',
] as const;
const VALUE_TYPES = ['value_count', 'value_sum', 'value_avg', 'value_percentile', 'value_median'];
const CONDITION_OPERATORS = ['gt', 'gte', 'lt', 'lte', 'eq', 'neq'];
export const TIMESPAN = /^\d+[smhdwMy]$/;

/** A Sigma v2.1 correlation rule: type, the rules it correlates, group-by, timespan and condition. */
export function validateCorrelationDocument(doc: Record<string, unknown>): Finding[] {
  const findings = checkMetadata(doc, 'correlation');
  const add = (f: Finding): void => void findings.push(f);
  const body = doc.correlation;
  if (!isPlainObject(body)) return [...findings, finding('field_type', 'correlation', 'correlation must be a mapping')];
  const type = body.type;
  if (!(CORRELATION_TYPES as readonly unknown[]).includes(type)) {
    add(finding('invalid_correlation_type', 'correlation.type', `correlation.type must be one of ${CORRELATION_TYPES.join(', ')}`));
  }
  const rules = body.rules;
  if (!Array.isArray(rules) || rules.length === 0 || rules.some((rule) => typeof rule !== 'string' || rule === '')) {
    add(
      finding('invalid_correlation_rules', 'correlation.rules', 'correlation.rules must list the ids or names of the rules it correlates'),
    );
  } else if (typeof type === 'string' && type.startsWith('temporal') && rules.length < 2) {
    add(finding('invalid_correlation_rules', 'correlation.rules', `a ${type} correlation needs at least two rules`));
  }
  const timespan = body.timespan ?? body.timeframe;
  if (timespan === undefined) add(finding('missing_field', 'correlation.timespan', 'correlation.timespan is required (e.g. 5m, 1h)'));
  else if (typeof timespan !== 'string' || !TIMESPAN.test(timespan)) {
    add(
      finding(
        'invalid_timespan',
        'correlation.timespan',
        `timespan ${JSON.stringify(timespan)} must be a number and one unit: s, m, h, d, w, M or y (e.g. 15m)`,
      ),
    );
  }
  const groupBy = body['group-by'];
  if (groupBy === undefined) {
    // Without group-by a correlation would count every host and user together, which is rarely meant.
    if (!(typeof type === 'string' && type.startsWith('temporal')))
      add(finding('missing_group_by', 'correlation.group-by', 'correlation.group-by is required'));
  } else if (!Array.isArray(groupBy) || groupBy.some((field) => typeof field !== 'string')) {
    add(finding('field_type', 'correlation.group-by', 'correlation.group-by must be a list of field names'));
  }
  findings.push(...checkCorrelationCondition(body.condition, typeof type === 'string' ? type : ''));
  if ('generate' in body && typeof body.generate !== 'boolean')
    add(finding('invalid_generate', 'correlation.generate', 'correlation.generate must be true or false'));
  if ('generate' in doc && typeof doc.generate !== 'boolean')
    add(finding('invalid_generate', 'generate', 'generate must be true or false'));
  if ('aliases' in body) {
    const aliases = body.aliases;
    const wellFormed =
      isPlainObject(aliases) &&
      Object.values(aliases).every(
        (mapping) => isPlainObject(mapping) && Object.values(mapping).every((field) => typeof field === 'string'),
      );
    if (!wellFormed) add(finding('field_type', 'correlation.aliases', 'correlation.aliases maps each alias to {rule: field}'));
  }
  return findings;
}

function checkCorrelationCondition(condition: unknown, type: string): Finding[] {
  const path = 'correlation.condition';
  if (condition === undefined) {
    return type.startsWith('temporal') ? [] : [finding('missing_field', path, 'correlation.condition is required, e.g. {gte: 10}')];
  }
  if (!isPlainObject(condition))
    return [finding('invalid_correlation_condition', path, 'correlation.condition must be a mapping, e.g. {gte: 10}')];
  const findings: Finding[] = [];
  const operators = Object.keys(condition).filter((key) => key !== 'field');
  for (const key of operators) {
    if (!CONDITION_OPERATORS.includes(key)) {
      findings.push(
        finding(
          'invalid_correlation_condition',
          `${path}.${key}`,
          `${key} is not a condition operator; use ${CONDITION_OPERATORS.join(', ')}`,
        ),
      );
    } else if (typeof condition[key] !== 'number') {
      findings.push(finding('invalid_correlation_condition', `${path}.${key}`, `${key} must be a number`));
    }
  }
  if (operators.length === 0)
    findings.push(finding('invalid_correlation_condition', path, 'correlation.condition needs an operator such as gte'));
  if (VALUE_TYPES.includes(type) && typeof condition.field !== 'string') {
    findings.push(finding('invalid_correlation_condition', `${path}.field`, `a ${type} correlation needs condition.field`));
  }
  return findings;
}

/** A Sigma v2.1 filter: a logsource, the rules it applies to, and a detection of what to leave out. */
export function validateFilterDocument(doc: Record<string, unknown>): Finding[] {
  const findings = checkMetadata(doc, 'filter');
  const body = doc.filter;
  if (!isPlainObject(body)) return [...findings, finding('field_type', 'filter', 'filter must be a mapping')];
  if ('rules' in body) {
    const rules = body.rules;
    const ok = rules === 'any' || (Array.isArray(rules) && rules.length > 0 && rules.every((rule) => typeof rule === 'string'));
    if (!ok) findings.push(finding('invalid_filter', 'filter.rules', "filter.rules must list rule ids or names (or be 'any')"));
  } else findings.push(finding('missing_field', 'filter.rules', 'filter.rules is required'));
  const detection = Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'rules'));
  const identifiers = readSearchIdentifiers(detection);
  findings.push(...checkSearchIdentifiers(identifiers).map((f) => ({ ...f, path: f.path.replace(/^detection\./, 'filter.') })));
  if (identifiers.length === 0) findings.push(finding('invalid_filter', 'filter', 'the filter defines no selection'));
  if (!('condition' in body)) findings.push(finding('missing_field', 'filter.condition', 'filter.condition is required'));
  else {
    const condition = checkCondition(
      body.condition,
      identifiers.map((identifier) => identifier.name),
    );
    findings.push(...condition.findings.map((f) => ({ ...f, path: f.path.replace(/^detection\./, 'filter.') })));
  }
  return findings;
}
