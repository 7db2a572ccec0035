import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { write } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { DEFAULT_AUTH_LIMITS } from "../../src/server/auth/routes";
import { rowCount } from "../support/db-snapshot";
import { startTestApp, type TestApp, uniqueEmail } from "../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

const account = () => ({
  firstName: "Ada",
  lastName: "Lovelace",
  email: uniqueEmail(),
  password: "correct horse",
});

describe("register", () => {
  test("creates a free account with a 14-day trial, signs in, and never returns password material", async () => {
    const client = app.client();
    const input = account();
    const res = await client.post("/api/register", { ...input, email: input.email.toUpperCase() });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      email: input.email.toLowerCase(),
    });
    expect(res.json.subscriptionTier).toBe("free");
    const trialMs = Date.parse(res.json.trialEndsAt) - Date.parse(res.json.trialStartedAt);
    expect(trialMs).toBe(14 * 24 * 60 * 60 * 1000);
    expect(JSON.stringify(res.json)).not.toMatch(/password|hash|argon/i);

    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^sid=/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure");

    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(res.json.id);

    const [row] = await app.db.select().from(users).where(eq(users.id, res.json.id));
    expect(row?.passwordHash).toStartWith("$argon2id$");
  });

  test.each([
    ["firstName", { firstName: "  " }, "First name is required"],
    ["lastName", { lastName: "" }, "Last name is required"],
    ["email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["password", { password: "short" }, "Password must be at least 8 characters"],
  ])("refuses a bad %s with its field's message and writes nothing", async (field, override, message) => {
    const before = await rowCount(app.db, users);
    const res = await app.client().post("/api/register", { ...account(), ...override });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
    expect(res.json.fields).toEqual([{ path: field, message }]);
    expect(await rowCount(app.db, users)).toBe(before);
  });

  test("refuses fields of the wrong type instead of failing", async () => {
    const res = await app
      .client()
      .post("/api/register", { firstName: 1, lastName: [], email: {}, password: null });
    expect(res.status).toBe(400);
    const paths = new Set(res.json.fields.map((f: { path: string }) => f.path));
    expect([...paths]).toEqual(["firstName", "lastName", "email", "password"]);
  });

  test("emails are unique whatever their case: a second account gets 409", async () => {
    const input = account();
    expect((await app.client().post("/api/register", input)).status).toBe(201);
    const before = await rowCount(app.db, users);
    const res = await app.client().post("/api/register", { ...input, email: input.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.json.message).toContain("already exists");
    expect(await rowCount(app.db, users)).toBe(before);
  });

  test("registrations racing for one email: one account, the others get 409", async () => {
    const input = account();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => app.client().post("/api/register", input)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await app.db.select().from(users).where(eq(users.email, input.email))).toHaveLength(1);
  });
});

