import type { SigmaQueueStatusValue } from '@huntforge/contracts/sigma';

/**
 * The review queue's stored records as its use cases see them: plain types, so nothing outside the
 * repositories depends on Prisma's client or generated types (the repositories return rows of these shapes
 * and translate the changes below into queries).
 */

/** A JSON column's value as stored (matches, findings, notes, provenance): read through the contracts' schemas. */
export type StoredJson = unknown;
/** A value to store in a JSON column: plain data (objects, arrays, strings, numbers, booleans). */
export type JsonInput = unknown;

export interface QueueItemRecord {
  id: number;
  status: SigmaQueueStatusValue;
  source: 'generated' | 'publisher';
  workflowExecutionId: number | null;
  articleId: number | null;
  ruleYaml: string;
  ruleDocument: StoredJson;
  originalRuleYaml: string | null;
  title: string;
  level: string | null;
  tags: string[];
  telemetryClass: string | null;
  maxSimilarity: number | null;
  similarityInconclusive: boolean;
  matches: StoredJson;
  validationFindings: StoredJson;
  provenance: StoredJson;
  deliveryPermitted: boolean | null;
  conversationId: number | null;
  reviewer: string | null;
  reviewNotes: StoredJson;
  rejectionReason: string | null;
  prUrl: string | null;
  reviewedAt: Date | null;
  submittedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The columns a review action changes (an absent field is left as stored). */
export interface QueueItemChanges {
  status?: SigmaQueueStatusValue;
  ruleYaml?: string;
  ruleDocument?: JsonInput;
  title?: string;
  level?: string | null;
  tags?: string[];
  telemetryClass?: string | null;
  maxSimilarity?: number | null;
  similarityInconclusive?: boolean;
  matches?: JsonInput;
  validationFindings?: JsonInput;
  provenance?: JsonInput;
  reviewer?: string | null;
  reviewNotes?: JsonInput;
  rejectionReason?: string | null;
  prUrl?: string | null;
  reviewedAt?: Date | null;
  submittedAt?: Date | null;
}

/** An enrichment conversation about a queue item: the model it talks to and its turns, in order. */
export interface ConversationRecord {
  id: number;
  queueItemId: number;
  provider: string;
  model: string;
  systemPrompt: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface ConversationTurnRecord {
  id: number;
  conversationId: number;
  turnIndex: number;
  role: string;
  content: string;
  ruleYaml: string | null;
  usage: StoredJson;
  createdAt: Date;
}

/** An uploaded telemetry dataset without its bytes (what lists and backtests read first). */
export interface TelemetryDatasetSummary {
  id: number;
  name: string;
  container: string;
  events: number;
  size: number;
  sha256: string;
  problems: string[];
  uploadedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
}
