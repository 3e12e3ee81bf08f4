import type { SettingsReader } from '@huntforge/data';
import { DEFAULT_CONVERT_TARGETS, parseTargetList, type TargetSpec } from '@huntforge/sigma';

/** The team's targets: the setting SIGMA_CONVERT_TARGETS, or splunk, kusto and lucene. */
export async function configuredTargets(settings: SettingsReader): Promise<TargetSpec[]> {
  const stored = (await settings.get('SIGMA_CONVERT_TARGETS'))?.trim();
  return parseTargetList(stored || DEFAULT_CONVERT_TARGETS);
}