describe("login and logout", () => {
  test("signs in with any capitalisation of the email; wrong passwords are a 401", async () => {
    const { email, password } = await app.client().signUp();
    const client = app.client();
    const wrong = await client.post("/api/login", { email, password: "wrong password" });
    expect(wrong.status).toBe(401);
    expect(wrong.json.message).toBe("Incorrect email or password.");
    expect((await client.get("/api/auth/user")).status).toBe(401);

    const ok = await client.post("/api/login", { email: email.toUpperCase(), password });
    expect(ok.status).toBe(200);
    expect(ok.json.email).toBe(email);
    expect((await client.get("/api/auth/user")).status).toBe(200);
  });

  test("the session check answers 200 with the user, or null for a visitor, and never a 401", async () => {
    const client = app.client();
    const visitor = await client.get("/api/auth/session");
    expect({ status: visitor.status, json: visitor.json }).toEqual({ status: 200, json: { user: null } });
    const { email } = await client.signUp();
    const signedIn = await client.get("/api/auth/session");
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.user.email).toBe(email);
    const forged = app.client();
    forged.cookie = "sid=forged-token-value";
    expect((await forged.get("/api/auth/session")).json).toEqual({ user: null });
  });

  test("an unknown email is the same 401 as a wrong password", async () => {
    const res = await app
      .client()
      .post("/api/login", { email: uniqueEmail("nobody"), password: "whatever1" });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe("Incorrect email or password.");
  });

  test("login validates with the form's messages", async () => {
    const res = await app.client().post("/api/login", { email: "x", password: "1" });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual([
      { path: "email", message: "Please enter a valid email address" },
      { path: "password", message: "Password must be at least 8 characters" },
    ]);
  });

  test("sessions are stored hashed and logout deletes them", async () => {
    const client = app.client();
    const { user } = await client.signUp();
    const token = client.cookie.replace("sid=", "");
    const stored = await app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toBe(token);
    expect(stored[0]?.tokenHash).toHaveLength(64);

    const stolenCookie = client.cookie;
    const out = await client.post("/api/logout");
    expect(out.status).toBe(200);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const replay = app.client();
    replay.cookie = stolenCookie;
    expect((await replay.get("/api/auth/user")).status).toBe(401);
  });

  test("signed out, the current-user call is a 401 with JSON", async () => {
    const res = await app.client().get("/api/auth/user");
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: "Please sign in to continue.", code: "UNAUTHORIZED" });
  });

  test("a forged or garbage session cookie is simply signed out", async () => {
    const client = app.client();
    client.cookie = "sid=forged-token-value";
    expect((await client.get("/api/auth/user")).status).toBe(401);
  });
});

describe("session expiry", () => {
  test("an expired session is refused and removed", async () => {
    const client = app.client();
    const { user } = await client.signUp();
    await write(app.db, (tx) =>
      tx
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, user.id)),
    );
    expect((await client.get("/api/auth/user")).status).toBe(401);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  test("using a session slides its 30-day expiry forward", async () => {
    const client = app.client();
    const { user } = await client.signUp();
    const soon = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    await write(app.db, (tx) =>
      tx.update(sessions).set({ expiresAt: soon }).where(eq(sessions.userId, user.id)),
    );
    const res = await client.get("/api/auth/user");
    expect(res.status).toBe(200);
    const [renewed] = await app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const daysLeft = ((renewed?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(29.9);
    expect(res.headers.get("set-cookie")).toContain("sid=");
  });
});

describe("rate limits", () => {
  test("repeated failed logins for one email get 429, even with the right password afterwards", async () => {
    const { email, password } = await app.client().signUp();
    const client = app.client();
    for (let i = 0; i < 5; i++) {
      expect((await client.post("/api/login", { email, password: `wrong-${i}-pass` })).status).toBe(401);
    }
    const blocked = await client.post("/api/login", { email, password });
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toContain("Too many attempts");
  });

  test("repeated failed logins from one address get 429 across emails", async () => {
    const limited = await startTestApp({
      authLimits: {
        ...DEFAULT_AUTH_LIMITS,
        loginFailuresPerEmail: 100,
        loginFailuresPerAddress: 3,
        registrationsPerAddress: 100,
        resetRequestsPerAddress: 10,
        windowMs: 60_000,
      },
    });
    try {
      const client = limited.client();
      for (let i = 0; i < 3; i++) {
        expect(
          (await client.post("/api/login", { email: uniqueEmail(), password: "password1" })).status,
        ).toBe(401);
      }
      expect((await client.post("/api/login", { email: uniqueEmail(), password: "password1" })).status).toBe(
        429,
      );
    } finally {
      await limited.stop();
    }
  });

  test("registrations from one address are limited", async () => {
    const limited = await startTestApp({
      authLimits: {
        ...DEFAULT_AUTH_LIMITS,
        loginFailuresPerEmail: 5,
        loginFailuresPerAddress: 20,
        registrationsPerAddress: 2,
        resetRequestsPerAddress: 10,
        windowMs: 60_000,
      },
    });
    try {
      expect((await limited.client().post("/api/register", account())).status).toBe(201);
      expect((await limited.client().post("/api/register", account())).status).toBe(201);
      const third = await limited.client().post("/api/register", account());
      expect(third.status).toBe(429);
      expect(await limited.db.select().from(users)).toHaveLength(2);
    } finally {
      await limited.stop();
    }
  });
});
