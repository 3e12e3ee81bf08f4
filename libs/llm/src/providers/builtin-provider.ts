import { LlmError } from '../errors';
import type { LlmProvider } from '../types';

/**
 * `builtin` has no model: the workflow runs the deterministic agent instead of calling it. A call
 * reaching here is a wiring mistake, answered with a clear code rather than a canned completion.
 */
export function createBuiltinProvider(): LlmProvider {
  return {
    id: 'builtin',
    complete() {
      return Promise.reject(
        new LlmError('builtin_has_no_model', 'The builtin provider has no model; the deterministic agent runs instead', {
          provider: 'builtin',
        }),
      );
    },
  };
}
