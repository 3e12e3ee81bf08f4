import { likePattern, Prisma, type PrismaClient, type SigmaQueueStatus } from '@huntforge/data';
import { escapeRegex } from '@huntforge/sigma';

export interface RuleSearchFilter {
  query?: string;
  /** Lower-case ATT&CK tag without sub-technique, e.g. `attack.t1059`; sub-techniques match too. */
  techniqueTag?: string;
  logsource?: { product?: string; category?: string; service?: string };
  offset: number;
  take: number;
}

export interface ReferenceRuleRow {
  rule_id: string;
  title: string;
  origin: string;
  level: string | null;
  status: string | null;
  tags: string[];
  logsource: unknown;
  path: string;
  author: string | null;
  license: string;
}

export interface QueueRuleRow {
  id: number;
  title: string;
  status: string;
  level: string | null;
  tags: string[];
  workflow_execution_id: number | null;
  article_id: number | null;
  max_similarity: number | null;
  created_at: Date;
}

function techniqueClause(tag: string | undefined): Prisma.Sql {
  if (!tag) return Prisma.empty;
  return Prisma.sql`AND EXISTS (SELECT 1 FROM unnest(tags) AS t(tag) WHERE lower(t.tag) = ${tag} OR lower(t.tag) LIKE ${`${tag}.%`})`;
}

function textClause(query: string | undefined, columns: Prisma.Sql): Prisma.Sql {
  if (!query) return Prisma.empty;
  const words = query.split(/\s+/).filter(Boolean).slice(0, 10);
  return Prisma.join(
    words.map((word) => Prisma.sql`AND ${columns} ILIKE ${likePattern(word)}`),
    ' ',
  );
}

export interface RuleTextHitRow {
  kind: 'reference' | 'queue';
  rule_id: string | null;
  queue_id: number | null;
  title: string;
  author: string | null;
  license: string | null;
  score: number;
}

/** Reads of the reference corpus and the review queue (the sigma-queue service owns both; this only reads). */
export class SigmaReadRepository {
  constructor(private readonly prisma: PrismaClient) {}

  searchReference(filter: RuleSearchFilter): Promise<ReferenceRuleRow[]> {
    const logsource = filter.logsource ?? {};
    const logsourceClauses = (['product', 'category', 'service'] as const)
      .filter((key) => logsource[key] !== undefined)
      .map((key) => Prisma.sql`AND lower(logsource ->> ${key}) = ${logsource[key]?.toLowerCase()}`);
    return this.prisma.$queryRaw<ReferenceRuleRow[]>(Prisma.sql`
      SELECT rule_id, title, origin, level, status, tags, logsource, path, author, license
      FROM sigma_reference_rules
      WHERE true
        ${textClause(filter.query, Prisma.sql`(title || ' ' || yaml)`)}
        ${techniqueClause(filter.techniqueTag)}
        ${logsourceClauses.length > 0 ? Prisma.join(logsourceClauses, ' ') : Prisma.empty}
      ORDER BY title, rule_id
      OFFSET ${filter.offset} LIMIT ${filter.take}`);
  }

