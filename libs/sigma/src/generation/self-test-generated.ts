import { compileRule } from '../evaluate/compile-rule';
import { RuleCompileError } from '../evaluate/compile-item';
import { selfTestRule, type SelfTestResult } from '../evaluate/self-test';
import type { ObservableLike } from '../evaluate/observable-events';
import { cloudEvents } from '../evaluate/cloud-events';

const CLOUD_PRODUCTS = new Set(['aws', 'azure', 'okta']);

function logsourceOf(rule: Record<string, unknown>): { product?: string; service?: string } {
  const logsource = rule['logsource'];
  if (!logsource || typeof logsource !== 'object') return {};
  const { product, service } = logsource as Record<string, unknown>;
  return { ...(typeof product === 'string' ? { product } : {}), ...(typeof service === 'string' ? { service } : {}) };
}

/**
 * A generated rule's self-test. Endpoint rules run on the synthetic telemetry of the article's observables;
 * a cloud or identity rule (product aws, azure, okta) also runs on the audit records the article's stated
 * cloud activity would leave (its event names, from its reported addresses), which no extracted observable
 * stands for.
 */
export function selfTestGenerated(rule: Record<string, unknown>, observables: readonly ObservableLike[], content?: string): SelfTestResult {
  const base = selfTestRule(rule, observables);
  const { product, service } = logsourceOf(rule);
  if (!product || !CLOUD_PRODUCTS.has(product) || base.error) return base;
  let compiled;
  try {
    compiled = compileRule(rule);
  } catch (error) {
    if (error instanceof RuleCompileError) return base;
    throw error;
  }
  const addresses = observables.filter((o) => o.type === 'ipv4' || o.type === 'ipv6').map((o) => o.value);
  const events = cloudEvents(content, addresses).filter(
    (event) => event.logsource.product === product && (!service || event.logsource.service === service),
  );
  const fired = events.filter(({ event }) => compiled.matches(event)).map(({ observable }) => observable);
  const firedOn = [...new Set([...base.fired_on, ...fired])];
  return { ...base, fires: firedOn.length > 0, events: base.events + events.length, fired_on: firedOn };
}
