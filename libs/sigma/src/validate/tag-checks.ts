import { retiredTacticReplacements, tacticId, techniqueStatus, ATTACK_DATA_VERSION } from '../attack/attack-catalog';
import { finding, type Finding } from '../findings';

const TAG_PATTERN = /^[a-z0-9_-]+\.[a-z0-9._-]+$/;
const TECHNIQUE = /^t\d{4}(\.\d{3})?$/;
/** Groups, software, data sources, mitigations and campaigns: accepted by shape (no data bundled for them). */
const OTHER_ATTACK_OBJECT = /^(g|s|ds|m|c)\d{4}$/;

/** Tag syntax, duplicates, and ATT&CK techniques/tactics against the bundled ATT&CK data. */
export function checkTags(tags: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  tags.forEach((tag, index) => {
    const path = `tags.${index}`;
    if (seen.has(tag)) findings.push(finding('duplicate_tag', path, `Tag ${tag} appears more than once`));
    seen.add(tag);
    if (!TAG_PATTERN.test(tag)) {
      findings.push(finding('invalid_tag', path, `Tag ${tag} must look like namespace.name in lower case`));
      return;
    }
    if (tag.startsWith('attack.')) findings.push(...checkAttackTag(tag.slice('attack.'.length), path));
  });
  return findings;
}

function checkAttackTag(name: string, path: string): Finding[] {
  if (TECHNIQUE.test(name)) {
    const status = techniqueStatus(name);
    if (status === 'known') return [];
    if (status === 'unverified') {
      return [
        finding(
          'unverified_attack_technique',
          path,
          `${name.toUpperCase()} looks like an ICS technique; no ICS data is bundled to check it`,
        ),
      ];
    }
    return [
      finding('unknown_attack_technique', path, `${name.toUpperCase()} is not a current ATT&CK technique (ATT&CK v${ATTACK_DATA_VERSION})`),
    ];
  }
  if (OTHER_ATTACK_OBJECT.test(name)) return [];
  if (tacticId(name)) return [];
  const replacements = retiredTacticReplacements(name);
  if (replacements) {
    return [
      finding(
        'retired_attack_tactic',
        path,
        `Tactic ${name} was retired in ATT&CK v${ATTACK_DATA_VERSION}; use ${replacements.join(' or ')}`,
      ),
    ];
  }
  return [finding('unknown_attack_tactic', path, `attack.${name} is neither an ATT&CK technique nor a tactic`)];
}
