import { TOPICS } from '@huntforge/contracts';
import type { EnrichResponse } from '@huntforge/contracts/sigma';
import { loadItem, publish, type LoadItemDeps, type PublishDeps } from '../queue/queue-items';
import { ruleFacts } from '../queue/rule-facts';
import { assertCan } from '../queue/transitions';
import { loadEnrichmentContext } from './enrichment-context';
import { enricherFor, itemFields } from './enrichment-parts';
import type { ConversationRepository } from '../repositories/conversation-repository';
import type { ArticleTextReader } from '@huntforge/data';
import type { RuleEnricher } from './rule-enricher';

export interface EnrichItemDeps extends LoadItemDeps, PublishDeps {
  enrichers: ReadonlyMap<string, RuleEnricher>;
  defaultProvider: string;
  conversations: Pick<ConversationRepository, 'start'>;
  articles: Pick<ArticleTextReader, 'find'>;
}

export interface EnrichItemCommand {
  queueId: number;
  /** Default: the module's default provider (builtin). */
  provider?: string;
  /** Default: the provider's default model. */
  model?: string;
}

/** Enriches the item's rule through a provider, stores a new conversation and applies the rule when it validates. */
export async function enrichItem(deps: EnrichItemDeps, command: EnrichItemCommand): Promise<EnrichResponse> {
  const id = command.queueId;
  const item = await loadItem(deps, id);
  assertCan(id, item.status, 'enrich');
  const enricher = enricherFor(deps.enrichers, command.provider ?? deps.defaultProvider);
  const model = command.model ?? enricher.defaultModel;
  const context = await loadEnrichmentContext(deps.articles, item);
  const output = await enricher.enrich({ ruleYaml: item.ruleYaml, model, context });
  const facts = ruleFacts(output.ruleYaml);
  const summary = output.changes.length > 0 ? output.changes.join('; ') : 'The rule needed no enrichment.';
  const conversation = await deps.conversations.start({
    queueItemId: item.id,
    provider: enricher.provider,
    model,
    systemPrompt: output.systemPrompt,
    turns: [
      { role: 'user', content: 'Enrich this rule.', ruleYaml: item.ruleYaml },
      { role: 'assistant', content: summary, ruleYaml: output.ruleYaml },
    ],
    // An enrichment that breaks the rule is kept in the conversation but not applied to the item.
    itemUpdate: facts.valid ? itemFields(output.ruleYaml, facts) : {},
  });
  await publish(deps, TOPICS.sigmaQueueChanged, item);
  return {
    enriched_yaml: output.ruleYaml,
    conversation_id: conversation.id,
    provider: enricher.provider,
    model,
    changes: output.changes,
    findings: facts.findings,
  };
}
