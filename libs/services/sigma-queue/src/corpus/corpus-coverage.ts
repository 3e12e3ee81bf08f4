import type { corpusCoverageBusRequestSchema } from '@huntforge/contracts/executions';
import { explainedCoverage, type CoveredObservable } from '@huntforge/sigma';
import type { z } from 'zod';
import type { CorpusIndex } from './corpus-index';

export interface CorpusCoverageDeps {
  index: Pick<CorpusIndex, 'coverage'>;
}

/** The observables whose coverage is asked, as the `sigma.corpus.coverage` request carries them. */
export type CorpusCoverageCommand = z.output<typeof corpusCoverageBusRequestSchema>;

export interface CorpusCoverage {
  corpus_rules: number;
  coverage: CoveredObservable[];
}

/**
 * `sigma.corpus.coverage`: the reference corpus run over the telemetry of the given observables. Each covering
 * rule says why it fired (the items that were true) with its status and tags: the generator keys its behaviour
 * rules on them.
 */
export async function corpusCoverage(deps: CorpusCoverageDeps, command: CorpusCoverageCommand): Promise<CorpusCoverage> {
  const engine = await deps.index.coverage();
  return { corpus_rules: engine.size.rules, coverage: explainedCoverage(engine, command.observables, command.product) };
}
