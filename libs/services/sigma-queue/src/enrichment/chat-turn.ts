import { TOPICS } from '@huntforge/contracts';
import { SIGMA_ERROR_CODES, type ChatTurnResponse } from '@huntforge/contracts/sigma';
import { HttpError, httpErrors } from '@huntforge/platform';
import { loadItem, publish, type LoadItemDeps, type PublishDeps } from '../queue/queue-items';
import { ruleFacts } from '../queue/rule-facts';
import { assertCan } from '../queue/transitions';
import { enricherFor, itemFields, toTurnBody } from './enrichment-parts';
import type { ConversationRepository } from '../repositories/conversation-repository';
import type { RuleEnricher } from './rule-enricher';

export interface ChatTurnDeps extends LoadItemDeps, PublishDeps {
  enrichers: ReadonlyMap<string, RuleEnricher>;
  conversations: Pick<ConversationRepository, 'find' | 'appendTurns'>;
}

export interface ChatTurnCommand {
  queueId: number;
  conversationId: number;
  message: string;
}

/** One follow-up turn through the conversation's own provider and model; out-of-scope turns are 422. */
export async function chatTurn(deps: ChatTurnDeps, command: ChatTurnCommand): Promise<ChatTurnResponse> {
  const { queueId: id, conversationId, message } = command;
  const item = await loadItem(deps, id);
  const conversation = await deps.conversations.find(conversationId);
  if (!conversation || conversation.queueItemId !== id) throw httpErrors.notFound(`Queue item ${id} has no conversation ${conversationId}`);
  assertCan(id, item.status, 'enrich');
  const enricher = enricherFor(deps.enrichers, conversation.provider);
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
