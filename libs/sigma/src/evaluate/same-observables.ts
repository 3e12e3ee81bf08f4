import type { ObservableLike } from './observable-events';

const KEPT = 8;
/** The first list seen of each recent content, newest first. */
const recent: Array<{ key: string; list: readonly ObservableLike[] }> = [];
const canonical = new WeakMap<readonly ObservableLike[], readonly ObservableLike[]>();

/**
 * The list first seen with the same observables (type, value, attributes) as `observables`, or `observables`
 * itself. observableEvents keeps a list's events by the list object, and a run's observables reach the corpus
 * coverage as a copy (the bus request) before its self-tests read the original: given the same object, the
 * second reading reuses the telemetry the first worked out. Like observableEvents, it takes a list for
 * unchanged once it has been read.
 */
export function sameObservables(observables: readonly ObservableLike[]): readonly ObservableLike[] {
  const known = canonical.get(observables);
  if (known) return known;
  const key = JSON.stringify(observables.map((o) => [o.type, o.value, o.attributes ?? null]));
  let entry = recent.find((candidate) => candidate.key === key);
  if (!entry) {
    entry = { key, list: observables };
    recent.unshift(entry);
    if (recent.length > KEPT) recent.pop();
  }
  canonical.set(observables, entry.list);
  return entry.list;
}
