import { z } from 'zod';
import { busReplyErrorSchema } from '../messages/bus-reply';
import { coveringRuleSchema } from '../sigma/covering-rule';

const observableInputSchema = z.object({
  type: z.string().min(1),
  value: z.string().min(1).max(20_000),
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});

/**
 * Request/reply `sigma.corpus.coverage`: the workflow asks the queue service (which owns the reference
 * corpus) which reference rules fire on the synthetic telemetry of an article's observables.
 */
export const corpusCoverageBusRequestSchema = z.object({
  observables: z.array(observableInputSchema).max(5_000),
  /** The article's platform (windows, linux, macos); rules for another product are not tried. */
  product: z.string().optional(),
});

export const observableCoverageSchema = z.object({ observable: z.string(), rules: z.array(coveringRuleSchema) });

export const corpusCoverageBusResponseSchema = z.union([
  z.object({ ok: z.literal(true), corpus_rules: z.number().int(), coverage: z.array(observableCoverageSchema) }),
  busReplyErrorSchema,
]);

/** What an execution records: reference rules per covered observable, and the observables no rule covers. */
export const executionCoverageSchema = z
  .object({
    corpus_rules: z.number().int().meta({ description: 'Reference rules the engine ran (SigmaHQ and the customer repository)' }),
    covered: z.array(observableCoverageSchema),
    uncovered: z.array(z.string()).meta({ description: 'Observables (`type: value`) no reference rule fires on' }),
  })
  .meta({ id: 'CorpusCoverage' });

export type CorpusCoverageBusRequest = z.input<typeof corpusCoverageBusRequestSchema>;
export type ExecutionCoverage = z.infer<typeof executionCoverageSchema>;
