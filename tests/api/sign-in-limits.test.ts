import { afterEach, describe, expect, test } from "bun:test";
import { users } from "../../db/schema";
import { DEFAULT_AUTH_LIMITS } from "../../src/server/auth/routes";
import { loadConfig } from "../../src/server/config";
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
    // A minute's delay after the free attempts: on a busy machine none arrives after it ends.
    app = await startTestApp({ authLimits: { ...DEFAULT_AUTH_LIMITS, loginDelayBaseMs: 60_000 } });
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
    expect(await app.db.select().from(users)).toHaveLength(2);
  });
});

describe("no lockout of someone else's account", () => {
  const quick = { ...DEFAULT_AUTH_LIMITS, loginDelayBaseMs: 1000, loginDelayMaxMs: 5000 };

  test("after five wrong passwords the owner waits seconds, not minutes, and the wait grows per failure", async () => {
    app = await startTestApp({ authLimits: quick });
    const { email, password } = await app.client().signUp();
    const attacker = app.client();
    for (let i = 0; i < 5; i++) {
      expect((await attacker.post("/api/login", { email, password: `wrong-${i}-pass` })).status).toBe(401);
    }
    const owner = app.client();
    const early = await owner.post("/api/login", { email, password });
    expect(early.status).toBe(429);
    expect(Number(early.headers.get("retry-after"))).toBe(1);
    expect(early.json.message).toBe("Too many attempts. Please wait a second before trying again.");

    await Bun.sleep(quick.loginDelayBaseMs + 50);
    expect((await attacker.post("/api/login", { email, password: "wrong-6-pass" })).status).toBe(401);
    // The sixth failure doubled the wait.
    const later = await owner.post("/api/login", { email, password });
    expect(later.status).toBe(429);
    expect(Number(later.headers.get("retry-after"))).toBe(2);
    await Bun.sleep(2 * quick.loginDelayBaseMs + 50);
    expect((await owner.post("/api/login", { email, password })).status).toBe(200);
  });

  test("guesses spread over many emails from one address are still stopped", async () => {
    app = await startTestApp({ authLimits: { ...quick, loginFailuresPerAddress: 3 } });
    const client = app.client();
    for (let i = 0; i < 3; i++) {
      expect((await client.post("/api/login", { email: uniqueEmail(), password: "password1" })).status).toBe(
        401,
      );
    }
    const blocked = await client.post("/api/login", { email: uniqueEmail(), password: "password1" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("only failures count, and the owner's own sources are not slowed by others' failures", () => {
  const from = (address: string, cookie?: string) => ({
    "x-forwarded-for": address,
    ...(cookie ? { cookie } : {}),
  });
  const deviceCookie = (headers: Headers) =>
    headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("ksdevice="))
      ?.split(";")[0] ?? "";

  test("ten wrong guesses from elsewhere: the owner's address and device still sign in at once", async () => {
    // A minute's delay: no wait the guesses caused can end during the test.
    const limits = { ...DEFAULT_AUTH_LIMITS, loginDelayBaseMs: 60_000 };
    app = await startTestApp({ authLimits: limits, env: { TRUSTED_PROXY: "127.0.0.1" } });
    const owner = account();
    const registered = await app.client().post("/api/register", owner, from("198.51.100.7"));
    expect(registered.status).toBe(201);
    const device = deviceCookie(registered.headers);
    expect(device).toMatch(/^ksdevice=\S+/);

    const guesses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const guess = await app
        .client()
        .post("/api/login", { email: owner.email, password: `wrong-${i}-pass` }, from("203.0.113.9"));
      guesses.push(guess.status);
    }
    expect(statusCounts(guesses)).toEqual({ 401: 5, 429: 5 });
    const signIn = (headers: Record<string, string>) =>
      app!.client().post("/api/login", { email: owner.email, password: owner.password }, headers);
    // A stranger's address shares the email's counts, and waits.
    expect((await signIn(from("192.0.2.50"))).status).toBe(429);
    // The owner's own address, without any cookie, and the owner's browser from a new address.
    expect((await signIn(from("198.51.100.7"))).status).toBe(200);
    expect((await signIn(from("192.0.2.77", device))).status).toBe(200);
    // A device cookie is the owner's for that email only, and cannot be made up.
    const forged = `${device.slice(0, -4)}AAAA`;
    expect((await signIn(from("192.0.2.78", forged))).status).toBe(429);
  });

  test("correct passwords in parallel all sign in; guesses are still throttled like a series", async () => {
    app = await startTestApp({ authLimits: { ...DEFAULT_AUTH_LIMITS, loginFailuresPerAddress: 3 } });
    const { email, password } = await app.client().signUp();
    const statuses = await Promise.all(
      Array.from(
        { length: 10 },
        async () => (await app!.client().post("/api/login", { email, password })).status,
      ),
    );
    expect(statuses).toEqual(Array(10).fill(200));
    const guesses = await Promise.all(
      Array.from(
        { length: 6 },
        async (_, i) =>
          (await app!.client().post("/api/login", { email, password: `wrong-${i}-pass` })).status,
      ),
    );
    expect(statusCounts(guesses)).toEqual({ 401: 3, 429: 3 });
  });
});

describe("client address behind a proxy (TRUSTED_PROXY)", () => {
  const perAddress = { ...DEFAULT_AUTH_LIMITS, loginFailuresPerAddress: 3 };
  const guess = (client: ReturnType<TestApp["client"]>, forwardedFor: string) =>
    client.post(
      "/api/login",
      { email: uniqueEmail(), password: "password1" },
      { "x-forwarded-for": forwardedFor },
    );

  test("from the trusted proxy, each forwarded client has its own limit", async () => {
    app = await startTestApp({ authLimits: perAddress, env: { TRUSTED_PROXY: "127.0.0.1" } });
    const client = app.client();
    for (let i = 0; i < 3; i++) expect((await guess(client, "203.0.113.7")).status).toBe(401);
    expect((await guess(client, "203.0.113.7")).status).toBe(429);
    // Another family behind the same proxy is not blocked by the first one's failures.
    expect((await guess(client, "198.51.100.20")).status).toBe(401);
    // A client-chosen entry left of what the proxy appended changes nothing.
    expect((await guess(client, "192.0.2.1, 203.0.113.7")).status).toBe(429);
  });

  test("IPv6 clients are counted per /64: rotating within one gets no fresh limit", async () => {
    app = await startTestApp({ authLimits: perAddress, env: { TRUSTED_PROXY: "127.0.0.1" } });
    const client = app.client();
    for (let i = 1; i <= 3; i++) expect((await guess(client, `2001:db8:1:2::${i}`)).status).toBe(401);
    expect((await guess(client, "2001:db8:1:2:ffff:ffff:ffff:9")).status).toBe(429);
    // The next /64 is another household.
    expect((await guess(client, "2001:db8:1:3::1")).status).toBe(401);
  });

  test("without a trusted proxy, rotating X-Forwarded-For gets no fresh limit", async () => {
    app = await startTestApp({ authLimits: perAddress });
    const client = app.client();
    for (let i = 0; i < 3; i++) expect((await guess(client, `203.0.113.${i}`)).status).toBe(401);
    expect((await guess(client, "203.0.113.99")).status).toBe(429);
  });

  test("a TRUSTED_PROXY that is not an address stops start-up with its name", () => {
    expect(() => loadConfig({ TRUSTED_PROXY: "proxy.local" })).toThrow(/TRUSTED_PROXY/);
  });
});
