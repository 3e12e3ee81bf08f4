import type { ObservableType } from '@huntforge/contracts/extraction';

/** The STIX Cyber-observable object and property each network indicator type is matched on. */
const OBJECT_PATHS: Partial<Record<ObservableType, string>> = {
  ipv4: 'ipv4-addr:value',
  ipv6: 'ipv6-addr:value',
  domain: 'domain-name:value',
  url: 'url:value',
};

/** A STIX string literal: single quotes, with `\` and `'` escaped (STIX 2.1 patterning, section 9.4). */
const literal = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** `[domain-name:value = 'evil.example']` for a network indicator; undefined for types that are behaviour, not values. */
export function stixPatternFor(type: ObservableType, value: string): string | undefined {
  const path = OBJECT_PATHS[type];
  return path ? `[${path} = ${literal(value)}]` : undefined;
}
