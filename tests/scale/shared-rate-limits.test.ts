// On PostgreSQL every web server counts the same attempts: limiters of two servers (two
// connection pools on one database, as two machines behind a load balancer would have) share
// their counts in the rate_limits table, atomically, and the hourly maintenance prunes them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { tmpdir } from "node:os";
import { eq } from "drizzle-orm";
import { type AppDatabase, closeDatabase, openAppDatabase } from "../../db/client";
import type { PostgresDatabase } from "../../db/postgres";
import { rateLimits } from "../../db/schema-pg";
import { FailureLimiter } from "../../src/server/auth/failure-limiter";
import { GrowingDelay } from "../../src/server/auth/growing-delay";
import { deleteExpiredRateLimits, rateLimitStore } from "../../src/server/auth/rate-limit-store";
import { DEFAULT_AUTH_LIMITS } from "../../src/server/auth/routes";
import { startPostgres } from "../support/postgres";
import { startTestApp, type TestApp, uniqueEmail } from "../support/test-app";

let cluster: ReturnType<typeof startPostgres>;
let databaseUrl: string;
let serverA: AppDatabase;
let serverB: AppDatabase;
beforeAll(async () => {
  cluster = startPostgres();
  databaseUrl = await cluster.createDatabase("shared_rate_limits");
  serverA = await openAppDatabase({ dataDir: tmpdir(), databaseUrl });
  serverB = await openAppDatabase({ dataDir: tmpdir(), databaseUrl });
});
afterAll(async () => {
  await closeDatabase(serverA);
  await closeDatabase(serverB);
  cluster.stop();
});

/** A clock the test moves by hand, shared by both servers. */
const handClock = () => {
  const clock = { ms: Date.UTC(2026, 10, 23, 12), now: () => clock.ms };
  return clock;
};

const rowsOfScope = (scope: string) =>
  (serverA as unknown as PostgresDatabase).select().from(rateLimits).where(eq(rateLimits.scope, scope));

describe("FailureLimiter on two servers", () => {
  const WINDOW_MS = 60_000;
  const onBoth = (scope: string, max: number, now?: () => number) =>
    [serverA, serverB].map((db) => new FailureLimiter(rateLimitStore(db, scope), max, WINDOW_MS, now)) as [
      FailureLimiter,
      FailureLimiter,
    ];

  test("40 parallel attempts spread over both: exactly the limit pass, and both then refuse", async () => {
    const clock = handClock();
    const [a, b] = onBoth("parallel", 7, clock.now);
    const waits = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).take("203.0.113.7")),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(7);
    // Every attempt was taken at the same moment: the window ends WINDOW_MS after it.
    expect(await a.take("203.0.113.7")).toBe(WINDOW_MS);
    clock.ms += 15_000;
    expect(await b.take("203.0.113.7")).toBe(WINDOW_MS - 15_000);
    // Another key has its own count.
    expect(await b.take("198.51.100.1")).toBe(0);
  });

  test("an attempt given back on one server is free again on the other", async () => {
    const [a, b] = onBoth("give-back", 2);
    expect(await a.take("key")).toBe(0);
    expect(await b.take("key")).toBe(0);
    expect(await a.take("key")).toBeGreaterThan(0);
    await a.giveBack("key");
    expect(await b.take("key")).toBe(0);
    await b.reset("key");
    expect(await a.take("key")).toBe(0);
  });

  test("the 429 carries the wait left, whichever server answers", async () => {
    const clock = handClock();
    const [a, b] = onBoth("retry-after", 1, clock.now);
    await a.takeOrThrow("user-1", "Slow down.");
    clock.ms += 20_000;
    const refused = await b.takeOrThrow("user-1", "Slow down.").catch((error: unknown) => error);
    expect(refused).toMatchObject({ kind: "RATE_LIMITED", message: "Slow down.", retryAfterSeconds: 40 });
  });

  test("after the window the key is free again, and pruning leaves nothing behind", async () => {
    const clock = handClock();
    const [a, b] = onBoth("window", 3, clock.now);
    for (const limiter of [a, b, a]) expect(await limiter.take("key")).toBe(0);
    expect(await b.take("key")).toBe(WINDOW_MS);
    expect(await rowsOfScope("window")).toHaveLength(1);

    clock.ms += WINDOW_MS;
    expect(await b.take("key")).toBe(0);
    await deleteExpiredRateLimits(serverA, new Date(clock.ms));
    // Still counting the attempt just taken.
    expect(await rowsOfScope("window")).toHaveLength(1);

    clock.ms += WINDOW_MS;
    await deleteExpiredRateLimits(serverB, new Date(clock.ms));
    expect(await rowsOfScope("window")).toHaveLength(0);
    expect(await a.take("key")).toBe(0);
  });
});

