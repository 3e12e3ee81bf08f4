import { createHash } from 'node:crypto';
import rawRegistry from './hunt-keywords.json';

export const HUNT_TIERS = ['perfect', 'good', 'lolbas', 'intelligence', 'negative'] as const;
export type HuntTier = (typeof HUNT_TIERS)[number];

export interface HuntTierDefinition {
  /** The most points the tier can add (or, for `negative`, take away). */
  max: number;
  /** Terms as written in the registry (matched case-insensitively). */
  terms: readonly string[];
}

export type HuntKeywordRegistry = Readonly<Record<HuntTier, HuntTierDefinition>>;

/** Checks a registry's shape so a bad edit of the data file fails at load with a clear message. */
export function parseHuntKeywordRegistry(value: unknown): HuntKeywordRegistry {
  const tiers = (value as { tiers?: unknown } | null)?.tiers;
  if (typeof tiers !== 'object' || tiers === null) throw new Error('hunt keyword registry: missing "tiers" object');
  const result = {} as Record<HuntTier, HuntTierDefinition>;
  for (const tier of HUNT_TIERS) {
    const entry = (tiers as Record<string, unknown>)[tier] as { max?: unknown; terms?: unknown } | undefined;
    if (!entry || typeof entry.max !== 'number' || !(entry.max >= 0)) {
      throw new Error(`hunt keyword registry: tier "${tier}" needs a non-negative numeric "max"`);
    }
    if (!Array.isArray(entry.terms) || entry.terms.some((term) => typeof term !== 'string' || term.trim() === '')) {
      throw new Error(`hunt keyword registry: tier "${tier}" needs "terms" as non-empty strings`);
    }
    result[tier] = { max: entry.max, terms: entry.terms as string[] };
  }
  return result;
}

/** The registry shipped in `hunt-keywords.json`. */
export const HUNT_KEYWORD_REGISTRY: HuntKeywordRegistry = parseHuntKeywordRegistry(rawRegistry);

/**
 * A short digest of a registry's tiers (maxima and terms): stored with each article's hunt score, so scores
 * written with an older registry can be found and computed again when the registry changes.
 */
export function huntRegistryFingerprint(registry: HuntKeywordRegistry): string {
  const canonical = HUNT_TIERS.map((tier) => [tier, registry[tier].max, registry[tier].terms]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex').slice(0, 16);
}

/** The shipped registry's fingerprint. */
export const HUNT_REGISTRY_FINGERPRINT = huntRegistryFingerprint(HUNT_KEYWORD_REGISTRY);
