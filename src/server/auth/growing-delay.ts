import { type Admission, awaited, inFlightWait, without } from "./in-flight";
import type { Kept, RateLimitStore } from "./rate-limit-store";

/** A key's failed attempts, when the last one was answered, and the attempts under way. */
type Failures = { failures: number; lastAt: number; pending?: number[] };

/**
 * Failed attempts per key answered with a growing wait instead of a lockout: the first few are
 * free, then each further attempt must wait twice as long as the one before, up to a ceiling.
 * Guessing stays slow while the real owner of an attacked account waits seconds, not a
 * quarter of an hour. Only failures count: an attempt is let in (`admit`) while the free ones
 * last even if every attempt under way fails, and is then reported as `failed` or `succeeded`.
 * A key is forgotten once `forgetAfterMs` pass without a failure.
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

  /** Keeps the entry until `forgetAfterMs` after its last event; nothing to remember forgets it. */
  private keep(entry: Failures): Kept<Failures> | null {
    const pending = entry.pending ?? [];
    if (entry.failures === 0 && pending.length === 0) return null;
    const last = Math.max(entry.lastAt, ...pending);
    return { state: entry, expiresAt: last + this.options.forgetAfterMs };
  }

  /** Lets an attempt in (wait 0, now under way) or answers how long to wait, counting nothing. */
  admit(key: string): Promise<Admission> {
    const now = this.now();
    return this.store.change<Failures, Admission>(key, now, (entry) => {
      const failures = entry?.failures ?? 0;
      const pending = awaited(entry?.pending, now);
      const wait = entry ? entry.lastAt + this.delayAfter(failures) - now : 0;
      if (wait > 0) return { answer: { wait, inFlight: false, at: now } };
      if (pending.length > 0 && this.delayAfter(failures + pending.length) > 0) {
        return { answer: inFlightWait(pending, now) };
      }
      const lastAt = entry?.lastAt ?? now;
      return {
        answer: { wait: 0, inFlight: false, at: now },
        keep: this.keep({ failures, lastAt, pending: [...pending, now] }),
      };
    });
  }

  /** Lets an attempt in and answers 0, or answers the milliseconds to wait. */
  async take(key: string): Promise<number> {
    return (await this.admit(key)).wait;
  }

  /**
   * The attempt let in at `at` failed: its wait runs from now, when the answer is given. Without
   * `at`, the oldest attempt under way.
   */
  failed(key: string, at?: number): Promise<void> {
    const now = this.now();
    return this.store.change<Failures, void>(key, now, (entry) => {
      const pending = awaited(entry?.pending, now);
      return {
        answer: undefined,
        keep: this.keep({
          failures: (entry?.failures ?? 0) + 1,
          lastAt: now,
          pending: without(pending, at ?? pending[0] ?? now),
        }),
      };
    });
  }

  /** The attempt let in at `at` succeeded: the key's failures are forgiven. */
  succeeded(key: string, at: number): Promise<void> {
    const now = this.now();
    return this.store.change<Failures, void>(key, now, (entry) => ({
      answer: undefined,
      keep: this.keep({ failures: 0, lastAt: now, pending: without(awaited(entry?.pending, now), at) }),
    }));
  }

  reset(key: string): Promise<void> {
    return this.store.change<Failures, void>(key, this.now(), () => ({ answer: undefined, keep: null }));
  }
}
