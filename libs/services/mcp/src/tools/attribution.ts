import { DRL_LICENSE_NAME, DRL_LICENSE_URL, type SigmaAttribution } from '@huntforge/contracts/mcp';

const DRL_IDS = new Set(['drl-1.1', 'drl 1.1', 'drl1.1']);

/** The attribution every reference rule carries in tool output (SigmaHQ rules: DRL 1.1, author named). */
export function attributionOf(rule: { title: string; author: string | null; license: string | null }): SigmaAttribution {
  const license = rule.license ?? 'DRL-1.1';
  const isDrl = DRL_IDS.has(license.toLowerCase());
  const licenseName = isDrl ? DRL_LICENSE_NAME : license;
  const author = rule.author?.trim() || null;
  return {
    author,
    license,
    license_name: licenseName,
    license_url: isDrl ? DRL_LICENSE_URL : null,
    notice: `"${rule.title}" by ${author ?? 'an unnamed author'}, licensed under the ${licenseName}${isDrl ? ` (${DRL_LICENSE_URL})` : ''}. Keep this attribution with any use of the rule.`,
  };
}
