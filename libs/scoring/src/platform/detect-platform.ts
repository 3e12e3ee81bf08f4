import { compileAutomaton, type KeywordAutomaton } from '../hunt-score/keyword-automaton';
import { normalizeForMatching } from '../hunt-score/normalize';
import { CLOUD_TERMS, PLATFORM_TERMS, PLATFORMS, type Platform, type PlatformTerm } from './platform-terms';

export type DetectedOs = Platform | 'cross-platform' | 'unknown';
/** Where a term points: an endpoint OS, or a cloud/SaaS control plane (which makes an article cross-platform). */
export type EvidenceSource = Platform | 'cloud';
export type DetectionConfidence = 'high' | 'medium' | 'low';

export interface PlatformEvidence {
  platform: EvidenceSource;
  term: string;
  /** Occurrences counted (capped, so one repeated word cannot decide an article). */
  count: number;
  weight: number;
}

export interface PlatformDetection {
  os: DetectedOs;
  confidence: DetectionConfidence;
  /** Weighted score per platform, and of the cloud/SaaS control-plane terms. */
  scores: Record<EvidenceSource, number>;
  /** Strongest evidence first. */
  evidence: PlatformEvidence[];
}

/** Occurrences of one term that still add weight. */
const COUNT_CAP = 3;
/** Below this total weighted score the text says too little to name a platform. */
const MIN_SCORE = 4;
/** A second platform with at least this share of the leader's score makes the article cross-platform. */
const CROSS_PLATFORM_SHARE = 0.6;
/** ...provided it also has at least this score on its own. */
const CROSS_PLATFORM_MIN = 8;
/** Cloud/SaaS terms scoring at least this, and CLOUD_LEAD times the leading OS, make the article cross-platform. */
const CLOUD_MIN = 8;
/** How far the control plane must outweigh the OS: a cloud intrusion that goes on to run miners on Linux hosts stays Linux. */
const CLOUD_LEAD = 2;

interface Entry {
  platform: EvidenceSource;
  term: string;
  weight: number;
}

let compiled: { automaton: KeywordAutomaton; entries: Entry[][] } | undefined;

function registry() {
  if (compiled) return compiled;
  const patterns: string[] = [];
  const entries: Entry[][] = [];
  const index = new Map<string, number>();
  const sources: ReadonlyArray<readonly [EvidenceSource, readonly PlatformTerm[]]> = [
    ...PLATFORMS.map((platform) => [platform, PLATFORM_TERMS[platform]] as const),
    ['cloud', CLOUD_TERMS],
  ];
  for (const [platform, terms] of sources) {
    for (const { term, weight } of terms) {
      const pattern = term.toLowerCase();
      let at = index.get(pattern);
      if (at === undefined) {
        at = patterns.length;
        index.set(pattern, at);
        patterns.push(pattern);
        entries.push([]);
      }
      entries[at].push({ platform, term, weight });
    }
  }
  compiled = { automaton: compileAutomaton(patterns), entries };
  return compiled;
}

/**
 * Deterministic OS detection over a weighted term registry. Each distinct term adds weight × min(count, 3)
 * to its platform. The leader wins when it is clear of the rest; two strong platforms, or cloud/SaaS
 * control-plane terms outweighing every OS, make it cross-platform; too little evidence is unknown. Confidence grows with the leader's score and margin.
 */
export function detectPlatform(texts: string | readonly string[]): PlatformDetection {
  const { automaton, entries } = registry();
  const counts = new Uint32Array(entries.length);
  for (const text of typeof texts === 'string' ? [texts] : texts) {
    automaton.scan(normalizeForMatching(text), (at) => {
      counts[at]++;
    });
  }

  const scores: Record<EvidenceSource, number> = { windows: 0, linux: 0, macos: 0, cloud: 0 };
  const evidence: PlatformEvidence[] = [];
  counts.forEach((count, at) => {
    if (count === 0) return;
    const capped = Math.min(count, COUNT_CAP);
    for (const entry of entries[at]) {
      scores[entry.platform] += entry.weight * capped;
      evidence.push({ platform: entry.platform, term: entry.term, count: capped, weight: entry.weight });
    }
  });
  evidence.sort((a, b) => b.weight * b.count - a.weight * a.count || a.platform.localeCompare(b.platform) || a.term.localeCompare(b.term));

  const ranked = [...PLATFORMS].sort((a, b) => scores[b] - scores[a] || PLATFORMS.indexOf(a) - PLATFORMS.indexOf(b));
  const [leader, second] = ranked;
  const top = scores[leader];
  const runnerUp = scores[second];
  if (scores.cloud >= CLOUD_MIN && scores.cloud >= CLOUD_LEAD * top) {
    return { os: 'cross-platform', confidence: scores.cloud >= 15 && scores.cloud >= 3 * top ? 'high' : 'medium', scores, evidence };
  }
  if (top < MIN_SCORE) return { os: 'unknown', confidence: 'low', scores, evidence };
  if (runnerUp >= CROSS_PLATFORM_MIN && runnerUp >= top * CROSS_PLATFORM_SHARE) {
    return { os: 'cross-platform', confidence: runnerUp >= 15 ? 'high' : 'medium', scores, evidence };
  }
  const margin = (top - runnerUp) / top;
  const confidence: DetectionConfidence = top >= 15 && margin >= 0.7 ? 'high' : top >= 8 && margin >= 0.5 ? 'medium' : 'low';
  return { os: leader, confidence, scores, evidence };
}
