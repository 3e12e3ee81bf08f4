import { sigmaError } from '../pipeline/errors';
import type { ProcessingPipeline } from '../pipeline/pipeline';
import type { SigmaBackend } from './backend';
import { TestTarget } from './targets/test-target';

/** The conversion targets by their pySigma identifier, each a fresh backend per conversion. */
export const TARGETS: Readonly<Record<string, () => SigmaBackend>> = {
  test: () => new TestTarget(),
};

export const TARGET_IDS = Object.keys(TARGETS);

export function targetFor(id: string): SigmaBackend {
  const make = TARGETS[id];
  if (!make) throw sigmaError('SigmaBackendError', `Unknown target '${id}'; targets: ${TARGET_IDS.join(', ')}`);
  return make();
}

/** A named pipeline built with its arguments (`sentinel_asim` with `query_table`, for instance). */
export type PipelineFactory = (args: Record<string, unknown>) => ProcessingPipeline;

export const NAMED_PIPELINES: Record<string, PipelineFactory> = {};

export function registerPipelines(pipelines: Record<string, PipelineFactory>): void {
  Object.assign(NAMED_PIPELINES, pipelines);
}
