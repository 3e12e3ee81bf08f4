import { asSigmaDocument, coveringRuleSchema, type SigmaQueueItemBody } from '@huntforge/contracts/sigma';
import type { QueueItemRow } from '../repositories/queue-repository';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);
const coveredByList = coveringRuleSchema.array();

/** The reference rules the workflow found already covering the rule's behaviour (kept in its provenance). */
function coveredBy(provenance: unknown): SigmaQueueItemBody['covered_by'] {
  const parsed = coveredByList.safeParse((provenance as { covered_by?: unknown } | null)?.covered_by ?? []);
  return parsed.success ? parsed.data : [];
}

/** The API shape of a queue item (snake_case; matches carry author and licence). */
/** The self-test kept in the provenance (by the workflow at enqueue, by an edit since). */
export function selfTestOf(provenance: unknown): SigmaQueueItemBody['self_test'] {
  const raw = (provenance as { self_test?: Record<string, unknown> } | null)?.self_test;
  if (!raw || typeof raw['fires'] !== 'boolean') return null;
  const baseline = raw['baseline'] as Record<string, unknown> | undefined;
  return {
    fires: raw['fires'],
    events: typeof raw['events'] === 'number' ? raw['events'] : 0,
    fired_on: Array.isArray(raw['fired_on']) ? raw['fired_on'].map(String) : [],
    baseline:
      baseline && typeof baseline['fires'] === 'number' && typeof baseline['events'] === 'number'
        ? {
            fires: baseline['fires'],
            events: baseline['events'],
            examples: Array.isArray(baseline['examples']) ? baseline['examples'].map(String) : [],
          }
        : null,
    error: typeof raw['error'] === 'string' ? raw['error'] : null,
  };
}

export function toQueueItemBody(row: QueueItemRow): SigmaQueueItemBody {
  return {
    queue_id: row.id,
    status: row.status,
    source: row.source,
    workflow_execution_id: row.workflowExecutionId,
    article_id: row.articleId,
    rule_yaml: row.ruleYaml,
    rule: asSigmaDocument(row.ruleDocument),
    original_rule_yaml: row.originalRuleYaml,
    title: row.title,
    level: row.level,
    tags: row.tags,
    telemetry_class: row.telemetryClass,
    max_similarity: row.maxSimilarity,
    similarity_inconclusive: row.similarityInconclusive,
    matches: row.matches as SigmaQueueItemBody['matches'],
    covered_by: coveredBy(row.provenance),
    self_test: selfTestOf(row.provenance),
    validation_findings: row.validationFindings as SigmaQueueItemBody['validation_findings'],
    delivery_permitted: row.deliveryPermitted,
    conversation_id: row.conversationId,
    reviewer: row.reviewer,
    review_notes: row.reviewNotes as SigmaQueueItemBody['review_notes'],
    rejection_reason: row.rejectionReason,
    pr_url: row.prUrl,
    reviewed_at: iso(row.reviewedAt),
    submitted_at: iso(row.submittedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
