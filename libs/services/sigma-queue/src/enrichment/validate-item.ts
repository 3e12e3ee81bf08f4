import type { RouteBody, sigmaQueueRoutes } from '@huntforge/contracts/api';
import type { ValidateQueueItemResponse } from '@huntforge/contracts/sigma';
import { validateSigmaRule } from '@huntforge/sigma';
import { enrichItem, type EnrichItemDeps } from './enrich-item';
import { loadItem } from '../queue/queue-items';

export type ValidateItemDeps = EnrichItemDeps;

export interface ValidateItemCommand {
  queueId: number;
  /** `enrich` first runs an enrichment (provider and model as POST .../enrich takes them) and validates its rule. */
  options: RouteBody<typeof sigmaQueueRoutes.postSigmaQueueValidate>;
}

/** POST /api/sigma-queue/{id}/validate: the item's rule (or its enrichment) through the validator. */
export async function validateItem(deps: ValidateItemDeps, command: ValidateItemCommand): Promise<ValidateQueueItemResponse> {
  const { queueId, options } = command;
  let ruleYaml = (await loadItem(deps, queueId)).ruleYaml;
  let conversationId: number | null = null;
  if (options.enrich) {
    const enriched = await enrichItem(deps, { queueId, provider: options.provider, model: options.model });
    ruleYaml = enriched.enriched_yaml;
    conversationId = enriched.conversation_id;
  }
  const result = validateSigmaRule(ruleYaml);
  return {
    validated_yaml: ruleYaml,
    valid: result.valid,
    findings: result.findings,
    enriched: options.enrich,
    conversation_id: conversationId,
  };
}
