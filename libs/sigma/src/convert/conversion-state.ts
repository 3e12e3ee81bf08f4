/**
 * Per-query conversion state: the pipeline's `set_state` values and the query parts a backend
 * appends after the main expression (Splunk's `| rex` for regular expressions, for instance).
 */
export interface DeferredExpression {
  negated: boolean;
  finalize(): string;
}

export class ConversionState {
  readonly deferred: DeferredExpression[] = [];
  constructor(readonly processingState: Record<string, unknown>) {}
  addDeferred(expression: DeferredExpression): void {
    this.deferred.push(expression);
  }
  hasDeferred(): boolean {
    return this.deferred.length > 0;
  }
}

/** A converted condition: query text, a part deferred to after the query, or nothing (all dropped). */
export type Converted = string | DeferredExpression | null;
export const isDeferred = (value: Converted): value is DeferredExpression => typeof value === 'object' && value !== null;
