const ONE_MINUTE_MS = 60_000;

/**
 * Decides when a token's last_used_at (or a session's last_seen_at) is worth writing: at most once a minute per key, so a busy
 * client does not turn every request into a database write. The stored value counts too, so replicas
 * that just started do not all write at once.
 */
export class TouchThrottle {
  private readonly lastTouched = new Map<number | string, number>();

  constructor(private readonly intervalMs: number = ONE_MINUTE_MS) {}

  shouldTouch(key: number | string, storedLastUsedAt: Date | null, now: Date): boolean {
    const last = Math.max(this.lastTouched.get(key) ?? 0, storedLastUsedAt?.getTime() ?? 0);
    if (now.getTime() - last < this.intervalMs) return false;
    this.lastTouched.set(key, now.getTime());
    return true;
  }
}