describe("GrowingDelay on two servers", () => {
  const options = { freeAttempts: 3, baseMs: 1000, maxMs: 8000, forgetAfterMs: 15 * 60_000 };
  const onBoth = (scope: string, now: () => number) =>
    [serverA, serverB].map((db) => new GrowingDelay(rateLimitStore(db, scope), options, now)) as [
      GrowingDelay,
      GrowingDelay,
    ];

  test("failures on one server make the other wait, growing per failure, until a success resets it", async () => {
    const clock = handClock();
    const [a, b] = onBoth("delay", clock.now);
    for (const limiter of [a, b, a]) {
      expect(await limiter.take("ada@example.com")).toBe(0);
      await limiter.failed("ada@example.com");
    }
    expect(await b.take("ada@example.com")).toBe(1000);
    clock.ms += 1000;
    expect(await b.take("ada@example.com")).toBe(0);
    await b.failed("ada@example.com");
    expect(await a.take("ada@example.com")).toBe(2000);

    await b.reset("ada@example.com");
    expect(await a.take("ada@example.com")).toBe(0);
  });

  test("parallel attempts over both servers: only the free ones pass", async () => {
    // The clock stands still: however slowly the 40 arrive, none comes after a delay ends.
    const [a, b] = onBoth("delay-parallel", handClock().now);
    const waits = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).take("key")));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(options.freeAttempts);
  });

  test("a key is forgotten, and pruned, once forgetAfterMs pass without a failure", async () => {
    const clock = handClock();
    const [a, b] = onBoth("delay-forget", clock.now);
    for (let i = 0; i < options.freeAttempts; i++) await a.take("key");
    expect(await b.take("key")).toBeGreaterThan(0);
    clock.ms += options.forgetAfterMs;
    await deleteExpiredRateLimits(serverB, new Date(clock.ms));
    expect(await rowsOfScope("delay-forget")).toHaveLength(0);
    expect(await b.take("key")).toBe(0);
  });
});

describe("two web servers on one database", () => {
  let apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.stop();
  });

  test("40 parallel sign-ins for one email, spread over both servers: only the free few are checked", async () => {
    // A minute's delay after the free attempts, not a second: however slowly the 40 arrive on a
    // busy machine, none may come after the delay and be checked.
    const authLimits = { ...DEFAULT_AUTH_LIMITS, loginDelayBaseMs: 60_000 };
    apps = [
      await startTestApp({ env: { DATABASE_URL: databaseUrl }, authLimits }),
      await startTestApp({ env: { DATABASE_URL: databaseUrl }, authLimits }),
    ];
    const email = uniqueEmail();
    const statuses = await Promise.all(
      Array.from(
        { length: 40 },
        async (_, i) =>
          (await apps[i % 2]!.client().post("/api/login", { email, password: `wrong-guess-${i}` })).status,
      ),
    );
    const refused = statuses.filter((status) => status === 429).length;
    expect(40 - refused).toBe(DEFAULT_AUTH_LIMITS.loginFailuresPerEmail);
  });
});
