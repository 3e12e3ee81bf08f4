import type { Prisma, PrismaClient } from '@huntforge/data';
import type { ConversationRecord, ConversationTurnRecord } from '../records';

export type ConversationWithTurns = ConversationRecord & { turns: ConversationTurnRecord[] };

/** The item fields an applied rule text changes. */
export interface ItemRuleUpdate {
  ruleYaml: string;
  /** The mapping ruleYaml loads to. */
  ruleDocument?: Record<string, unknown>;
  title: string;
  level: string | null;
  tags: string[];
  validationFindings: unknown[];
}

function ruleUpdateData(update: Partial<ItemRuleUpdate>) {
  const { ruleDocument, validationFindings, ...rest } = update;
  return {
    ...rest,
    ...(ruleDocument ? { ruleDocument: ruleDocument as Prisma.InputJsonValue } : {}),
    ...(validationFindings !== undefined ? { validationFindings: validationFindings as object } : {}),
  };
}

/** Enrichment conversations and their turns (the system prompt is stored, never returned by the API). */
export class ConversationRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** Creates the conversation with its first turns and points the queue item at it, in one transaction. */
  async start(input: {
    queueItemId: number;
    provider: string;
    model: string;
    systemPrompt: string;
    turns: Array<{ role: 'user' | 'assistant'; content: string; ruleYaml: string | null }>;
    itemUpdate: Partial<ItemRuleUpdate>;
  }): Promise<ConversationWithTurns> {
    return this.prisma.$transaction(async (tx) => {
      const conversation = await tx.enrichmentConversation.create({
        data: {
          queueItemId: input.queueItemId,
          provider: input.provider,
          model: input.model,
          systemPrompt: input.systemPrompt,
          turns: { create: input.turns.map((turn, turnIndex) => ({ turnIndex, ...turn })) },
        },
        include: { turns: { orderBy: { turnIndex: 'asc' } } },
      });
      await tx.sigmaQueueItem.update({
        where: { id: input.queueItemId },
        data: { conversationId: conversation.id, ...ruleUpdateData(input.itemUpdate) },
      });
      return conversation;
    });
  }

  async latestFor(queueItemId: number): Promise<ConversationWithTurns | null> {
    return this.prisma.enrichmentConversation.findFirst({
      where: { queueItemId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      include: { turns: { orderBy: { turnIndex: 'asc' } } },
    });
  }

  async find(id: number): Promise<ConversationWithTurns | null> {
    return this.prisma.enrichmentConversation.findUnique({ where: { id }, include: { turns: { orderBy: { turnIndex: 'asc' } } } });
  }

  /** Appends a user turn and the assistant's reply, and applies a revised rule to the item, together. */
  async appendTurns(input: {
    conversationId: number;
    queueItemId: number;
    turns: Array<{ role: 'user' | 'assistant'; content: string; ruleYaml: string | null }>;
    itemUpdate?: ItemRuleUpdate;
  }): Promise<ConversationTurnRecord[]> {
    return this.prisma.$transaction(async (tx) => {
      const last = await tx.enrichmentTurn.findFirst({ where: { conversationId: input.conversationId }, orderBy: { turnIndex: 'desc' } });
      let next = (last?.turnIndex ?? -1) + 1;
      const created: ConversationTurnRecord[] = [];
      for (const turn of input.turns) {
        created.push(await tx.enrichmentTurn.create({ data: { conversationId: input.conversationId, turnIndex: next++, ...turn } }));
      }
      await tx.enrichmentConversation.update({ where: { id: input.conversationId }, data: { updatedAt: new Date() } });
      if (input.itemUpdate) {
        await tx.sigmaQueueItem.update({
          where: { id: input.queueItemId },
          data: ruleUpdateData(input.itemUpdate),
        });
      }
      return created;
    });
  }
}
