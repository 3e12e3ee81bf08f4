import { busReplyError, corpusCoverageBusRequestSchema, type BusReplyError, type CoveringRule } from '@huntforge/contracts';
import type { CorpusIndex } from './corpus-index';

type CoverageReply = { ok: true; corpus_rules: number; coverage: Array<{ observable: string; rules: CoveringRule[] }> } | BusReplyError;

/** Answers `sigma.corpus.coverage`: the reference corpus run over the telemetry of the given observables. */
export async function handleCoverage(index: CorpusIndex, payload: unknown): Promise<CoverageReply> {
  const parsed = corpusCoverageBusRequestSchema.safeParse(payload);
  if (!parsed.success) return busReplyError('validation_error', parsed.error.message);
  const engine = await index.coverage();
  const product = parsed.data.product && ['windows', 'linux', 'macos'].includes(parsed.data.product) ? parsed.data.product : undefined;
  return { ok: true, corpus_rules: engine.size.rules, coverage: engine.cover(parsed.data.observables, { product }) };
}
