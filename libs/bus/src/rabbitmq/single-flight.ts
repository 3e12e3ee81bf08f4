/**
 * One in-flight run of an async operation shared by every concurrent caller (opening a channel must
 * happen once however many publishes wait for it); once it settles, the next call starts afresh.
 */
export class SingleFlight<T> {
  private pending: Promise<T> | null = null;

  run(start: () => Promise<T>): Promise<T> {
    if (!this.pending) {
      const pending = start();
      this.pending = pending;
      const clear = (): void => {
        if (this.pending === pending) this.pending = null;
      };
      pending.then(clear, clear);
    }
    return this.pending;
  }
}
