import type { PrismaClient } from '@huntforge/data';

export interface ReferenceRuleInput {
  ruleId: string;
  origin: 'sigmahq' | 'customer';
  path: string;
  title: string;
  author: string | null;
  status: string | null;
  level: string | null;
  license: string;
  yaml: string;
  contentHash: string;
  telemetryClass: string;
  logsource: Record<string, unknown>;
  tags: string[];
  atoms: Array<{ atom: string; polarity: 'positive' | 'filter' }>;
}

export interface StoredReferenceRule {
  ruleId: string;
  origin: string;
  path: string;
  title: string;
  author: string | null;
  license: string;
  level: string | null;
  yaml: string;
}

/** Reference corpus rows (SigmaHQ and the customer repository) and their atoms. */
export class ReferenceRuleRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** rule id → {origin, content hash} of every stored rule. */
  async hashes(): Promise<Map<string, { origin: string; contentHash: string }>> {
    const rows = await this.prisma.sigmaReferenceRule.findMany({ select: { ruleId: true, origin: true, contentHash: true } });
    return new Map(rows.map((row) => [row.ruleId, { origin: row.origin, contentHash: row.contentHash }]));
  }

  /** Inserts or replaces one rule and its atoms in one transaction. */
  async upsert(rule: ReferenceRuleInput): Promise<void> {
    await this.upsertMany([rule]);
  }

  /**
   * Inserts or replaces rules and their atoms, all in one transaction: a first sync of thousands of
   * rules commits a batch at a time instead of once per rule.
   */
  async upsertMany(rules: readonly ReferenceRuleInput[]): Promise<void> {
    if (rules.length === 0) return;
    const indexedAt = new Date();
    await this.prisma.$transaction(
      async (tx) => {
        for (const rule of rules) {
          const { atoms, ...fields } = rule;
          const data = { ...fields, logsource: fields.logsource as object, indexedAt };
          const row = await tx.sigmaReferenceRule.upsert({
            where: { ruleId: rule.ruleId },
            create: data,
            update: data,
            select: { id: true },
          });
          await tx.sigmaRuleAtom.deleteMany({ where: { ruleId: row.id } });
          if (atoms.length > 0) {
            await tx.sigmaRuleAtom.createMany({
              data: atoms.map((atom) => ({
                ruleId: row.id,
                atom: atom.atom,
                polarity: atom.polarity,
                telemetryClass: rule.telemetryClass,
              })),
              skipDuplicates: true,
            });
          }
        }
      },
      { timeout: 120_000 },
    );
  }

  /** Removes rules of `origin` whose id is not in `keep` (deleted upstream or now deprecated); returns how many. */
  async deleteMissing(origin: string, keep: ReadonlySet<string>): Promise<number> {
    const rows = await this.prisma.sigmaReferenceRule.findMany({ where: { origin }, select: { ruleId: true } });
    const gone = rows.map((row) => row.ruleId).filter((id) => !keep.has(id));
    if (gone.length === 0) return 0;
    const { count } = await this.prisma.sigmaReferenceRule.deleteMany({ where: { origin, ruleId: { in: gone } } });
    return count;
  }

  async all(): Promise<StoredReferenceRule[]> {
    return this.prisma.sigmaReferenceRule.findMany({
      select: { ruleId: true, origin: true, path: true, title: true, author: true, license: true, level: true, yaml: true },
      orderBy: { id: 'asc' },
    });
  }

  async find(ruleId: string): Promise<(StoredReferenceRule & { status: string | null; tags: string[] }) | null> {
    return this.prisma.sigmaReferenceRule.findUnique({
      where: { ruleId },
      select: {
        ruleId: true,
        origin: true,
        path: true,
        title: true,
        author: true,
        license: true,
        yaml: true,
        status: true,
        level: true,
        tags: true,
      },
    });
  }

  async count(origin?: string): Promise<number> {
    return this.prisma.sigmaReferenceRule.count({ where: origin ? { origin } : {} });
  }
}
