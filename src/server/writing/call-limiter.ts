/**
 * Calls allowed per key (a user id) in a sliding window. In memory on purpose: one process serves
 * the app, and a restart forgetting the counts costs nothing but a wait.
 */
export class CallLimiter {
  private readonly calls = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly maxCalls: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts a call for `key` and answers 0 when it may go ahead, else the milliseconds until it may.
   * Counting and checking in one synchronous step means a burst of parallel calls cannot slip past.
   */
  take(key: string): number {
    const now = this.now();
    this.sweep(now);
    const recent = (this.calls.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length >= this.maxCalls) {
      this.calls.set(key, recent);
      return (recent[0] ?? now) + this.windowMs - now;
    }
    recent.push(now);
    this.calls.set(key, recent);
    return 0;
  }

  /** Forgets users whose calls have all left the window, once a window, so the map cannot grow forever. */
  private sweep(now: number) {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, times] of this.calls) {
      if ((times[times.length - 1] ?? 0) <= now - this.windowMs) this.calls.delete(key);
    }
  }
}
