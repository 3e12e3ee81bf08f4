import type { EnrichmentChatResponse } from '@huntforge/contracts/sigma';
import { loadItem, type LoadItemDeps } from '../queue/queue-items';
import { toTurnBody } from './enrichment-parts';
import type { ConversationRepository } from '../repositories/conversation-repository';

export interface GetChatDeps extends LoadItemDeps {
  conversations: Pick<ConversationRepository, 'latestFor'>;
}

export interface GetChatCommand {
  queueId: number;
}

/** The latest conversation of an item, system prompt excluded. */
export async function getChat(deps: GetChatDeps, command: GetChatCommand): Promise<EnrichmentChatResponse> {
  await loadItem(deps, command.queueId);
  const conversation = await deps.conversations.latestFor(command.queueId);
  if (!conversation) return { conversation_id: null, provider: null, model: null, turns: [] };
  return {
    conversation_id: conversation.id,
    provider: conversation.provider,
    model: conversation.model,
    turns: conversation.turns.map(toTurnBody),
  };
}
