import type { CorrelationRuleModel } from './correlation-model';
import type { SigmaRuleModel } from './rule-model';

export type ProcessedRule = SigmaRuleModel | CorrelationRuleModel;

/**
 * What applying a pipeline to one rule leaves behind: the state backends read (index, data model...),
 * the pipeline variables, which items applied, and which fields each item renamed.
 */
export class PipelineState {
  /** `set_state` values, read by backends (e.g. the index or data model of a query). */
  values: Record<string, unknown> = {};
  appliedIds = new Set<string>();
  /** Processing item ids that renamed each (current) field name. */
  readonly fieldNameApplied = new Map<string, Set<string>>();
  /** Original field name to the names it finally became, and back. */
  readonly fieldMappings = new Map<string | null, Set<string>>();
  readonly mappedTargets = new Map<string, Set<string | null>>();

  constructor(public vars: Record<string, unknown> = {}) {}

  trackFieldItems(source: string, targets: string[], itemId: string | undefined): void {
    if (targets.length === 1 && targets[0] === source) return;
    const applied = this.fieldNameApplied.get(source) ?? new Set<string>();
    if (itemId) applied.add(itemId);
    this.fieldNameApplied.delete(source);
    for (const target of targets) this.fieldNameApplied.set(target, new Set(applied));
  }

  fieldWasProcessedBy(field: string | null, itemId: string): boolean {
    return field !== null && (this.fieldNameApplied.get(field)?.has(itemId) ?? false);
  }

  addMapping(source: string | null, target: string | string[]): void {
    const targets = Array.isArray(target) ? target : [target];
    if (source !== null && this.mappedTargets.has(source)) {
      for (const original of this.mappedTargets.get(source) ?? []) {
        const set = this.fieldMappings.get(original);
        if (!set) continue;
        set.delete(source);
        targets.forEach((t) => set.add(t));
        targets.forEach((t) => this.reverse(t).add(original));
      }
      this.mappedTargets.delete(source);
    }
    const set = this.fieldMappings.get(source) ?? new Set<string>();
    targets.forEach((t) => set.add(t));
    this.fieldMappings.set(source, set);
    targets.forEach((t) => this.reverse(t).add(source));
  }

  isMapped(field: string): boolean {
    return this.fieldMappings.has(field) || this.mappedTargets.has(field);
  }

  private reverse(target: string): Set<string | null> {
    const set = this.mappedTargets.get(target) ?? new Set<string | null>();
    this.mappedTargets.set(target, set);
    return set;
  }
}
