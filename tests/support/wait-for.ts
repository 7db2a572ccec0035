/**
 * Polls `check` until it gives a truthy value, and answers it. Tests wait on what they can see
 * rather than sleeping a fixed time, which a slow machine outruns and a fast one wastes; past
 * `timeoutMs` it throws, naming `what`, before the test's own timeout hides why.
 */
export const waitFor = async <T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await Bun.sleep(25);
  }
};
