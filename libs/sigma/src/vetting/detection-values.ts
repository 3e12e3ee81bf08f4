/** Fields whose values name the telemetry (a provider, a channel), not something the article observed. */
const TELEMETRY_CONSTANT_FIELDS = new Set(['provider_name', 'channel', 'eventtype', 'logontype', 'objecttype', 'eventid']);

function collectStrings(value: unknown, out: string[], field?: string): void {
  if (field && TELEMETRY_CONSTANT_FIELDS.has(field.split('|')[0]?.toLowerCase() ?? '')) return;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((item) => collectStrings(item, out, field));
  else if (value && typeof value === 'object') Object.entries(value).forEach(([key, item]) => collectStrings(item, out, key));
}

/** True for a block the condition only ever negates (`selection and not filter_genuine`): it states no observation. */
function onlyNegated(name: string, condition: string): boolean {
  const mentions = [...condition.matchAll(/(not\s+)?(?:1 of |all of )?([\w*]+)/g)].filter(
    ([, , ref]) => ref === name || (ref?.endsWith('*') && name.startsWith(ref.slice(0, -1))),
  );
  return mentions.length > 0 && mentions.every(([, negated]) => negated !== undefined);
}

/**
 * Literal values in a rule's detection (the condition, telemetry constants and exclusion filters left out),
 * for the fidelity check: a filter narrows what fires and needs no support in the article.
 */
export function detectionValues(rule: Record<string, unknown>): string[] {
  const detection = rule['detection'];
  if (!detection || typeof detection !== 'object' || Array.isArray(detection)) return [];
  const blocks = detection as Record<string, unknown>;
  const condition = [blocks['condition']].flat().map(String).join(' or ');
  const values: string[] = [];
  for (const [name, block] of Object.entries(blocks)) {
    if (name !== 'condition' && name !== 'timeframe' && !onlyNegated(name, condition)) collectStrings(block, values);
  }
  return values;
}
