import { dump } from 'js-yaml';
import { cloneDoc } from '../parse/clone';

/** A valid process_creation rule as a plain object; tests mutate copies of it. */
export function baseRule(): Record<string, unknown> {
  return {
    title: 'Certutil Downloading a File',
    id: '1f0c9a2b-3d4e-4f5a-8b6c-7d8e9f0a1b2c',
    status: 'experimental',
    description: 'Detects certutil used to download a file.',
    references: ['https://example.test/certutil'],
    author: 'Huntforge tests',
    date: '2026-11-01',
    tags: ['attack.command-and-control', 'attack.t1105'],
    logsource: { category: 'process_creation', product: 'windows' },
    detection: {
      selection_img: { 'Image|endswith': '\\certutil.exe' },
      selection_cli: { 'CommandLine|contains': ['urlcache', 'verifyctl'] },
      filter_admin: { User: 'SYSTEM' },
      condition: 'all of selection_* and not filter_admin',
    },
    falsepositives: ['Administrators fetching certificates'],
    level: 'medium',
  };
}

/** YAML of the base rule after `mutate` changed a deep copy of it. */
export function ruleYaml(mutate: (rule: Record<string, unknown>) => void = () => undefined): string {
  const rule = cloneDoc(baseRule());
  mutate(rule);
  return dump(rule, { lineWidth: -1 });
}

/** The detection mapping of a rule, typed for mutation. */
export function detectionOf(rule: Record<string, unknown>): Record<string, unknown> {
  return rule.detection as Record<string, unknown>;
}
