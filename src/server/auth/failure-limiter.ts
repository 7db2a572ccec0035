import { AppError } from "../errors";
import type { Decision, Kept, RateLimitStore } from "./rate-limit-store";

/** A key's attempt times, oldest first. */
type Attempts = number[];

/**
 * Counts attempts per key in a sliding window, in a RateLimitStore (memory for one process, the
 * database for several servers).
 *
 * An attempt is counted when it starts (`take`), before the work it guards: attempts still in
 * flight count, so a burst of parallel requests is throttled like the same requests one by one. An
 * attempt that turns out not to be a failure is given back.
 */
export class FailureLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs `decide` on the key's attempts still in the window. */
  private change<R>(key: string, decide: (recent: Attempts, now: number) => Decision<Attempts, R>) {
    const now = this.now();
    return this.store.change<Attempts, R>(key, now, (attempts = []) =>
      decide(
        attempts.filter((at) => at > now - this.windowMs),
        now,
      ),
    );
  }

  /** Keeps `attempts` until the newest leaves the window; none left forgets the key. */
  private keep(attempts: Attempts): Kept<Attempts> | null {
    const newest = attempts.at(-1);
    return newest === undefined ? null : { state: attempts, expiresAt: newest + this.windowMs };
  }

  private waitMs(recent: Attempts, now: number) {
    if (recent.length < this.maxFailures) return 0;
    return (recent[0] ?? now) + this.windowMs - now;
  }

  /** Counts an attempt for `key` and answers 0, or answers the milliseconds to wait (counting nothing). */
  take(key: string): Promise<number> {
    return this.change(key, (recent, now) => {
      const wait = this.waitMs(recent, now);
      return wait > 0 ? { answer: wait } : { answer: 0, keep: this.keep([...recent, now]) };
    });
  }

  /** Counts an attempt, or answers 429 with `message` and the real wait as Retry-After. */
  async takeOrThrow(key: string, message: string): Promise<void> {
    const wait = await this.take(key);
    if (wait > 0) throw rateLimited(message, wait);
  }

  /** Takes back one attempt counted by `take` that was not a failure. */
  giveBack(key: string): Promise<void> {
    return this.change(key, (recent) => ({ answer: undefined, keep: this.keep(recent.slice(0, -1)) }));
  }

  reset(key: string): Promise<void> {
    return this.change(key, () => ({ answer: undefined, keep: null }));
  }
}

/** The 429 answer, with the wait as Retry-After (whole seconds, at least one). */
export const rateLimited = (message: string, waitMs: number) =>
  new AppError("RATE_LIMITED", message, undefined, Math.max(1, Math.ceil(waitMs / 1000)));
