// Sessions end everywhere on request, expired ones are swept, and the sign-in limiters' memory is
// bounded however many addresses and emails they see.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { write } from "../../db/client";
import { sessions } from "../../db/schema";
import { FailureLimiter } from "../../src/server/auth/failure-limiter";
import { GrowingDelay } from "../../src/server/auth/growing-delay";
import { MemoryRateLimitStore } from "../../src/server/auth/rate-limit-store";
import { createSession, SESSION_MS } from "../../src/server/auth/service";
import { loadConfig } from "../../src/server/config";
import { runMaintenance } from "../../src/server/maintenance";
import { createLocalPhotoStorage } from "../../src/server/photos/storage";
import { startTestApp, type TestApp, TestClient } from "../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

describe("POST /api/logout/everywhere", () => {
  test("ends every session of the account, on every device, and no one else's", async () => {
    const laptop = app.client();
    const { email, password } = await laptop.signUp();
    const phone = app.client();
    expect((await phone.post("/api/login", { email, password })).status).toBe(200);
    const stranger = app.client();
    await stranger.signUp();

    const res = await laptop.post("/api/logout/everywhere");
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/^sid=;/);
    const phoneAfter = new TestClient(app.url);
    phoneAfter.cookie = phone.cookie;
    expect((await phoneAfter.get("/api/auth/user")).status).toBe(401);
    expect((await stranger.get("/api/auth/user")).status).toBe(200);
  });

  test("needs a signed-in user", async () => {
    expect((await app.client().post("/api/logout/everywhere")).status).toBe(401);
  });
});

test("sessions per user are capped (SESSIONS_PER_USER): signing in past it ends the oldest", async () => {
  const capped = await startTestApp({ env: { SESSIONS_PER_USER: "3" } });
  try {
    const first = capped.client();
    const { email, password, user } = await first.signUp();
    const devices = [first];
    for (let i = 0; i < 4; i++) {
      const device = capped.client();
      expect((await device.post("/api/login", { email, password })).status).toBe(200);
      devices.push(device);
    }
    const statuses = await Promise.all(devices.map(async (d) => (await d.get("/api/auth/user")).status));
    expect(statuses).toEqual([401, 401, 200, 200, 200]);
    expect(await capped.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(3);
  } finally {
    await capped.stop();
  }
});

test("SESSIONS_PER_USER must be a whole number of at least 1", () => {
  expect(() => loadConfig({ SESSIONS_PER_USER: "0" })).toThrow(/SESSIONS_PER_USER/);
});

test("the periodic maintenance deletes expired sessions and keeps live ones", async () => {
  const { user } = await app.client().signUp();
  const longAgo = new Date(Date.now() - SESSION_MS - 60_000);
  await createSession(app.db, user.id, longAgo);
  const before = await app.db.select().from(sessions).where(eq(sessions.userId, user.id));
  expect(before).toHaveLength(2);
  await runMaintenance({ db: app.db, storage: createLocalPhotoStorage(app.dataDir) });
  const after = await app.db.select().from(sessions).where(eq(sessions.userId, user.id));
  expect(after).toHaveLength(1);
  expect(after[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now());
});

test("the sign-in limiters keep a bounded number of keys in memory", async () => {
  const addresses = new MemoryRateLimitStore(100);
  const emails = new MemoryRateLimitStore(100);
  const perAddress = new FailureLimiter(addresses, 20, 15 * 60_000);
  const perEmail = new GrowingDelay(emails, {
    freeAttempts: 5,
    baseMs: 1000,
    maxMs: 60_000,
    forgetAfterMs: 15 * 60_000,
  });
  for (let i = 0; i < 5000; i++) {
    await perAddress.take(`198.51.100.${i}`);
    await perEmail.take(`someone-${i}@example.com`);
  }
  expect(addresses.size).toBeLessThanOrEqual(100);
  expect(emails.size).toBeLessThanOrEqual(100);
  // The most recent keys still count.
  expect(await perEmail.take("someone-4999@example.com")).toBe(0);
});

describe("the Secure cookie flag follows PUBLIC_URL", () => {
  const cookieAfterSignUp = async (target: TestApp, headers: Record<string, string> = {}) => {
    const client = target.client();
    const res = await client.post(
      "/api/register",
      {
        firstName: "Ada",
        lastName: "Lovelace",
        email: `secure.${crypto.randomUUID()}@example.com`,
        password: "correct horse",
      },
      headers,
    );
    expect(res.status).toBe(201);
    // A session is extended (and its cookie sent again) once a day: make this one due.
    await write(target.db, (tx) =>
      tx
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + SESSION_MS / 2) })
        .where(eq(sessions.userId, res.json.id)),
    );
    const refreshed = await fetch(`${target.url}/api/auth/user`, {
      headers: { cookie: client.cookie, ...headers },
    });
    const cookies = [res.headers.get("set-cookie") ?? "", refreshed.headers.get("set-cookie") ?? ""];
    expect(cookies.every((cookie) => cookie.startsWith("sid="))).toBe(true);
    return cookies;
  };

  test("an https PUBLIC_URL makes the cookie Secure, on sign-in and on every refresh", async () => {
    const secure = await startTestApp({ env: { PUBLIC_URL: "https://programs.example.com" } });
    try {
      const sameSite = { origin: "https://programs.example.com" };
      for (const cookie of await cookieAfterSignUp(secure, sameSite)) expect(cookie).toContain("Secure");
    } finally {
      await secure.stop();
    }
  });

  test("a request claiming https (X-Forwarded-Proto) does not, when PUBLIC_URL is not https", async () => {
    for (const cookie of await cookieAfterSignUp(app, { "x-forwarded-proto": "https" })) {
      expect(cookie).not.toContain("Secure");
    }
  });
});
