import { DEFAULT_MAX_KEYS, trimMap } from "./trim-map";

/**
 * Failed attempts per key answered with a growing wait instead of a lockout: the first few are
 * free, then each further attempt must wait twice as long as the one before, up to a ceiling.
 * Guessing stays slow while the real owner of an attacked account waits seconds, not a
 * quarter of an hour. Like FailureLimiter, an attempt counts from its start and is given back
 * when it succeeds; a key is forgotten once `forgetAfterMs` pass without a failure.
 */
export class GrowingDelay {
  private readonly entries = new Map<string, { failures: number; lastAt: number }>();

  constructor(
    private readonly options: { freeAttempts: number; baseMs: number; maxMs: number; forgetAfterMs: number },
    private readonly now: () => number = Date.now,
    private readonly maxKeys = DEFAULT_MAX_KEYS,
  ) {}

  /** Keys with counts now (for tests of the bound). */
  get size() {
    return this.entries.size;
  }

  private current(key: string) {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.lastAt >= this.options.forgetAfterMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private delayAfter(failures: number) {
    const { freeAttempts, baseMs, maxMs } = this.options;
    if (failures < freeAttempts) return 0;
    return Math.min(maxMs, baseMs * 2 ** (failures - freeAttempts));
  }

  /** Counts an attempt and answers 0, or answers the milliseconds still to wait (counting nothing). */
  tryTake(key: string): number {
    const entry = this.current(key);
    const wait = entry ? entry.lastAt + this.delayAfter(entry.failures) - this.now() : 0;
    if (wait > 0) return wait;
    this.entries.delete(key);
    this.entries.set(key, { failures: (entry?.failures ?? 0) + 1, lastAt: this.now() });
    const forgetBefore = this.now() - this.options.forgetAfterMs;
    trimMap(this.entries, this.maxKeys, (e) => e.lastAt <= forgetBefore);
    return 0;
  }

  /** A counted attempt failed: its wait runs from now, when the answer is given. */
  failed(key: string): void {
    const entry = this.entries.get(key);
    if (entry) entry.lastAt = this.now();
  }

  reset(key: string): void {
    this.entries.delete(key);
  }
}
