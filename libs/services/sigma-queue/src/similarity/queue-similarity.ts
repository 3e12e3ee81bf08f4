import { analyseRuleDocument, analyseRuleText, isPlainObject, SimilarityIndex, type AnalyseResult, type RuleAtoms } from '@huntforge/sigma';
import type { QueueRepository } from '../repositories/queue-repository';
import { toMatchBody } from './search-similar';

interface ClassIndex {
  index: SimilarityIndex;
  statusById: Map<string, string>;
}

export interface QueueMatch {
  queueId: number;
  status: string;
  score: number;
  inconclusive: boolean;
  match: ReturnType<typeof toMatchBody>;
}

/**
 * Compares a new rule with the queue's open and approved items of the same telemetry class, so a rule
 * that re-running an article (or a near-duplicate article) generates again is linked, not queued twice.
 * Each item's atoms are kept in memory until the item changes.
 */
export class QueueSimilarity {
  private readonly atoms = new Map<number, { updatedAt: number; atoms: RuleAtoms | null }>();
  /** The last index built per telemetry class, and the fingerprint of the queue it was built after. */
  private readonly built = new Map<string, { fingerprint: string; indexed: ClassIndex }>();

  constructor(private readonly queue: QueueRepository) {}

  /**
   * Comparisons for one enqueue request: each telemetry class's open items are read and indexed once, however
   * many of the request's rules share it (a run's rules are planned before any is queued, so the queue the
   * request compares with does not change under it). The fingerprints of every class are read once, at the
   * request's first comparison.
   */
  session(): {
    closest(doc: Record<string, unknown>): Promise<QueueMatch | null>;
    /** The same for a rule the caller already analysed (compared with the corpus first). */
    closestAnalysed(analysed: AnalyseResult): Promise<QueueMatch | null>;
  } {
    const indexes = new Map<string, Promise<ClassIndex>>();
    let fingerprints: Promise<(telemetryClass: string) => string> | null = null;
    const closestAnalysed = async (analysed: AnalyseResult): Promise<QueueMatch | null> => {
      if (!analysed.ok || !analysed.atoms.telemetryClass) return null;
      const telemetryClass = analysed.atoms.telemetryClass;
      let indexed = indexes.get(telemetryClass);
      if (!indexed) {
        fingerprints ??= this.queue.openItemFingerprints();
        indexed = this.indexOfClass(telemetryClass, fingerprints);
        indexes.set(telemetryClass, indexed);
      }
      const { index, statusById } = await indexed;
      if (index.size === 0) return null;
      const best = index.search(analysed.atoms, { top: 1 }).matches[0];
      if (!best) return null;
      return {
        queueId: Number(best.attribution.ruleId),
        status: statusById.get(best.attribution.ruleId) ?? 'pending',
        score: best.score,
        inconclusive: best.inconclusive,
        match: toMatchBody(best),
      };
    };
    return { closestAnalysed, closest: (doc) => closestAnalysed(analyseRuleDocument(doc)) };
  }

  /**
   * The class's index, built again only when the queue's open items of the class changed: most runs queue
   * nothing new, and reading and indexing every open item for each of them grew with the queue. The items
   * are read after the fingerprint, so an index that is newer than its fingerprint is rebuilt next time
   * (the fingerprint moved), never kept while older than the queue.
   */
  private async indexOfClass(telemetryClass: string, fingerprints: Promise<(telemetryClass: string) => string>): Promise<ClassIndex> {
    const fingerprint = (await fingerprints)(telemetryClass);
    const previous = this.built.get(telemetryClass);
    if (previous?.fingerprint === fingerprint) return previous.indexed;
    const indexed = await this.readIndexOfClass(telemetryClass);
    this.built.set(telemetryClass, { fingerprint, indexed });
    return indexed;
  }

  private async readIndexOfClass(telemetryClass: string): Promise<ClassIndex> {
    const items = await this.queue.openItemsOfClass(telemetryClass);
    // Only items new or changed since they were last analysed are read in full: the queue grows with every
    // run, and reading every open rule for every new one cost more than the comparison.
    const stale = items.filter((item) => this.atoms.get(item.id)?.updatedAt !== item.updatedAt.getTime());
    for (const item of await this.queue.ruleTexts(stale.map((entry) => entry.id))) this.analyse(item);
    const index = new SimilarityIndex();
    const statusById = new Map<string, string>();
    for (const item of items) {
      const cached = this.atoms.get(item.id);
      // An item changed again between the two reads is left out of this comparison, and read next time.
      if (!cached || cached.updatedAt !== item.updatedAt.getTime() || !cached.atoms) continue;
      const ruleId = String(item.id);
      statusById.set(ruleId, item.status);
      index.add(cached.atoms, {
        ruleId,
        title: item.title,
        author: null,
        license: 'n/a (review queue item)',
        path: `queue item #${item.id}`,
        origin: 'review queue',
      });
    }
    return { index, statusById };
  }

  private analyse(item: { id: number; ruleYaml: string; ruleDocument: unknown; updatedAt: Date }): void {
    // The kept mapping when there is one; rows queued before it was kept are parsed.
    const analysed = isPlainObject(item.ruleDocument) ? analyseRuleDocument(item.ruleDocument) : analyseRuleText(item.ruleYaml);
    this.atoms.set(item.id, { updatedAt: item.updatedAt.getTime(), atoms: analysed.ok ? analysed.atoms : null });
  }
}
