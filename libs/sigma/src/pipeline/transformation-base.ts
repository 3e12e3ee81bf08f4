import { CorrelationRuleModel } from './correlation-model';
import { sigmaError } from './errors';
import type { PipelineState, ProcessedRule } from './pipeline-state';
import { Detection, DetectionItem, SigmaRuleModel } from './rule-model';
import { SigmaFieldRef, SigmaString, WILDCARD_MULTI, type SigmaValue } from './values';

/** What a transformation needs from the processing item that holds it. */
export interface ItemContext {
  id: string | undefined;
  state: PipelineState;
  matchItem(item: DetectionItem): boolean;
  matchFieldName(field: string | null): boolean;
  matchFieldInValue(value: SigmaFieldRef): boolean;
}

export interface Transformation {
  apply(rule: ProcessedRule, context: ItemContext): void;
}

/** Walks the detection items a processing item's conditions select; a returned object replaces the item. */
export abstract class DetectionItemTransformation implements Transformation {
  abstract applyItem(item: DetectionItem, context: ItemContext): DetectionItem | Detection | null;

  apply(rule: ProcessedRule, context: ItemContext): void {
    rule.markApplied(context.id);
    if (rule instanceof SigmaRuleModel) for (const detection of rule.detections.values()) this.applyDetection(detection, context);
  }

  protected applyDetection(detection: Detection, context: ItemContext): void {
    detection.items.forEach((item, index) => {
      if (item instanceof Detection) {
        this.applyDetection(item, context);
        return;
      }
      if (!context.matchItem(item)) return;
      const replacement = this.applyItem(item, context);
      if (replacement === null) return;
      detection.items[index] = replacement;
      replacement.markApplied(context.id);
    });
  }
}

/** Rewrites each value of the selected items; null keeps the value, a list replaces it by several. */
export abstract class ValueTransformation extends DetectionItemTransformation {
  abstract applyValue(field: string | null, value: SigmaValue, context: ItemContext): SigmaValue | SigmaValue[] | null;

  applyItem(item: DetectionItem, context: ItemContext): DetectionItem | null {
    let modified = false;
    const values = item.values.flatMap((value) => {
      const result = this.applyValue(item.field, value, context);
      if (result === null) return [value];
      modified = true;
      return Array.isArray(result) ? result : [result];
    });
    if (!modified) return null;
    item.values = values;
    return item;
  }
}

/** Renames fields in detection items, field references, the fields list and correlation rules. */
export abstract class FieldMappingTransformation extends DetectionItemTransformation {
  /** The new name(s) of a field, or null to leave it (and an empty list to drop it). */
  abstract mapField(field: string | null): string | string[] | null;

  private mapped(field: string, context: ItemContext): string[] {
    const result = this.mapField(field);
    if (result === null || !context.matchFieldName(field)) return [field];
    const targets = typeof result === 'string' ? [result] : result;
    context.state.trackFieldItems(field, targets, context.id);
    return targets;
  }

  private single(field: string, context: ItemContext, what: string): string {
    const result = this.mapped(field, context);
    if (result.length > 1) {
      throw sigmaError(
        'SigmaConfigurationError',
        `Field name mapping transformation can't be applied to correlation rule ${what} because it results in multiple field names.`,
      );
    }
    return result[0] as string;
  }

  override apply(rule: ProcessedRule, context: ItemContext): void {
    rule.fields = rule.fields.flatMap((field) => this.mapped(field, context));
    if (rule instanceof CorrelationRuleModel) {
      if (rule.groupBy !== null) {
        const aliases = new Set(rule.aliases.map((alias) => alias.alias));
        for (const alias of rule.aliases) {
          for (const [ruleName, field] of alias.mapping) alias.mapping.set(ruleName, this.single(field, context, 'alias mapping'));
        }
        rule.groupBy = rule.groupBy.flatMap((field) => (aliases.has(field) ? [field] : this.mapped(field, context)));
      }
      const fieldref = rule.condition?.fieldref;
      if (rule.condition && fieldref !== null && fieldref !== undefined) {
        rule.condition.fieldref = Array.isArray(fieldref)
          ? fieldref.map((field) => this.single(field, context, 'condition field reference'))
          : this.single(fieldref, context, 'condition field reference');
      }
    }
    super.apply(rule, context);
  }

  applyItem(item: DetectionItem, context: ItemContext): DetectionItem | Detection | null {
    let refMatched = false;
    if (item.values.some((value) => value instanceof SigmaFieldRef)) {
      item.values = item.values.flatMap((value) => {
        if (!(value instanceof SigmaFieldRef) || !context.matchFieldInValue(value)) return [value];
        refMatched = true;
        return this.mapped(value.field, context).map((field) => new SigmaFieldRef(field, value.startsWith, value.endsWith));
      });
    }
    const original = item.field;
    const mapping = this.mapField(original);
    let result: DetectionItem | Detection = item;
    const fieldMatched = mapping !== null && context.matchFieldName(item.field);
    if (fieldMatched) {
      if (item.field === null) {
        // A keyword mapped to a field keeps matching anywhere inside the field.
        item.values = item.values.map((value) => {
          if (!(value instanceof SigmaString)) return value;
          let wrapped = value.startsWith(WILDCARD_MULTI) ? value : value.prepend(WILDCARD_MULTI);
          wrapped = wrapped.endsWith(WILDCARD_MULTI) ? wrapped : wrapped.append(WILDCARD_MULTI);
          return wrapped;
        });
      }
      if (typeof mapping === 'string') {
        item.field = mapping;
        item.markApplied(context.id);
      } else {
        result = new Detection(
          mapping.map((field) => item.withField(field)),
          'or',
        );
      }
    }
    if (!fieldMatched && !refMatched) return null;
    if (mapping !== null) context.state.addMapping(original, mapping);
    return result;
  }
}
