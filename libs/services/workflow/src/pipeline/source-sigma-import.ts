import type { PublisherRuleRecord } from '@huntforge/contracts/executions';
import { asSigmaDocument } from '@huntforge/contracts/sigma';
import { ruleSummary } from '@huntforge/sigma';
import type { StageLog, StageOutcome } from './pipeline-port';
import type { DomainPorts, PipelineArticle, ServicePorts } from './ports';

/**
 * SIGMA_IMPORT_POLICY: whether the destination repository accepts publisher-authored rules.
 * `deny` (default) queues them for review but marks delivery as not permitted; `allow` permits delivery.
 */
export type ImportPolicy = 'allow' | 'deny';

export async function importPublisherSigma(input: {
  article: PipelineArticle;
  executionId: number;
  deps: { domain: DomainPorts; services: ServicePorts };
  policy: ImportPolicy;
  signal: AbortSignal;
  log: StageLog;
}): Promise<StageOutcome<PublisherRuleRecord[]>> {
  const { article, deps, signal, log } = input;
  const found = deps.domain.findEmbeddedSigma(article.content);
  // Each rule's text is parsed once; the queue and the record read the mapping.
  const checked = found.map((block) => {
    const loaded = deps.domain.loadSigma(block.yaml);
    const doc = loaded.ok ? loaded.rule : null;
    return {
      block,
      doc,
      validation: loaded.ok ? deps.domain.validateSigma(loaded.rule) : { valid: false, findings: loaded.findings },
      provenance: { article_id: article.id, article_url: article.url, start: block.start, end: block.end },
    };
  });
  const results =
    checked.length === 0
      ? []
      : await deps.services.enqueue(
          {
            executionId: input.executionId,
            articleId: article.id,
            rules: checked.map(({ block, doc, validation, provenance }) => ({
              source: 'publisher' as const,
              status: validation.valid ? ('pending' as const) : ('needs_review' as const),
              ruleYaml: block.yaml,
              ...(doc ? { rule: doc } : {}),
              provenance,
              deliveryPermitted: input.policy === 'allow',
            })),
          },
          signal,
        );
  const records: PublisherRuleRecord[] = checked.map(({ block, doc, validation, provenance }, i) => {
    const queued = results[i];
    if (queued?.outcome !== 'queued' && queued?.outcome !== 'linked') {
      throw new Error('the queue neither queued nor linked a publisher rule, which is never compared for promotion');
    }
    log(
      queued.outcome === 'linked'
        ? `publisher rule at ${block.start}-${block.end} is already queue item #${queued.queueId}; linked, not queued again`
        : `publisher rule at ${block.start}-${block.end} queued as ${queued.queueId} (${validation.valid ? 'valid' : 'invalid'})`,
    );
    return {
      source: 'publisher',
      title: ruleSummary(doc).title,
      rule: doc ? asSigmaDocument(doc) : null,
      yaml: block.yaml,
      provenance,
      validation,
      delivery_permitted: input.policy === 'allow',
      queue: { outcome: queued.outcome, queue_id: queued.queueId, status: queued.status },
    };
  });
  return {
    value: records,
    status: found.length === 0 ? 'skipped' : 'completed',
    summary: {
      found: found.length,
      valid: records.filter((r) => r.validation.valid).length,
      policy: input.policy,
      delivery_permitted: input.policy === 'allow',
    },
  };
}
