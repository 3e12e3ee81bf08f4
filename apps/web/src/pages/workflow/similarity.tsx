import type { RuleAttributionBody, SigmaQueueItemBody } from '@huntforge/contracts/sigma';
import { percent } from '../../components/format';

/**
 * The one way a rule's similarity to the reference corpus is said, in the queue list, the review and the
 * execution view: the best match as a percentage. "novel" only when nothing matched and no reference rule
 * already fires on the rule's behaviour.
 */
export function similarityVerdict(
  item: Pick<SigmaQueueItemBody, 'max_similarity' | 'similarity_inconclusive' | 'matches' | 'covered_by'>,
): { label: string; title: string } {
  if (item.similarity_inconclusive) return { label: 'inconclusive', title: 'The comparison with the reference corpus was inconclusive' };
  const best = item.max_similarity ?? item.matches[0]?.score ?? null;
  if (item.covered_by.length > 0)
    return {
      label: best ? `covered · ${percent(best)}` : 'covered',
      title: `Already detected by ${item.covered_by.length} reference rule(s)`,
    };
  if (best === null || (best === 0 && item.matches.length === 0))
    return { label: 'novel', title: 'No similar rule in the reference corpus' };
  return { label: percent(best), title: 'Similarity of the best match in the reference corpus' };
}

/** Where a reference rule can be read: SigmaHQ rules on GitHub, any other through the API. */
export function referenceRuleHref(attribution: Pick<RuleAttributionBody, 'origin' | 'path' | 'rule_id'>): string {
  if (attribution.origin === 'sigmahq' && attribution.path)
    return `https://github.com/SigmaHQ/sigma/blob/master/${attribution.path.replace(/^\/+/, '')}`;
  return `/api/sigma/reference-rules/${encodeURIComponent(attribution.rule_id)}`;
}
