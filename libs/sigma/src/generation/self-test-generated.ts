import { selfTestRuleCompiled, type SelfTestResult } from '../evaluate/self-test';
import type { ObservableLike } from '../evaluate/observable-events';
import { cloudEvents } from '../evaluate/cloud-events';
import { proseEvents } from '../evaluate/prose-events';
import type { SigmaEvent } from '../evaluate/event-fields';

const CLOUD_PRODUCTS = new Set(['aws', 'azure', 'okta', 'kubernetes', 'm365', 'gcp']);
// Endpoint products, and whose synthetic prose events they read.
const ENDPOINT_PLATFORMS: Readonly<Record<string, 'windows' | 'unix'>> = { windows: 'windows', linux: 'unix', macos: 'unix' };

function logsourceOf(rule: Record<string, unknown>): { product?: string; service?: string } {
  const logsource = rule['logsource'];
  if (!logsource || typeof logsource !== 'object') return {};
  const { product, service } = logsource as Record<string, unknown>;
  return { ...(typeof product === 'string' ? { product } : {}), ...(typeof service === 'string' ? { service } : {}) };
}

/**
 * A generated rule's self-test. Endpoint rules run on the synthetic telemetry of the article's observables and on
 * the events of the endpoint facts its prose states (a DLL side-loaded, a driver loaded, a ransom note, a file
 * written at a full path, a program's hash: evaluate/prose-events.ts), which no extracted observable stands for;
 * a cloud or identity rule (product aws, azure, okta, kubernetes, m365, gcp) also runs on the audit records the
 * article's stated cloud activity would leave (its event names, requests or operations, from its reported addresses).
 */
export function selfTestGenerated(rule: Record<string, unknown>, observables: readonly ObservableLike[], content?: string): SelfTestResult {
  // Compiled once: the observables' events and the article's stated ones are run on the same compiled rule.
  const { result: base, compiled } = selfTestRuleCompiled(rule, observables);
  const { product, service } = logsourceOf(rule);
  const cloud = product !== undefined && CLOUD_PRODUCTS.has(product);
  const endpoint = product !== undefined ? ENDPOINT_PLATFORMS[product] : undefined;
  if ((!cloud && !endpoint) || !compiled) return base;
  let events: Array<{ observable: string; event: SigmaEvent }>;
  if (cloud) {
    const addresses = observables.filter((o) => o.type === 'ipv4' || o.type === 'ipv6').map((o) => o.value);
    events = cloudEvents(content, addresses).filter(
      (event) => event.logsource.product === product && (!service || event.logsource.service === service),
    );
  } else events = proseEvents(content).filter((event) => event.platform === endpoint);
  const fired = events.filter(({ event }) => compiled.matches(event)).map(({ observable }) => observable);
  const firedOn = [...new Set([...base.fired_on, ...fired])];
  return { ...base, fires: firedOn.length > 0, events: base.events + events.length, fired_on: firedOn };
}
