import type { ExecutionCoverage } from '@huntforge/contracts/executions';
import type { CoveringRule } from '@huntforge/contracts/sigma';
import type { CorpusCoverage } from './corpus-coverage';
import type { ObservableLike } from './observable-events';

/** An observable (`type: value`) with the reference rules that fire on its telemetry. */
export type CoveredObservable = ExecutionCoverage['covered'][number];

const PRODUCTS = new Set(['windows', 'linux', 'macos']);

/** The product coverage is asked for: the article's platform when rules name it as a product, else none (every rule is tried). */
export function coverageProduct(platform: string | null | undefined): string | undefined {
  return platform && PRODUCTS.has(platform) ? platform : undefined;
}

/**
 * The reference corpus run over the telemetry of an article's observables, each covering rule saying why it fired:
 * the items that were true, the rule's status and tags, and its author and level from the rule document when its
 * record has none. The generator keys its corpus-informed behaviour rules on them (templates/corpus-informed.ts).
 */
export function explainedCoverage(
  engine: CorpusCoverage<CoveringRule>,
  observables: readonly ObservableLike[],
  platform?: string | null,
): CoveredObservable[] {
  return engine.cover(observables, { product: coverageProduct(platform), explain: true }).map(({ observable, rules, explained }) => ({
    observable,
    // cover() explains every rule it names, in the same order.
    rules: rules.map((rule, index) => {
      const why = explained?.[index];
      if (!why) return rule;
      return {
        ...rule,
        author: rule.author ?? why.author,
        level: rule.level ?? why.level,
        matched: why.matched,
        status: why.status,
        tags: why.tags,
      };
    }),
  }));
}

/** What an execution records of the coverage: the observables some reference rule fires on, and those none does. */
export function coverageEvidence(coverage: readonly CoveredObservable[]): Pick<ExecutionCoverage, 'covered' | 'uncovered'> {
  return {
    covered: coverage.filter((entry) => entry.rules.length > 0),
    uncovered: coverage.filter((entry) => entry.rules.length === 0).map((entry) => entry.observable),
  };
}
