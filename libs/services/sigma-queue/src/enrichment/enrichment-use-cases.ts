import { SIGMA_ERROR_CODES, TOPICS, type ChatTurnResponse, type EnrichmentChatResponse, type EnrichResponse } from '@huntforge/contracts';
import type { ArticleTextReader } from '@huntforge/data';
import { HttpError, httpErrors } from '@huntforge/platform';
import type { ConversationRepository } from '../repositories/conversation-repository';
import type { QueueItemRow } from '../repositories/queue-repository';
import { getItem, publish, type QueueDeps } from '../queue/queue-deps';
import { ruleFacts, type RuleFacts } from '../queue/rule-facts';
import { assertCan } from '../queue/transitions';
import { loadEnrichmentContext } from './enrichment-context';
import type { RuleEnricher } from './rule-enricher';

export interface EnrichmentDeps extends QueueDeps {
  conversations: ConversationRepository;
  articles: ArticleTextReader;
  enrichers: ReadonlyMap<string, RuleEnricher>;
  defaultProvider: string;
}

function enricherFor(deps: EnrichmentDeps, provider: string): RuleEnricher {
  const enricher = deps.enrichers.get(provider);
  if (!enricher) {
    throw new HttpError(503, SIGMA_ERROR_CODES.providerUnavailable, `Provider ${provider} is not available for enrichment`, {
      available: [...deps.enrichers.keys()],
    });
  }
  return enricher;
}

/** The item fields a rule text sets: what the queue stores about it, with the mapping it loads to. */
function itemFields(ruleYaml: string, facts: RuleFacts) {
  return {
    ruleYaml,
    ...(facts.doc ? { ruleDocument: facts.doc } : {}),
    title: facts.title,
    level: facts.level,
    tags: facts.tags,
    validationFindings: facts.findings,
  };
}

/** Enriches the item's rule through a provider, stores a new conversation and applies the rule when it validates. */
export async function enrichItem(deps: EnrichmentDeps, id: number, input: { provider?: string; model?: string }): Promise<EnrichResponse> {
  const item = await getItem(deps, id);
  assertCan(id, item.status, 'enrich');
  const enricher = enricherFor(deps, input.provider ?? deps.defaultProvider);
  const model = input.model ?? enricher.defaultModel;
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

/** The latest conversation of an item, system prompt excluded. */
export async function getChat(deps: EnrichmentDeps, id: number): Promise<EnrichmentChatResponse> {
  await getItem(deps, id);
  const conversation = await deps.conversations.latestFor(id);
  if (!conversation) return { conversation_id: null, provider: null, model: null, turns: [] };
  return {
    conversation_id: conversation.id,
    provider: conversation.provider,
    model: conversation.model,
    turns: conversation.turns.map(toTurnBody),
  };
}

/** One follow-up turn through the conversation's own provider and model; out-of-scope turns are 422. */
export async function chatTurn(deps: EnrichmentDeps, id: number, conversationId: number, message: string): Promise<ChatTurnResponse> {
  const item: QueueItemRow = await getItem(deps, id);
  const conversation = await deps.conversations.find(conversationId);
  if (!conversation || conversation.queueItemId !== id) throw httpErrors.notFound(`Queue item ${id} has no conversation ${conversationId}`);
  assertCan(id, item.status, 'enrich');
  const enricher = enricherFor(deps, conversation.provider);
  const outcome = await enricher.chatTurn({
    ruleYaml: item.ruleYaml,
    model: conversation.model,
    systemPrompt: conversation.systemPrompt,
    message,
    history: conversation.turns.map((turn) => ({ role: turn.role as 'user' | 'assistant', content: turn.content })),
  });
  if (outcome.kind === 'out_of_scope') throw new HttpError(422, SIGMA_ERROR_CODES.outOfScope, outcome.reason);

  const revised = outcome.ruleYaml ? ruleFacts(outcome.ruleYaml) : null;
  const apply = revised?.valid ? revised : null;
  const content = revised && !apply ? `${outcome.content} (not applied: the revised rule does not validate)` : outcome.content;
  const [, reply] = await deps.conversations.appendTurns({
    conversationId,
    queueItemId: id,
    turns: [
      { role: 'user', content: message, ruleYaml: null },
      { role: 'assistant', content, ruleYaml: outcome.ruleYaml },
    ],
    itemUpdate: apply && outcome.ruleYaml ? itemFields(outcome.ruleYaml, apply) : undefined,
  });
  if (!reply) throw new Error('the assistant turn was not stored');
  if (apply) await publish(deps, TOPICS.sigmaQueueChanged, item);
  const ruleYaml = apply && outcome.ruleYaml ? outcome.ruleYaml : item.ruleYaml;
  return {
    conversation_id: conversationId,
    reply: toTurnBody(reply),
    rule_yaml: ruleYaml,
    findings: (revised ?? ruleFacts(ruleYaml)).findings,
  };
}

function toTurnBody(turn: { turnIndex: number; role: string; content: string; ruleYaml: string | null; createdAt: Date }) {
  return {
    turn_index: turn.turnIndex,
    role: turn.role as 'user' | 'assistant',
    content: turn.content,
    rule_yaml: turn.ruleYaml,
    created_at: turn.createdAt.toISOString(),
  };
}
