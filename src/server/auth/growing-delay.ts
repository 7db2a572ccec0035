import type { Kept, RateLimitStore } from "./rate-limit-store";

/** A key's failed attempts and when the last one was answered. */
type Failures = { failures: number; lastAt: number };

/**
 * Failed attempts per key answered with a growing wait instead of a lockout: the first few are
 * free, then each further attempt must wait twice as long as the one before, up to a ceiling.
 * Guessing stays slow while the real owner of an attacked account waits seconds, not a
 * quarter of an hour. Like FailureLimiter, an attempt counts from its start and is given back
 * when it succeeds; a key is forgotten once `forgetAfterMs` pass without a failure.
 */
export class GrowingDelay {
  constructor(
    private readonly store: RateLimitStore,
    private readonly options: { freeAttempts: number; baseMs: number; maxMs: number; forgetAfterMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  private delayAfter(failures: number) {
    const { freeAttempts, baseMs, maxMs } = this.options;
    if (failures < freeAttempts) return 0;
    return Math.min(maxMs, baseMs * 2 ** (failures - freeAttempts));
  }

  private keep(entry: Failures): Kept<Failures> {
    return { state: entry, expiresAt: entry.lastAt + this.options.forgetAfterMs };
  }

  /** Counts an attempt and answers 0, or answers the milliseconds still to wait (counting nothing). */
  take(key: string): Promise<number> {
    const now = this.now();
    return this.store.change<Failures, number>(key, now, (entry) => {
      const wait = entry ? entry.lastAt + this.delayAfter(entry.failures) - now : 0;
      if (wait > 0) return { answer: wait };
      return { answer: 0, keep: this.keep({ failures: (entry?.failures ?? 0) + 1, lastAt: now }) };
    });
  }

  /** A counted attempt failed: its wait runs from now, when the answer is given. */
  failed(key: string): Promise<void> {
    const now = this.now();
    return this.store.change<Failures, void>(key, now, (entry) => ({
      answer: undefined,
      keep: entry && this.keep({ ...entry, lastAt: now }),
    }));
  }

  reset(key: string): Promise<void> {
    return this.store.change<Failures, void>(key, this.now(), () => ({ answer: undefined, keep: null }));
  }
}
