/**
 * Sign-in attempts under way: their start times, kept with a limiter's counts until each one's
 * outcome is known. A limiter counts only failures, yet a burst of parallel guesses must not all
 * be checked before the first failure is counted: an attempt that would pass the limit if every
 * attempt under way failed waits for their outcome instead (`Admission.inFlight`).
 */

/** After this long an attempt's outcome is no longer awaited (its server may have stopped). */
const IN_FLIGHT_MAX_MS = 30_000;

/** A limiter's answer to an attempt: `wait` 0 lets it in, counted as under way since `at`. */
export type Admission = {
  wait: number;
  /** The wait is only for attempts under way: ask again once one of them is answered. */
  inFlight: boolean;
  at: number;
};

/** The attempts still awaited at `now`. */
export const awaited = (pending: readonly number[] | undefined, now: number) =>
  (pending ?? []).filter((at) => at > now - IN_FLIGHT_MAX_MS);

/** The attempts without the one that started at `at` (any one of them, when several did). */
export const without = (pending: readonly number[], at: number) => {
  const index = pending.indexOf(at);
  return index < 0 ? [...pending] : [...pending.slice(0, index), ...pending.slice(index + 1)];
};

/** Waiting for the attempts under way: until the oldest is no longer awaited. */
export const inFlightWait = (pending: readonly number[], now: number): Admission => ({
  wait: Math.max(1, (pending[0] ?? now) + IN_FLIGHT_MAX_MS - now),
  inFlight: true,
  at: now,
});
