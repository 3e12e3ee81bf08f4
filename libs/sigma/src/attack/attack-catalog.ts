import data from './attack-ids.json';

type Domain = 'enterprise' | 'mobile' | 'ics';
const DOMAINS: readonly Domain[] = ['enterprise', 'mobile', 'ics'];

const techniques = new Set(DOMAINS.flatMap((domain) => data.techniques[domain] as string[]));
const tactics = new Map<string, string>(DOMAINS.flatMap((domain) => Object.entries(data.tactics[domain] as Record<string, string>)));
const retired = new Map<string, string[]>(Object.entries(data.retired_tactics));
const icsLoaded = (data.techniques.ics as string[]).length > 0;

export type TechniqueStatus = 'known' | 'unknown' | 'unverified';

/** Whether `T1059.001` (any case) is a current ATT&CK technique; ICS-range ids are unverified while no ICS data is bundled. */
export function techniqueStatus(id: string): TechniqueStatus {
  const normalised = id.toUpperCase();
  if (techniques.has(normalised)) return 'known';
  if (!icsLoaded && /^T0[89]\d\d$/.test(normalised)) return 'unverified';
  return 'unknown';
}

/** The tactic id (`TA0002`) of a shortname (`execution`), or undefined. */
export function tacticId(shortname: string): string | undefined {
  return tactics.get(shortname);
}

/** Tactics that replace a retired one (`defense-evasion` → stealth, defense-impairment), or undefined. */
export function retiredTacticReplacements(shortname: string): string[] | undefined {
  return retired.get(shortname);
}

export function isKnownTechnique(id: string): boolean {
  return techniqueStatus(id) === 'known';
}

export const ATTACK_DATA_VERSION: string = data.source.attack_version;

/** All current tactic shortnames, for enrichment and prompts. */
export function tacticShortnames(): string[] {
  return [...tactics.keys()];
}
