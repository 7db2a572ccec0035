import { afterEach, describe, expect, test } from "bun:test";
import { users } from "../../db/schema";
import { DEFAULT_AUTH_LIMITS } from "../../src/server/auth/routes";
import { startTestApp, type TestApp, uniqueEmail } from "../support/test-app";

let app: TestApp | undefined;
afterEach(async () => {
  await app?.stop();
  app = undefined;
});

const account = () => ({
  firstName: "Ada",
  lastName: "Lovelace",
  email: uniqueEmail(),
  password: "correct horse",
});

const statusCounts = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, s) => {
    counts[s] = (counts[s] ?? 0) + 1;
    return counts;
  }, {});

describe("parallel bursts are throttled like a series", () => {
  test("40 parallel logins for one account: at most the allowed few are checked, the rest get 429", async () => {
    app = await startTestApp();
    const { email, password } = await app.client().signUp();
    const guesses = Array.from({ length: 40 }, (_, i) => (i === 39 ? password : `wrong-guess-${i}`));
    const statuses = await Promise.all(
      guesses.map(
        async (guess) => (await app!.client().post("/api/login", { email, password: guess })).status,
      ),
    );
    const counts = statusCounts(statuses);
    const checked = (counts[401] ?? 0) + (counts[200] ?? 0);
    expect(checked).toBeLessThanOrEqual(DEFAULT_AUTH_LIMITS.loginFailuresPerEmail);
    expect(counts[429]).toBeGreaterThanOrEqual(40 - DEFAULT_AUTH_LIMITS.loginFailuresPerEmail);
  });

  test("parallel registrations from one address stop at the limit", async () => {
    app = await startTestApp({ authLimits: { ...DEFAULT_AUTH_LIMITS, registrationsPerAddress: 2 } });
    const statuses = await Promise.all(
      Array.from({ length: 12 }, async () => (await app!.client().post("/api/register", account())).status),
    );
    expect(statusCounts(statuses)).toEqual({ 201: 2, 429: 10 });
    expect(app.db.select().from(users).all()).toHaveLength(2);
  });
});
