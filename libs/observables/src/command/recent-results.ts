/**
 * The results of the last `capacity` distinct inputs, most recently used kept: the generator, coverage and the
 * self-test read the same command lines over and over (hundreds of reads of a few dozen lines per article), so
 * parseCommandLine and commandFacts keep what they read. A result handed out here is shared by every caller of
 * the same input, so it is frozen (see `frozen`) and its type is read-only.
 */
export class RecentResults<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Map keeps insertion order: moved to the end, the entry is the last to go.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, value);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * The value with every object and array it reaches frozen: a caller that wrote to a shared result would change
 * what the next caller of the same line reads; frozen, the write throws (modules run in strict mode) instead.
 */
export function frozen<T>(value: T): T {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item !== 'object' || item === null || Object.isFrozen(item)) continue;
    Object.freeze(item);
    for (const child of Object.values(item)) if (typeof child === 'object' && child !== null) pending.push(child);
  }
  return value;
}
