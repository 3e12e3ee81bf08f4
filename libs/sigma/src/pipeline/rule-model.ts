import { isPlainObject } from '../parse/parse-rule';
import { sigmaError } from './errors';
import { applyModifiers, parseFieldSpec } from './modifiers';
import { SigmaString, sigmaValueOf, type SigmaValue } from './values';

/**
 * A Sigma rule as a processing pipeline sees it (pySigma's object model): detections of detection
 * items whose values already carry their modifiers, the log source, the fields list and what each
 * pipeline item did to it. Pipelines rewrite it; backends and the evaluation engine read it.
 */
export interface LogSource {
  category?: string;
  product?: string;
  service?: string;
  [key: string]: unknown;
}

/** Marks which processing items touched an object, for the `processing_item_applied` conditions. */
export class Tracked {
  readonly appliedItems = new Set<string>();
  markApplied(id: string | undefined): void {
    if (id) this.appliedItems.add(id);
  }
  wasProcessedBy(id: string): boolean {
    return this.appliedItems.has(id);
  }
}

export class DetectionItem extends Tracked {
  linking: 'and' | 'or' = 'or';
  constructor(
    public field: string | null,
    public modifiers: string[],
    public values: SigmaValue[],
  ) {
    super();
  }

  static fromMapping(key: string | null, raw: unknown): DetectionItem {
    const { field, modifiers } = key === null ? { field: null, modifiers: [] } : parseFieldSpec(key);
    const list = Array.isArray(raw) ? raw : [raw];
    const regex = modifiers.includes('re');
    const values = list.map((value) => (regex ? SigmaString.plain(value === null ? '' : String(value)) : sigmaValueOf(value)));
    const item = new DetectionItem(field, modifiers, []);
    item.values = applyModifiers(item, modifiers, values);
    return item;
  }

  /** A copy with another field (a 1:n field mapping); values are shared, as pySigma's replace() does. */
  withField(field: string | null): DetectionItem {
    const copy = new DetectionItem(field, [...this.modifiers], [...this.values]);
    copy.linking = this.linking;
    this.appliedItems.forEach((id) => copy.appliedItems.add(id));
    return copy;
  }
}

export class Detection {
  linking: 'and' | 'or';
  constructor(
    public items: Array<DetectionItem | Detection>,
    linking?: 'and' | 'or',
  ) {
    this.linking = linking ?? (items.some((item) => item instanceof DetectionItem) ? 'and' : 'or');
  }

  static fromDefinition(definition: unknown): Detection {
    if (isPlainObject(definition)) {
      const entries = Object.entries(definition);
      if (entries.length === 0) throw sigmaError('SigmaDetectionError', 'Detection is empty');
      return new Detection(entries.map(([key, value]) => DetectionItem.fromMapping(key, value)));
    }
    if (Array.isArray(definition)) {
      if (definition.length === 0) throw sigmaError('SigmaDetectionError', 'Detection is empty');
      if (definition.every((item) => item === null || ['string', 'number', 'boolean'].includes(typeof item))) {
        return new Detection([DetectionItem.fromMapping(null, definition)]);
      }
      return new Detection(definition.map((item) => Detection.fromDefinition(item)));
    }
    if (definition === null || ['string', 'number', 'boolean'].includes(typeof definition)) {
      return new Detection([DetectionItem.fromMapping(null, definition)]);
    }
    throw sigmaError('SigmaDetectionError', `Unsupported detection definition type: ${typeof definition}`);
  }

  /** Marks every item inside (pySigma propagates a detection's tracking to its items). */
  markApplied(id: string | undefined): void {
    for (const item of this.items) item.markApplied(id);
  }
}

export interface Condition extends Tracked {
  condition: string;
}

export class RuleCondition extends Tracked implements Condition {
  constructor(public condition: string) {
    super();
  }
}

/** Rule attributes a pipeline or backend reads (title, level, tags...) beside the detection. */
export interface RuleMeta {
  title: string;
  id?: string;
  name?: string;
  description?: string;
  status?: string;
  level?: string;
  author?: string;
  date?: string;
  modified?: string;
  references: string[];
  tags: string[];
  falsepositives: string[];
}

export class SigmaRuleModel extends Tracked {
  readonly kind = 'rule' as const;
  /** Outputs of the rule's conversion, read by correlation rules that reference it. */
  conversionResult: unknown[] = [];
  /** The pipeline state (`set_state` values) of each converted query, read by correlations (e.g. their index). */
  conversionStates: Array<Record<string, unknown>> = [];
  /** False for a rule that only feeds a correlation (`generate: false` on the correlation). */
  output = true;
  /** Correlation rules that reference this rule (its queries are then finalized inside them). */
  referencedBy = 0;
  customAttributes: Record<string, unknown> = {};

  constructor(
    public meta: RuleMeta,
    public logsource: LogSource,
    public detections: Map<string, Detection>,
    public conditions: RuleCondition[],
    public fields: string[],
    readonly doc: Record<string, unknown>,
  ) {
    super();
  }

  static fromDocument(doc: Record<string, unknown>): SigmaRuleModel {
    const logsource = doc.logsource;
    if (!isPlainObject(logsource)) throw sigmaError('SigmaLogsourceError', 'Sigma rule must have a log source');
    if (!['category', 'product', 'service'].some((key) => typeof logsource[key] === 'string')) {
      throw sigmaError('SigmaLogsourceError', "Sigma log source can't be empty");
    }
    const detection = doc.detection;
    if (!isPlainObject(detection)) throw sigmaError('SigmaDetectionError', 'Sigma rule must have a detection definitions');
    const condition = detection.condition;
    const conditions = (Array.isArray(condition) ? condition : condition === undefined ? [] : [condition]).map(String);
    if (conditions.length === 0) throw sigmaError('SigmaConditionError', 'Sigma rule must contain at least one condition');
    const detections = new Map<string, Detection>();
    for (const [name, definition] of Object.entries(detection)) {
      if (name !== 'condition') detections.set(name, Detection.fromDefinition(definition));
    }
    if (detections.size === 0) throw sigmaError('SigmaDetectionError', 'No detections defined in Sigma rule');
    const fields = Array.isArray(doc.fields) ? doc.fields.map(String) : [];
    const rule = new SigmaRuleModel(
      metaOf(doc),
      { ...logsource } as LogSource,
      detections,
      conditions.map((text) => new RuleCondition(text)),
      fields,
      doc,
    );
    return rule;
  }
}

export function metaOf(doc: Record<string, unknown>): RuleMeta {
  const text = (value: unknown): string | undefined =>
    value === undefined || value === null ? undefined : value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
  const list = (value: unknown): string[] =>
    Array.isArray(value) ? value.map(String) : value === undefined || value === null ? [] : [String(value)];
  return {
    title: text(doc.title) ?? '',
    id: text(doc.id),
    name: text(doc.name),
    description: text(doc.description),
    status: text(doc.status),
    level: text(doc.level),
    author: text(doc.author),
    date: text(doc.date),
    modified: text(doc.modified),
    references: list(doc.references),
    tags: list(doc.tags),
    falsepositives: list(doc.falsepositives),
  };
}
