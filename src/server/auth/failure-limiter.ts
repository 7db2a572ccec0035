import { AppError } from "../errors";
import { type Admission, awaited, inFlightWait, without } from "./in-flight";
import type { Decision, Kept, RateLimitStore } from "./rate-limit-store";

/** A key's attempt times, oldest first. */
type Attempts = number[];

/** A key's failure times and attempts under way (`admit`), oldest first. */
type Outcomes = { failures: Attempts; pending: Attempts };

/**
 * Counts attempts per key in a sliding window, in a RateLimitStore (memory for one process, the
 * database for several servers).
 *
 * An attempt is counted when it starts (`take`), before the work it guards: attempts still in
 * flight count, so a burst of parallel requests is throttled like the same requests one by one. An
 * attempt that turns out not to be a failure is given back.
 *
 * Or only failures count (`admit`, then `failed` or `succeeded`): an attempt that would pass the
 * limit if every attempt under way failed waits for their outcome instead of being refused.
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

  /** Runs `decide` on the key's failures still in the window and attempts still awaited. */
  private changeOutcomes<R>(key: string, decide: (recent: Outcomes, now: number) => Decision<Outcomes, R>) {
    const now = this.now();
    return this.store.change<Outcomes, R>(key, now, (outcomes) =>
      decide(
        {
          failures: (outcomes?.failures ?? []).filter((at) => at > now - this.windowMs),
          pending: awaited(outcomes?.pending, now),
        },
        now,
      ),
    );
  }

  private keepOutcomes({ failures, pending }: Outcomes): Kept<Outcomes> | null {
    const newest = Math.max(...failures, ...pending);
    return Number.isFinite(newest)
      ? { state: { failures, pending }, expiresAt: newest + this.windowMs }
      : null;
  }

  /** Lets an attempt in (wait 0, now under way) or answers how long to wait, counting nothing. */
  admit(key: string): Promise<Admission> {
    return this.changeOutcomes(key, ({ failures, pending }, now) => {
      const wait = this.waitMs(failures, now);
      if (wait > 0) return { answer: { wait, inFlight: false, at: now } };
      if (failures.length + pending.length >= this.maxFailures) return { answer: inFlightWait(pending, now) };
      return {
        answer: { wait: 0, inFlight: false, at: now },
        keep: this.keepOutcomes({ failures, pending: [...pending, now] }),
      };
    });
  }

  /** The attempt let in at `at` failed: it counts from now. */
  failed(key: string, at: number): Promise<void> {
    return this.changeOutcomes(key, ({ failures, pending }, now) => ({
      answer: undefined,
      keep: this.keepOutcomes({ failures: [...failures, now], pending: without(pending, at) }),
    }));
  }

  /** The attempt let in at `at` succeeded, or was not made after all: nothing counts for it. */
  succeeded(key: string, at: number): Promise<void> {
    return this.changeOutcomes(key, ({ failures, pending }) => ({
      answer: undefined,
      keep: this.keepOutcomes({ failures, pending: without(pending, at) }),
    }));
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
