import type { CoveringRule } from '@huntforge/contracts/sigma';
import { analyseRuleText, CorpusCoverage, SimilarityIndex } from '@huntforge/sigma';
import type { Logger } from '@huntforge/platform';
import type { ReferenceRuleRepository } from '../repositories/reference-rule-repository';

/**
 * The in-memory similarity index over the stored reference corpus. Built from the rules' YAML on
 * first use (so atoms always come from the current normaliser) and rebuilt after an index run.
 */
export class CorpusIndex {
  private current: Promise<SimilarityIndex> | null = null;
  private coverageEngine: Promise<CorpusCoverage<CoveringRule>> | null = null;

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

  /** The corpus compiled for evaluation over observable telemetry (built on first use, like the index). */
  coverage(): Promise<CorpusCoverage<CoveringRule>> {
    this.coverageEngine ??= this.buildCoverage().catch((error: unknown) => {
      this.coverageEngine = null;
      throw error;
    });
    return this.coverageEngine;
  }

  /** Drops the index and the compiled corpus; the next search or coverage question rebuilds them from the database. */
  invalidate(): void {
    this.current = null;
    this.coverageEngine = null;
  }

  private async buildCoverage(): Promise<CorpusCoverage<CoveringRule>> {
    const started = Date.now();
    const engine = new CorpusCoverage<CoveringRule>();
    let compiled = 0;
    for (const rule of await this.rules.all()) {
      // Compiling the whole corpus takes about two seconds: let other requests (health probes) in between.
      if (++compiled % 200 === 0) await new Promise((resolve) => setImmediate(resolve));
      engine.add(rule.yaml, {
        rule_id: rule.ruleId,
        title: rule.title,
        author: rule.author,
        license: rule.license,
        origin: rule.origin,
        path: rule.path,
        level: rule.level,
      });
    }
    this.logger.info({ ...engine.size, ms: Date.now() - started }, 'reference corpus compiled for coverage');
    return engine;
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
