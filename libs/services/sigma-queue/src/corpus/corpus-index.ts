import { analyseRuleText, SimilarityIndex } from '@huntforge/sigma';
import type { Logger } from '@huntforge/platform';
import type { ReferenceRuleRepository } from '../repositories/reference-rule-repository';

/**
 * The in-memory similarity index over the stored reference corpus. Built from the rules' YAML on
 * first use (so atoms always come from the current normaliser) and rebuilt after an index run.
 */
export class CorpusIndex {
  private current: Promise<SimilarityIndex> | null = null;

  constructor(
    private readonly rules: ReferenceRuleRepository,
    private readonly logger: Logger,
  ) {}

  get(): Promise<SimilarityIndex> {
    this.current ??= this.build().catch((error: unknown) => {
      this.current = null;
      throw error;
    });
    return this.current;
  }

  /** Drops the index; the next search rebuilds it from the database. */
  invalidate(): void {
    this.current = null;
  }

  private async build(): Promise<SimilarityIndex> {
    const started = Date.now();
    const index = new SimilarityIndex();
    let skipped = 0;
    for (const rule of await this.rules.all()) {
      const analysed = analyseRuleText(rule.yaml);
      if (!analysed.ok) {
        skipped++;
        continue;
      }
      index.add(analysed.atoms, {
        ruleId: rule.ruleId,
        title: rule.title,
        author: rule.author,
        license: rule.license,
        path: rule.path,
        origin: rule.origin,
      });
    }
    this.logger.info({ rules: index.size, skipped, ms: Date.now() - started }, 'similarity index built');
    return index;
  }
}
