import { dump } from 'js-yaml';
import { isPlainObject } from '../parse/parse-rule';
import { sigmaError } from './errors';
import { renderJinja } from './python-compat';

/** An output finalizer (`finalizers:` in a pipeline): turns the list of queries into one output. */
export type Finalizer = (output: unknown) => unknown;

const queries = (output: unknown): unknown[] => (Array.isArray(output) ? output : [output]);

const FINALIZERS: Record<string, (args: Record<string, unknown>) => Finalizer> = {
  concat: (args) => (output) =>
    `${String(args.prefix ?? '')}${queries(output)
      .map(String)
      .join(String(args.separator ?? '\n'))}${String(args.suffix ?? '')}`,
  json: (args) => (output) => JSON.stringify(output, null, typeof args.indent === 'number' ? args.indent : undefined),
  yaml: () => (output) => dump(output, { lineWidth: -1 }),
  template: (args) => (output) => renderJinja(String(args.template), { queries: output }),
  nested: (args) => {
    const inner = (Array.isArray(args.finalizers) ? args.finalizers : []).map(buildFinalizer);
    return (output) => inner.reduce((current, finalizer) => finalizer(current), output);
  },
};

export function buildFinalizer(d: unknown): Finalizer {
  if (!isPlainObject(d) || typeof d.type !== 'string')
    throw sigmaError('SigmaConfigurationError', "Finalizer type must be specified in 'type' attribute");
  const factory = FINALIZERS[d.type];
  if (!factory) throw sigmaError('SigmaConfigurationError', `Finalizer '${d.type}' is unknown`);
  return factory(d);
}
