import { AppError } from "../errors";
import { DEFAULT_MAX_KEYS, trimMap } from "./trim-map";

/**
 * Counts attempts per key in a sliding window. In memory on purpose: one process serves the app,
 * and a restart forgetting the counts only costs an attacker's wait, never a user's data.
 *
 * An attempt is counted when it starts (`tryTake`), before any await: attempts still in flight
 * count, so a burst of parallel requests is throttled like the same requests one by one. An
 * attempt that turns out not to be a failure is given back.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = DEFAULT_MAX_KEYS,
  ) {}

  /** Keys with counts now (for tests of the bound). */
  get size() {
    return this.failures.size;
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Counts an attempt for `key` and answers true, or answers false (counting nothing) at the limit. */
  tryTake(key: string): boolean {
    const recent = this.recent(key);
    if (recent.length >= this.maxFailures) return false;
    this.failures.delete(key);
    this.failures.set(key, [...recent, this.now()]);
    const cutoff = this.now() - this.windowMs;
    trimMap(this.failures, this.maxKeys, (times) => (times.at(-1) ?? 0) <= cutoff);
    return true;
  }

  /** Milliseconds until `key` may take an attempt again: 0 when it may now. */
  retryAfterMs(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.maxFailures) return 0;
    return (recent[0] ?? this.now()) + this.windowMs - this.now();
  }

  /** Counts an attempt, or answers 429 with `message` and the real wait as Retry-After. */
  takeOrThrow(key: string, message: string): void {
    if (this.tryTake(key)) return;
    throw this.tooMany(key, message);
  }

  /** The 429 for `key`, carrying how long until it may try again. */
  tooMany(key: string, message: string): AppError {
    return new AppError(
      "RATE_LIMITED",
      message,
      undefined,
      Math.max(1, Math.ceil(this.retryAfterMs(key) / 1000)),
    );
  }

  /** Takes back one attempt counted by `tryTake` that was not a failure. */
  giveBack(key: string): void {
    const recent = this.recent(key);
    recent.pop();
    if (recent.length) this.failures.set(key, recent);
    else this.failures.delete(key);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }
}
