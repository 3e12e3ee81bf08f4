import { isPlainObject } from '../parse/parse-rule';
import { SigmaError } from '../pipeline/errors';
import { ProcessingItem, type ProcessingPipeline } from '../pipeline/pipeline';
import { PipelineState } from '../pipeline/pipeline-state';
import { DetectionItem, SigmaRuleModel } from '../pipeline/rule-model';
import { RuleCompileError } from './compile-item';

type Doc = Record<string, unknown>;
type Selection = Record<string, unknown>;

/** Items that change only a converted query's output (its fields, state, attributes): nothing to do when matching events. */
const QUERY_ONLY = new Set([
  'add_field',
  'remove_field',
  'set_field',
  'set_state',
  'set_custom_attribute',
  'strict_field_mapping_failure',
  'query_expression_placeholders',
]);

/**
 * A processing pipeline applied to rule documents before the engine compiles them, so a rule runs on
 * logs whose field names and sources the pipeline describes (pySigma's field mappings, logsource
 * changes, added conditions, dropped items, string replacements, failures), under the same rule,
 * detection-item and field-name conditions as conversion. Items that only shape a query's output are
 * skipped; an item that would change matching in a way the documents cannot express is refused,
 * naming itself.
 */
export function pipelineRuleTransform(pipeline: ProcessingPipeline): (doc: Doc) => Doc {
  return (doc) => {
    // Correlation rules and documents without a detection pass unchanged.
    if (!isPlainObject(doc.detection)) return doc;
    const state = new PipelineState({ ...pipeline.vars });
    let current: Doc = { ...doc, detection: { ...doc.detection } };
    pipeline.items.forEach((item, index) => {
      current = applyItem(item, index, current, state);
    });
    return current;
  };
}

function applyItem(item: ProcessingItem, index: number, doc: Doc, state: PipelineState): Doc {
  const definition = item.definition;
  const name = `pipeline item ${item.id ?? index + 1}`;
  if (!definition) throw new RuleCompileError(`${name} is built in code and cannot be applied to rules being evaluated`, '');
  const type = String(definition.type);
  let model: SigmaRuleModel;
  try {
    model = SigmaRuleModel.fromDocument(doc);
  } catch (error) {
    if (error instanceof SigmaError) throw new RuleCompileError(error.message, '');
    throw error;
  }
  if (!item.matchesRule(model, state)) return doc;
  const context = item.context(state);
  const matches = (key: string, value: unknown): boolean => {
    try {
      const detectionItem = DetectionItem.fromMapping(key, value);
      return detectionItem.field !== null && context.matchItem(detectionItem);
    } catch {
      return false;
    }
  };
  const next = transform(type, definition, doc, matches, name, state);
  if (item.id) state.appliedIds.add(item.id);
  return next;
}

function transform(
  type: string,
  d: Readonly<Record<string, unknown>>,
  doc: Doc,
  matches: (key: string, value: unknown) => boolean,
  name: string,
  state: PipelineState,
): Doc {
  switch (type) {
    case 'field_name_mapping': {
      const mapping = d.mapping as Record<string, string | string[]>;
      return renameFields(doc, matches, (field) => (field in mapping ? listOf(mapping[field]) : null));
    }
    case 'field_name_prefix_mapping': {
      const mapping = d.mapping as Record<string, string | string[]>;
      return renameFields(doc, matches, (field) => {
        const prefix = Object.keys(mapping).find((candidate) => field.startsWith(candidate));
        return prefix === undefined ? null : listOf(mapping[prefix]).map((target) => `${target}${field.slice(prefix.length)}`);
      });
    }
    case 'field_name_prefix':
      return renameFields(doc, matches, (field) => [`${String(d.prefix)}${field}`]);
    case 'field_name_suffix':
      return renameFields(doc, matches, (field) => [`${field}${String(d.suffix)}`]);
    case 'change_logsource': {
      const logsource: Record<string, string> = {};
      for (const key of ['category', 'product', 'service']) if (typeof d[key] === 'string') logsource[key] = d[key] as string;
      return { ...doc, logsource };
    }
    case 'add_condition':
      return addCondition(doc, d);
    case 'drop_detection_item':
      return mapSelections(doc, (selection, selectionName) => {
        const kept = Object.fromEntries(Object.entries(selection).filter(([key, value]) => !matches(key, value)));
        if (Object.keys(kept).length === 0 && Object.keys(selection).length > 0) {
          throw new RuleCompileError(
            `${name} (drop_detection_item) would leave the selection ${selectionName} empty`,
            `detection.${selectionName}`,
          );
        }
        return [kept];
      });
    case 'replace_string': {
      const regex = new RegExp(String(d.regex), 'g');
      const replacement = pythonReplacement(String(d.replacement));
      return mapValues(doc, matches, (value) => (typeof value === 'string' ? value.replace(regex, replacement) : value));
    }
    case 'map_string': {
      const mapping = isPlainObject(d.mapping) ? d.mapping : {};
      return mapValues(doc, matches, (value) => (typeof value === 'string' && value in mapping ? mapping[value] : value), true);
    }
    case 'rule_failure':
      throw new RuleCompileError(String(d.message), '');
    case 'detection_item_failure': {
      let failed = false;
      mapSelections(doc, (selection) => {
        if (Object.entries(selection).some(([key, value]) => matches(key, value))) failed = true;
        return [selection];
      });
      if (failed) throw new RuleCompileError(String(d.message), '');
      return doc;
    }
    case 'nest': {
      let current = doc;
      // Validated with the pipeline already; built again from their definitions to apply them here.
      const nested = (Array.isArray(d.items) ? d.items : []).map((definition) => ProcessingItem.fromDict(definition));
      nested.forEach((nestedItem, index) => {
        current = applyItem(nestedItem, index, current, state);
      });
      return current;
    }
    default:
      if (QUERY_ONLY.has(type)) return doc;
      throw new RuleCompileError(
        `${name} (${type}) changes values in a way only a converted query can hold; it cannot be applied to rules being evaluated`,
        '',
      );
  }
}

const listOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : [String(value)]);

/** Python's `\1` and `\g<name>` in a replacement, as JavaScript writes them. */
function pythonReplacement(text: string): string {
  return text
    .replace(/\$/g, '$$$$')
    .replace(/\\g<(\w+)>/g, '$<$1>')
    .replace(/\\(\d+)/g, '$$$1');
}

/**
 * Each map of the detection through `map`, which answers the maps that replace it: a selection
 * that is a map becomes a list of maps when it answers several (their OR), a list of maps is flattened.
 */
function mapSelections(doc: Doc, map: (selection: Selection, name: string) => Selection[]): Doc {
  const detection = doc.detection as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [name, body] of Object.entries(detection)) {
    if (name === 'condition' || name === 'timeframe') out[name] = body;
    else if (isPlainObject(body)) {
      const replaced = map(body, name);
      out[name] = replaced.length === 1 ? replaced[0] : replaced;
    } else if (Array.isArray(body) && body.some(isPlainObject)) {
      out[name] = body.flatMap((entry) => (isPlainObject(entry) ? map(entry, name) : [entry]));
    } else out[name] = body;
  }
  return { ...doc, detection: out };
}

/**
 * Renames the fields of the items `matches` admits. A field mapped to several names matches any of
 * them: the selection becomes one map per choice (AND distributes over the OR), as pySigma's 1:n
 * mapping reads.
 */
function renameFields(doc: Doc, matches: (key: string, value: unknown) => boolean, targets: (field: string) => string[] | null): Doc {
  return mapSelections(doc, (selection) => {
    let variants: Array<Array<[string, unknown]>> = [[]];
    for (const [key, value] of Object.entries(selection)) {
      const bar = key.indexOf('|');
      const field = bar < 0 ? key : key.slice(0, bar);
      const modifiers = bar < 0 ? '' : key.slice(bar);
      const names = matches(key, value) ? targets(field) : null;
      const choices = names && names.length > 0 ? names.map((target) => `${target}${modifiers}`) : [key];
      variants = variants.flatMap((entries) => choices.map((choice) => [...entries, [choice, value] as [string, unknown]]));
    }
    return variants.map((entries) => mergeEntries(entries));
  });
}

/** Entries as a map; two items that land on the same key (two fields mapped to one) are kept apart as `all` of both. */
function mergeEntries(entries: Array<[string, unknown]>): Selection {
  const out: Selection = {};
  for (const [key, value] of entries) {
    if (!(key in out)) out[key] = value;
    else
      throw new RuleCompileError(
        `two fields of one selection map to ${key}; the rule cannot be evaluated under this pipeline`,
        'detection',
      );
  }
  return out;
}

function mapValues(doc: Doc, matches: (key: string, value: unknown) => boolean, map: (value: unknown) => unknown, flatten = false): Doc {
  return mapSelections(doc, (selection) => [
    Object.fromEntries(
      Object.entries(selection).map(([key, value]) => {
        if (!matches(key, value)) return [key, value];
        const mapped = Array.isArray(value) ? value.flatMap((entry) => listed(map(entry), flatten)) : map(value);
        return [key, mapped];
      }),
    ),
  ]);
}

const listed = (value: unknown, flatten: boolean): unknown[] => (flatten && Array.isArray(value) ? value : [value]);

let conditionCounter = 0;

/** pySigma's add_condition: a new selection ANDed (or AND NOT) in front of every condition. */
function addCondition(doc: Doc, d: Readonly<Record<string, unknown>>): Doc {
  const conditions = isPlainObject(d.conditions) ? d.conditions : {};
  const name = typeof d.name === 'string' ? d.name : `_pipeline_cond_${(conditionCounter++).toString(36)}`;
  const logsource = isPlainObject(doc.logsource) ? doc.logsource : {};
  const substitute = (text: unknown): unknown =>
    typeof text === 'string' && d.template === true
      ? text.replace(/\$(?:\{(category|product|service)\}|(category|product|service)(?!\w))/g, (all, braced?: string, bare?: string) => {
          const value = logsource[(braced ?? bare) as string];
          return typeof value === 'string' ? value : all;
        })
      : text;
  const selection = Object.fromEntries(
    Object.entries(conditions).map(([field, value]) => [field, Array.isArray(value) ? value.map(substitute) : substitute(value)]),
  );
  const detection = doc.detection as Record<string, unknown>;
  const rewrite = (condition: unknown): string => `${d.negated === true ? 'not ' : ''}${name} and (${String(condition)})`;
  const condition = Array.isArray(detection.condition) ? detection.condition.map(rewrite) : rewrite(detection.condition);
  return { ...doc, detection: { ...detection, [name]: selection, condition } };
}
