import { ProcessingPipeline } from '../pipeline';

/** A named pipeline built with its arguments (`sentinel_asim` with `query_table`, for instance). */
export type PipelineFactory = (args: Record<string, unknown>) => ProcessingPipeline;

/** Pipelines by the id pySigma's plugin discovery registers them under (sigma-cli's `-p NAME`). */
export const NAMED_PIPELINES: Record<string, PipelineFactory> = {};

export function registerPipelines(pipelines: Record<string, PipelineFactory>): void {
  Object.assign(NAMED_PIPELINES, pipelines);
}

/** A pipeline from its YAML-shaped definition (the data tables below are written in that shape). */
export const pipelineOf = (definition: Record<string, unknown>): ProcessingPipeline => ProcessingPipeline.fromObject(definition);

export const logsourceIs = (logsource: Record<string, string>): Array<Record<string, string>> => [{ type: 'logsource', ...logsource }];
