import type { RuleAtoms } from './atoms';
import { compareAtoms, scoreFromCounts, type SimilarityExplanation } from './score';

/** Who wrote an indexed rule and under which licence: shown with every match (SigmaHQ rules are DRL 1.1). */
export interface RuleAttribution {
  ruleId: string;
  title: string;
  author: string | null;
  license: string;
  path: string | null;
  origin: string;
}

export interface SimilarityMatch extends SimilarityExplanation {
  attribution: RuleAttribution;
}

export interface SimilaritySearchResult {
  matches: SimilarityMatch[];
  maxSimilarity: number;
  /** The query or its best match passed the DNF cap, or the query has no positive atoms. */
  inconclusive: boolean;
  candidatesCompared: number;
}

interface Entry {
  atoms: RuleAtoms;
  attribution: RuleAttribution;
}

/**
 * An inverted index (telemetry class + atom → rules) over a rule corpus. A query touches only the
 * rules sharing at least one positive atom with it, so its cost follows the overlap, not the corpus.
 */
export class SimilarityIndex {
  private readonly entries: Entry[] = [];
  private readonly postings = new Map<string, number[]>();
  private readonly byRuleId = new Map<string, number>();

  get size(): number {
    return this.byRuleId.size;
  }

  /** Adds a rule; a rule id seen before replaces nothing (the first one wins), so callers de-duplicate. */
  add(atoms: RuleAtoms, attribution: RuleAttribution): boolean {
    if (this.byRuleId.has(attribution.ruleId)) return false;
    const index = this.entries.push({ atoms, attribution }) - 1;
    this.byRuleId.set(attribution.ruleId, index);
    for (const atom of atoms.positive) {
      const key = postingKey(atoms.telemetryClass, atom);
      const list = this.postings.get(key);
      if (list) list.push(index);
      else this.postings.set(key, [index]);
    }
    return true;
  }

  private entryAt(index: number): Entry {
    const entry = this.entries[index];
    if (!entry) throw new Error(`similarity index has no entry ${index}`);
    return entry;
  }

  search(query: RuleAtoms, options: { top?: number; excludeRuleId?: string } = {}): SimilaritySearchResult {
    const top = options.top ?? 10;
    const excluded = options.excludeRuleId === undefined ? -1 : (this.byRuleId.get(options.excludeRuleId) ?? -1);
    const overlap = new Map<number, number>();
    for (const atom of new Set(query.positive)) {
      for (const index of this.postings.get(postingKey(query.telemetryClass, atom)) ?? []) {
        if (index !== excluded) overlap.set(index, (overlap.get(index) ?? 0) + 1);
      }
    }
    let scored: Array<{ index: number; score: number; ruleId: string }> = [];
    for (const [index, shared] of overlap) {
      const entry = this.entryAt(index);
      const { score } = scoreFromCounts(shared, query.positive.length, entry.atoms.positive.length, query.filter, entry.atoms.filter);
      if (score > 0) scored.push({ index, score, ruleId: entry.attribution.ruleId });
    }
    // Only the best `top` are kept: those below the top-th best score are dropped before the ordering by score and
    // id, which compares ids as text (a queue re-run brings many rules of one score).
    if (Number.isInteger(top) && top > 0 && scored.length > top) {
      const floor = Float64Array.from(scored, (candidate) => candidate.score).sort()[scored.length - top] as number;
      scored = scored.filter((candidate) => candidate.score >= floor);
    }
    scored.sort((a, b) => b.score - a.score || a.ruleId.localeCompare(b.ruleId));
    const matches = scored.slice(0, top).map(({ index }) => {
      const entry = this.entryAt(index);
      return { ...compareAtoms(query, entry.atoms), attribution: entry.attribution };
    });
    const best = matches[0];
    return {
      matches,
      maxSimilarity: best?.score ?? 0,
      inconclusive: query.inconclusive || query.positive.length === 0 || (best?.inconclusive ?? false),
      candidatesCompared: overlap.size,
    };
  }
}

function postingKey(cls: string, atom: string): string {
  return `${cls}\u0000${atom}`;
}
