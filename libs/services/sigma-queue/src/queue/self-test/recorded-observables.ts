import type { ObservableLike } from '@huntforge/sigma';

/** The article observables the workflow recorded with the rule, so an edited rule can test itself again. */
export function observablesOf(provenance: unknown): ObservableLike[] | null {
  const raw = (provenance as { observables?: unknown } | null)?.observables;
  if (!Array.isArray(raw)) return null;
  return raw.filter(
    (o): o is ObservableLike =>
      typeof o === 'object' &&
      o !== null &&
      typeof (o as ObservableLike).type === 'string' &&
      typeof (o as ObservableLike).value === 'string',
  );
}
