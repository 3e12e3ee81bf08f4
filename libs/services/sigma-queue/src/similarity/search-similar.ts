import type { SimilaritySearchResponse } from '@huntforge/contracts/sigma';
import { analyseRuleDocument, analyseRuleText, type AnalyseResult, type AnalysedDetection, type SimilarityMatch } from '@huntforge/sigma';
import type { CorpusIndex } from '../corpus/corpus-index';

/** The indexed corpus a comparison reads. */
export type SimilarityCorpus = Pick<CorpusIndex, 'get'>;

export class UnanalysableRuleError extends Error {
  constructor(reason: string) {
    super(`The rule cannot be compared: ${reason}`);
    this.name = 'UnanalysableRuleError';
  }
}

/** Compares a rule with the indexed corpus: top matches with explanation and attribution. */
export async function searchSimilar(index: SimilarityCorpus, ruleYaml: string, top: number): Promise<SimilaritySearchResponse> {
  return searchAnalysed(index, analyseRuleText(ruleYaml), top);
}

/** The same for a rule the caller already parsed (the queue validates first), so its YAML is not parsed twice. */
export async function searchSimilarDocument(
  index: SimilarityCorpus,
  doc: Record<string, unknown> | null,
  top: number,
): Promise<SimilaritySearchResponse> {
  return searchAnalysed(index, analyseDocument(doc), top);
}

/**
 * A parsed rule's atoms; a rule that is not a mapping cannot be analysed. `validated`: what validateDocument
 * answered for it, when the caller validated it already.
 */
export function analyseDocument(doc: Record<string, unknown> | null, validated?: { detection?: AnalysedDetection }): AnalyseResult {
  return doc ? analyseRuleDocument(doc, validated) : { ok: false, reason: 'the rule is not a YAML mapping' };
}

/** The same for a rule the caller already analysed (the queue compares it with the queue as well). */
export async function searchAnalysed(index: SimilarityCorpus, analysed: AnalyseResult, top: number): Promise<SimilaritySearchResponse> {
  if (!analysed.ok) throw new UnanalysableRuleError(analysed.reason);
  const corpus = await index.get();
  const result = corpus.search(analysed.atoms, { top });
  return {
    telemetry_class: analysed.atoms.telemetryClass,
    matches: result.matches.map(toMatchBody),
    max_similarity: result.maxSimilarity,
    inconclusive: result.inconclusive,
    corpus_size: corpus.size,
  };
}

export function toMatchBody(match: SimilarityMatch): SimilaritySearchResponse['matches'][number] {
  return {
    score: match.score,
    jaccard: match.jaccard,
    containment: match.containment,
    filter_penalty: match.filterPenalty,
    shared_atoms: match.shared,
    only_in_a: match.onlyInA,
    only_in_b: match.onlyInB,
    inconclusive: match.inconclusive,
    attribution: {
      rule_id: match.attribution.ruleId,
      title: match.attribution.title,
      author: match.attribution.author,
      license: match.attribution.license,
      path: match.attribution.path,
      origin: match.attribution.origin,
    },
  };
}
