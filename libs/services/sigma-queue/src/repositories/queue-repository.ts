import { tableChangesOf, type Prisma, type PrismaClient } from '@huntforge/data';
import type { SigmaQueueStatusValue } from '@huntforge/contracts/sigma';
import type { QueueItemChanges, QueueItemRecord } from '../records';

export type QueueItemRow = QueueItemRecord;

export interface NewQueueItem {
  status: SigmaQueueStatusValue;
  source: 'generated' | 'publisher';
  workflowExecutionId: number | null;
  articleId: number | null;
  ruleYaml: string;
  /** The mapping ruleYaml loads to (null when it is not one). */
  ruleDocument: Record<string, unknown> | null;
  title: string;
  level: string | null;
  tags: string[];
  telemetryClass: string | null;
  maxSimilarity: number | null;
  similarityInconclusive: boolean;
  matches: unknown[];
  validationFindings: unknown[];
  provenance: Record<string, unknown> | null;
  deliveryPermitted: boolean | null;
}

/** Review-queue rows. Status changes are conditional on the expected current status (no lost updates). */
export class QueueRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** Review-queue items per status, for the metrics gauge read at scrape time. */
  async countByStatus(workflowExecutionId?: number): Promise<Array<{ status: string; count: number }>> {
    const groups = await this.prisma.sigmaQueueItem.groupBy({
      by: ['status'],
      where: workflowExecutionId ? { workflowExecutionId } : {},
      _count: { _all: true },
    });
    return groups.map((group) => ({ status: group.status, count: group._count._all }));
  }

  /**
   * Inserts the rows in one statement (all or none); returned in the order given. Raw SQL with the rows as
   * one JSON parameter: the ORM's createMany is compiled anew on every call (its rows are not
   * parameterised), which on PGlite costs more than the insert, and every workflow run queues this way.
   */
  async createMany(items: NewQueueItem[]): Promise<QueueItemRow[]> {
    if (items.length === 0) return [];
    const rows = items.map((item, ord) => ({
      ord,
      status: item.status,
      source: item.source,
      workflow_execution_id: item.workflowExecutionId,
      article_id: item.articleId,
      rule_yaml: item.ruleYaml,
      rule_document: item.ruleDocument,
      title: item.title,
      level: item.level,
      tags: item.tags,
      telemetry_class: item.telemetryClass,
      max_similarity: item.maxSimilarity,
      similarity_inconclusive: item.similarityInconclusive,
      matches: item.matches,
      validation_findings: item.validationFindings,
      provenance: item.provenance,
      delivery_permitted: item.deliveryPermitted,
    }));
    // Ids are drawn in insertion order, which ORDER BY ord makes the order given.
    const inserted = await this.prisma.$queryRaw<Array<{ id: number; created_at: Date; updated_at: Date }>>`
      INSERT INTO sigma_queue_items (status, source, workflow_execution_id, article_id, rule_yaml, rule_document, original_rule_yaml, title, level, tags, telemetry_class,
                                     max_similarity, similarity_inconclusive, matches, validation_findings, provenance, delivery_permitted)
      SELECT r.status::sigma_queue_status, r.source::sigma_queue_source, r.workflow_execution_id, r.article_id, r.rule_yaml, r.rule_document, r.rule_yaml, r.title, r.level,
             ARRAY(SELECT jsonb_array_elements_text(r.tags)), r.telemetry_class, r.max_similarity, r.similarity_inconclusive,
             r.matches, r.validation_findings, r.provenance, r.delivery_permitted
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(
        ord int, status text, source text, workflow_execution_id int, article_id int, rule_yaml text, rule_document jsonb, title text, level text, tags jsonb,
        telemetry_class text, max_similarity float8, similarity_inconclusive boolean, matches jsonb, validation_findings jsonb,
        provenance jsonb, delivery_permitted boolean)
      ORDER BY r.ord
      RETURNING id, created_at, updated_at`;
    const stamps = [...inserted].sort((a, b) => a.id - b.id);
    return items.map((item, i) => {
      const stamp = stamps[i] as (typeof stamps)[number];
      return {
        ...item,
        id: stamp.id,
        originalRuleYaml: item.ruleYaml,
        ruleDocument: item.ruleDocument as Prisma.JsonValue,
        matches: item.matches as Prisma.JsonValue,
        validationFindings: item.validationFindings as Prisma.JsonValue,
        provenance: item.provenance as Prisma.JsonValue,
        conversationId: null,
        reviewer: null,
        reviewNotes: [],
        rejectionReason: null,
        prUrl: null,
        reviewedAt: null,
        submittedAt: null,
        createdAt: stamp.created_at,
        updatedAt: stamp.updated_at,
      };
    });
  }

  /**
   * The first queued item of an execution for each of the given rule texts, keyed by the YAML as it was
   * queued: a reviewer's edit or an enrichment does not make the generated rule look new (rows queued
   * before the original was kept match on their current YAML).
   */
  async findByExecutionAndRules(workflowExecutionId: number, ruleYamls: string[]): Promise<Map<string, QueueItemRow>> {
    // Matched here, not in SQL: the execution's index finds its few rows (none on a first delivery), where
    // sending every rule text as parameters cost a run ~14 KB to copy to the database and compare.
    const wanted = new Set(ruleYamls);
    const rows = await this.prisma.sigmaQueueItem.findMany({ where: { workflowExecutionId }, orderBy: { id: 'asc' } });
    const byYaml = new Map<string, QueueItemRow>();
    for (const row of rows) {
      const queuedAs = row.originalRuleYaml ?? row.ruleYaml;
      if (wanted.has(queuedAs) && !byYaml.has(queuedAs)) byYaml.set(queuedAs, row);
    }
    return byYaml;
  }

  /**
   * Items still in review or approved, of one telemetry class: what a new rule must not repeat. Without their
   * rules: the caller keeps what it analysed and fetches (ruleTexts) only items new or changed since.
   */
  async openItemsOfClass(telemetryClass: string): Promise<Array<Pick<QueueItemRow, 'id' | 'status' | 'title' | 'updatedAt'>>> {
    return this.prisma.sigmaQueueItem.findMany({
      where: { telemetryClass, status: { in: ['pending', 'needs_review', 'approved'] } },
      select: { id: true, status: true, title: true, updatedAt: true },
      orderBy: { id: 'asc' },
    });
  }

  /**
   * A fingerprint per telemetry class of openItemsOfClass's answer (every item's id, status and last change),
   * computed in the database: a short row per class, where the items themselves are a row each to send,
   * parse and compare. A caller holding what it built from an earlier read keeps it while its class's
   * fingerprint is the same; a class with no open item has the fingerprint 'none'. On the embedded database,
   * which this process alone writes, the count of its writes to the queue stands for every class's fingerprint
   * (any write moves them all) without asking the database, which every run's comparison did.
   */
  async openItemFingerprints(): Promise<(telemetryClass: string) => string> {
    const changes = tableChangesOf(this.prisma);
    if (changes) {
      const local = `local:${changes.generation('sigma_queue_items')}`;
      return () => local;
    }
    const rows = await this.prisma.$queryRaw<Array<{ telemetry_class: string; fingerprint: string }>>`
      SELECT telemetry_class,
             count(*) || ':' || md5(string_agg(id || ':' || status || ':' || (extract(epoch FROM updated_at) * 1000)::bigint, ',' ORDER BY id))
               AS fingerprint
        FROM sigma_queue_items
       WHERE telemetry_class IS NOT NULL AND status IN ('pending', 'needs_review', 'approved')
       GROUP BY telemetry_class`;
    const byClass = new Map(rows.map((row) => [row.telemetry_class, row.fingerprint]));
    return (telemetryClass) => byClass.get(telemetryClass) ?? 'none';
  }

  /** The rule text and kept mapping of the given items. */
  async ruleTexts(ids: readonly number[]): Promise<Array<Pick<QueueItemRow, 'id' | 'ruleYaml' | 'ruleDocument' | 'updatedAt'>>> {
    if (ids.length === 0) return [];
    return this.prisma.sigmaQueueItem.findMany({
      where: { id: { in: [...ids] } },
      select: { id: true, ruleYaml: true, ruleDocument: true, updatedAt: true },
    });
  }

  /** The first open or approved item queued with exactly this text (a publisher rule seen before). */
  async openItemWithOriginal(ruleYaml: string): Promise<Pick<QueueItemRow, 'id' | 'status'> | null> {
    return this.prisma.sigmaQueueItem.findFirst({
      where: {
        status: { in: ['pending', 'needs_review', 'approved'] },
        OR: [{ originalRuleYaml: ruleYaml }, { originalRuleYaml: null, ruleYaml }],
      },
      select: { id: true, status: true },
      orderBy: { id: 'asc' },
    });
  }

  async find(id: number): Promise<QueueItemRow | null> {
    return this.prisma.sigmaQueueItem.findUnique({ where: { id } });
  }

  async list(filter: {
    statuses?: readonly SigmaQueueStatusValue[];
    workflowExecutionId?: number;
    limit: number;
    offset: number;
  }): Promise<{ items: QueueItemRow[]; total: number }> {
    const where: Prisma.SigmaQueueItemWhereInput = {
      ...(filter.statuses?.length ? { status: { in: [...filter.statuses] } } : {}),
      ...(filter.workflowExecutionId ? { workflowExecutionId: filter.workflowExecutionId } : {}),
    };
    // The page's ids first, from the (status,) created_at, id index alone; then only its rows, whose YAML and
    // matches are large: skipping whole rows made a deep page sort the queue on disk.
    const [page, total] = await Promise.all([
      this.prisma.sigmaQueueItem.findMany({
        where,
        select: { id: true },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: filter.limit,
        skip: filter.offset,
      }),
      this.prisma.sigmaQueueItem.count({ where }),
    ]);
    const ids = page.map((row) => row.id);
    const byId = new Map((await this.prisma.sigmaQueueItem.findMany({ where: { id: { in: ids } } })).map((row) => [row.id, row]));
    return { items: ids.flatMap((id) => byId.get(id) ?? []), total };
  }

  /** Updates only from the given statuses and, when `unchangedSince` is given, only if nobody wrote the row since. */
  async updateIfStatus(
    id: number,
    from: readonly SigmaQueueStatusValue[],
    data: QueueItemChanges,
    unchangedSince?: Date,
  ): Promise<QueueItemRow | null> {
    const { count } = await this.prisma.sigmaQueueItem.updateMany({
      where: { id, status: { in: [...from] }, ...(unchangedSince ? { updatedAt: unchangedSince } : {}) },
      // The JSON columns get what the use cases built (plain data, never null), as before.
      data: data as Prisma.SigmaQueueItemUpdateManyMutationInput,
    });
    return count === 0 ? null : this.find(id);
  }
}
