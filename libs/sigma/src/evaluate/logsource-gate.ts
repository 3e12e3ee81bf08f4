import { isPlainObject } from '../parse/parse-rule';
import type { SourceView } from './event-source';
import { CATEGORY_VARIANTS, type CategoryVariant } from './logsource-taxonomy';

/** Which events a compiled rule runs on: its logsource, and the log variant its field names were mapped to. */
export interface RuleGate {
  product: string | null;
  category: string | null;
  service: string | null;
  /** Compiled for this variant's field names: runs only on events of that variant. */
  variant: string | null;
  /** Variants this compilation must not run on (the rule has its own compilation for them). */
  excluded: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

/** The gate of a rule document's logsource. */
export function ruleGate(doc: Record<string, unknown>, variant: string | null = null, excluded: ReadonlySet<string> = NONE): RuleGate {
  const logsource = isPlainObject(doc.logsource) ? doc.logsource : {};
  const read = (key: string): string | null => (typeof logsource[key] === 'string' ? (logsource[key] as string).toLowerCase() : null);
  return { product: read('product'), category: read('category'), service: read('service'), variant, excluded };
}

/**
 * Whether a rule runs on events of this source. An event whose source is unknown (plain JSON, the
 * self-test's synthetic events) runs every rule not compiled for a variant.
 */
export function gateAllows(gate: RuleGate, view: SourceView | null): boolean {
  if (!view) return gate.variant === null;
  if (gate.product && gate.product !== view.product) return false;
  if (gate.category && !view.categories.has(gate.category)) return false;
  if (gate.service && !view.services.has(gate.service)) return false;
  const variant = view.variant?.id ?? null;
  if (gate.variant !== null) return gate.variant === variant;
  return variant === null || !gate.excluded.has(variant);
}

/**
 * The variants of logs that write the rule's category under other field names, with the rule's
 * detection rewritten to those names. A rule that uses none of the renamed fields needs no variant:
 * it runs as written.
 */
export function ruleVariants(doc: Record<string, unknown>): Array<{ variant: CategoryVariant; doc: Record<string, unknown> }> {
  const gate = ruleGate(doc);
  if (!gate.category || !isPlainObject(doc.detection)) return [];
  const detection = doc.detection;
  return CATEGORY_VARIANTS.filter((variant) => variant.categories.includes(gate.category as string)).flatMap((variant) => {
    let renamed = false;
    const rename = (key: string): string => {
      const bar = key.indexOf('|');
      const field = bar < 0 ? key : key.slice(0, bar);
      const target = variant.fields[field];
      if (!target) return key;
      renamed = true;
      return bar < 0 ? target : `${target}${key.slice(bar)}`;
    };
    const mapped: Record<string, unknown> = {};
    for (const [name, body] of Object.entries(detection)) {
      if (name === 'condition' || name === 'timeframe') mapped[name] = body;
      else if (isPlainObject(body)) mapped[name] = renameKeys(body, rename);
      else if (Array.isArray(body)) mapped[name] = body.map((entry) => (isPlainObject(entry) ? renameKeys(entry, rename) : entry));
      else mapped[name] = body;
    }
    return renamed ? [{ variant, doc: { ...doc, detection: mapped } }] : [];
  });
}

function renameKeys(map: Record<string, unknown>, rename: (key: string) => string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(map).map(([key, value]) => [rename(key), value]));
}
