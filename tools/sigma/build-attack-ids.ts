// Builds libs/sigma/src/attack/attack-ids.json from ATT&CK STIX 2.x bundles (enterprise-attack.json,
// mobile-attack.json, ics-attack.json from mitre-attack/attack-stix-data or mitre/cti).
// Usage: node --import tsx tools/sigma/build-attack-ids.ts BUNDLE.json [BUNDLE.json ...]
// Keeps non-revoked, non-deprecated techniques (attack-pattern external_id) and tactics
// (x-mitre-tactic shortname → TA id) per domain; domains not given keep their current lists.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Domain = 'enterprise' | 'mobile' | 'ics';
interface StixObject {
  type: string;
  name?: string;
  revoked?: boolean;
  x_mitre_deprecated?: boolean;
  x_mitre_shortname?: string;
  x_mitre_version?: string;
  x_mitre_domains?: string[];
  external_references?: Array<{ source_name?: string; external_id?: string }>;
}

const target = join(__dirname, '..', '..', 'libs', 'sigma', 'src', 'attack', 'attack-ids.json');
const bundles = process.argv.slice(2);
if (bundles.length === 0) {
  process.stderr.write('usage: build-attack-ids.ts enterprise-attack.json [mobile-attack.json] [ics-attack.json]\n');
  process.exit(2);
}

const data = JSON.parse(readFileSync(target, 'utf8'));
const versions: string[] = [];
for (const file of bundles) {
  const objects: StixObject[] = JSON.parse(readFileSync(file, 'utf8')).objects ?? [];
  const domain = domainOf(objects, file);
  const techniques = new Set<string>();
  const tactics: Record<string, string> = {};
  let version = 'unknown';
  for (const object of objects) {
    if (object.type === 'x-mitre-collection' && object.x_mitre_version) version = object.x_mitre_version;
    if (object.revoked || object.x_mitre_deprecated) continue;
    const id = object.external_references?.find((ref) => ref.source_name?.startsWith('mitre'))?.external_id;
    if (!id) continue;
    if (object.type === 'attack-pattern') techniques.add(id);
    if (object.type === 'x-mitre-tactic' && object.x_mitre_shortname) tactics[object.x_mitre_shortname] = id;
  }
  data.techniques[domain] = [...techniques].sort();
  data.tactics[domain] = tactics;
  versions.push(`${domain} ${version}`);
  process.stdout.write(`${file}: ${domain} v${version}, ${techniques.size} techniques, ${Object.keys(tactics).length} tactics\n`);
}
data.source = {
  description: `Non-deprecated, non-revoked techniques and tactics of the ATT&CK STIX bundles: ${versions.join(', ')}.`,
  attack_version: versions.find((v) => v.startsWith('enterprise'))?.split(' ')[1] ?? data.source.attack_version,
  generated_by: 'tools/sigma/build-attack-ids.ts',
};
writeFileSync(target, `${JSON.stringify(data, null, 1)}\n`);
process.stdout.write(`wrote ${target}\n`);

function domainOf(objects: StixObject[], file: string): Domain {
  const collection = objects.find((o) => o.type === 'x-mitre-collection')?.name?.toLowerCase() ?? '';
  const domains = objects.find((o) => o.type === 'attack-pattern')?.x_mitre_domains ?? [];
  const hint = `${collection} ${domains.join(' ')} ${file.toLowerCase()}`;
  if (hint.includes('ics')) return 'ics';
  if (hint.includes('mobile')) return 'mobile';
  return 'enterprise';
}