  /** Queue rules have no parsed logsource column: the filter matches the `key: value` lines of the YAML. */
  searchQueue(filter: RuleSearchFilter & { status?: SigmaQueueStatus; workflowExecutionId?: number }): Promise<QueueRuleRow[]> {
    const logsource = filter.logsource ?? {};
    const logsourceClauses = (['product', 'category', 'service'] as const)
      .filter((key) => logsource[key] !== undefined)
      .map((key) => Prisma.sql`AND rule_yaml ~* ${`(^|\\n)\\s*${key}:\\s*['"]?${escapeRegex(logsource[key] ?? '')}['"]?\\s*(\\n|$)`}`);
    return this.prisma.$queryRaw<QueueRuleRow[]>(Prisma.sql`
      SELECT id, title, status::text AS status, level, tags, workflow_execution_id, article_id, max_similarity, created_at
      FROM sigma_queue_items
      WHERE true
        ${filter.status ? Prisma.sql`AND status = ${filter.status}::sigma_queue_status` : Prisma.empty}
        ${filter.workflowExecutionId !== undefined ? Prisma.sql`AND workflow_execution_id = ${filter.workflowExecutionId}` : Prisma.empty}
        ${textClause(filter.query, Prisma.sql`(title || ' ' || rule_yaml)`)}
        ${techniqueClause(filter.techniqueTag)}
        ${logsourceClauses.length > 0 ? Prisma.join(logsourceClauses, ' ') : Prisma.empty}
      ORDER BY created_at DESC, id DESC
      OFFSET ${filter.offset} LIMIT ${filter.take}`);
  }

  /**
   * Full-text search (web-search syntax, as search_articles) over reference and queue rules together, best
   * first: title words weigh most, then the YAML. The vectors are built per query (rules have no stored
   * search vector); the corpus is a few thousand short documents.
   */
  searchRulesText(query: string, take: number): Promise<RuleTextHitRow[]> {
    return this.prisma.$queryRaw<RuleTextHitRow[]>(Prisma.sql`
      WITH q AS (SELECT websearch_to_tsquery('english', ${query}) AS q),
      rules AS (
        SELECT 'reference' AS kind, r.rule_id, NULL::int AS queue_id, r.title, r.author, r.license,
               setweight(to_tsvector('english', r.title), 'A') || to_tsvector('english', r.yaml) AS v
        FROM sigma_reference_rules r
        UNION ALL
        SELECT 'queue', NULL, s.id, s.title, NULL, NULL,
               setweight(to_tsvector('english', s.title), 'A') || to_tsvector('english', s.rule_yaml)
        FROM sigma_queue_items s
      )
      SELECT kind, rule_id, queue_id, title, author, license, ts_rank(v, q.q)::float8 AS score
      FROM rules CROSS JOIN q
      WHERE v @@ q.q
      ORDER BY score DESC, title
      LIMIT ${take}`);
  }

  findReference(ruleId: string) {
    return this.prisma.sigmaReferenceRule.findUnique({ where: { ruleId } });
  }

  findQueueItem(id: number) {
    return this.prisma.sigmaQueueItem.findUnique({ where: { id } });
  }

  /** Author and licence of reference rules by rule id (for attribution of matches stored on queue items). */
  async attributionSources(ruleIds: string[]): Promise<Map<string, { title: string; author: string | null; license: string }>> {
    if (ruleIds.length === 0) return new Map();
    const rows = await this.prisma.sigmaReferenceRule.findMany({
      where: { ruleId: { in: ruleIds } },
      select: { ruleId: true, title: true, author: true, license: true },
    });
    return new Map(rows.map((row) => [row.ruleId, row]));
  }

  /** Reference rules sharing at least one positive atom with the query, in its telemetry class. */
  async candidatesFor(telemetryClass: string, atoms: string[], cap: number) {
    if (atoms.length === 0) return [];
    const ids = await this.prisma.$queryRaw<Array<{ id: number }>>(Prisma.sql`
      SELECT DISTINCT a.rule_id AS id
      FROM sigma_rule_atoms a JOIN sigma_reference_rules r ON r.id = a.rule_id
      WHERE a.polarity = 'positive' AND r.telemetry_class = ${telemetryClass} AND a.atom IN (${Prisma.join(atoms)})
      LIMIT ${cap}`);
    if (ids.length === 0) return [];
    return this.prisma.sigmaReferenceRule.findMany({
      where: { id: { in: ids.map((row) => row.id) } },
      select: {
        ruleId: true,
        title: true,
        author: true,
        license: true,
        path: true,
        origin: true,
        level: true,
        telemetryClass: true,
        atoms: { select: { atom: true, polarity: true } },
      },
    });
  }
}
