import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { write } from "../../db/client";
import { apiKeys, passwordResets, sessions, users } from "../../db/schema";
import { DEFAULT_AUTH_LIMITS } from "../../src/server/auth/routes";
import { type FakeSmtp, startFakeSmtp } from "../support/fake-smtp";
import { startTestApp, type TestApp, uniqueEmail } from "../support/test-app";
import { waitFor } from "../support/wait-for";

let smtp: FakeSmtp;
let app: TestApp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  app = await startTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Keepsake <help@example.com>" } });
});
afterAll(async () => {
  await app.stop();
  await smtp.stop();
});

const ANSWER =
  "If an account uses that email, we've sent it a link to set a new password. The link works once, for one hour.";
const linkIn = (text: string) => text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0] ?? "";

describe("password reset", () => {
  test("a known email gets a real message with a single-use link; the reset ends every session", async () => {
    const owner = app.client();
    const account = await owner.signUp();
    const otherDevice = app.client();
    await otherDevice.post("/api/login", { email: account.email, password: account.password });
    const before = smtp.received.length;

    const res = await app.client().post("/api/password/forgot", { email: account.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(ANSWER);
    const mail = await smtp.message(before);
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe(account.email);
    expect(mail.from?.text).toContain("help@example.com");
    expect(mail.subject).toBe("Reset your Keepsake password");
    const link = linkIn(mail.text ?? "");
    expect(link).toStartWith(`${app.url}/reset-password?token=`);
    const token = new URL(link).searchParams.get("token") ?? "";

    // Only the token's hash is stored, with an hour to live.
    const [row] = await app.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, account.user.id));
    expect(row?.tokenHash).not.toContain(token);
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(60 * 60 * 1000);

    const short = await app.client().post("/api/password/reset", { token, password: "short" });
    expect(short.status).toBe(400);
    expect(short.json.fields).toEqual([
      { path: "password", message: "Password must be at least 8 characters" },
    ]);

    const reader = app.client();
    const reset = await reader.post("/api/password/reset", { token, password: "a brand new secret" });
    expect(reset.status).toBe(200);
    expect(reset.json.email).toBe(account.email);
    expect((await reader.get("/api/auth/user")).status).toBe(200);
    // Every earlier session is over.
    expect((await owner.get("/api/auth/user")).status).toBe(401);
    expect((await otherDevice.get("/api/auth/user")).status).toBe(401);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, account.user.id))).toHaveLength(1);

    expect(
      (await app.client().post("/api/login", { email: account.email, password: account.password })).status,
    ).toBe(401);
    expect(
      (await app.client().post("/api/login", { email: account.email, password: "a brand new secret" }))
        .status,
    ).toBe(200);

    // Used once: the same link again is refused and changes nothing.
    const passwordHash = async () =>
      (await app.db.select().from(users).where(eq(users.id, account.user.id)))[0]?.passwordHash;
    const hashBefore = await passwordHash();
    const again = await app.client().post("/api/password/reset", { token, password: "yet another secret" });
    expect(again.status).toBe(400);
    expect(again.json.fields[0].path).toBe("token");
    expect(await passwordHash()).toBe(hashBefore);
  });

  test("a reset revokes the keys made in the day before it; older ones are left for the owner", async () => {
    const owner = app.client();
    const account = await owner.signUp();
    const newKey = async (name: string) => (await owner.post("/api/integration/keys", { name })).json;
    const old = await newKey("Case system");
    const recent = await newKey("Made by whoever had the password");
    await write(app.db, (tx) =>
      tx
        .update(apiKeys)
        .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(eq(apiKeys.id, old.id)),
    );
    const before = smtp.received.length;
    await app.client().post("/api/password/forgot", { email: account.email });
    const token = new URL(linkIn((await smtp.message(before)).text ?? "")).searchParams.get("token") ?? "";

    const reader = app.client();
    const reset = await reader.post("/api/password/reset", { token, password: "a brand new secret" });
    expect(reset.status).toBe(200);
    expect(reset.json.revokedApiKeys).toBe(1);
    const works = async (key: string) =>
      (await fetch(`${app.url}/api/programs`, { headers: { authorization: `Bearer ${key}` } })).status;
    expect(await works(recent.key)).toBe(401);
    expect(await works(old.key)).toBe(200);
    expect((await reader.get("/api/auth/api-keys")).json).toEqual({ active: 1 });
  });

  test("an unknown email gets the same answer and no email", async () => {
    const before = smtp.received.length;
    const res = await app.client().post("/api/password/forgot", { email: "nobody@example.com" });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(ANSWER);
    await Bun.sleep(500);
    expect(smtp.received.length).toBe(before);
  });

  test("a bad email is a 400; a made-up or expired token is refused", async () => {
    const bad = await app.client().post("/api/password/forgot", { email: "not-an-email" });
    expect(bad.status).toBe(400);
    expect(bad.json.fields[0]).toEqual({ path: "email", message: "Please enter a valid email address" });
    const made = await app
      .client()
      .post("/api/password/reset", { token: "x".repeat(43), password: "long enough" });
    expect(made.status).toBe(400);
    expect(made.json.message).toContain("expired or was already used");

    const client = app.client();
    const account = await client.signUp();
    const before = smtp.received.length;
    await app.client().post("/api/password/forgot", { email: account.email });
    const token = new URL(linkIn((await smtp.message(before)).text ?? "")).searchParams.get("token") ?? "";
    await write(app.db, (tx) =>
      tx
        .update(passwordResets)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordResets.userId, account.user.id)),
    );
    const expired = await app.client().post("/api/password/reset", { token, password: "long enough" });
    expect(expired.status).toBe(400);
    expect((await client.get("/api/auth/user")).status).toBe(200);
  });

  test("without SMTP_URL the link is written to the server log", async () => {
    const lines: string[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => lines.push(args.join(" "));
    const plain = await startTestApp();
    try {
      const account = await plain.client().signUp();
      await plain.client().post("/api/password/forgot", { email: account.email });
      // The answer does not wait for the email (it would tell who has an account).
      await waitFor(() => lines.some((line) => line.includes("/reset-password?token=")), "the logged link");
    } finally {
      console.log = original;
      await plain.stop();
    }
    const logged = lines.join("\n");
    expect(logged).toContain("SMTP_URL is not set");
    expect(linkIn(logged)).toContain("/reset-password?token=");
  });

  test("a forged Host header never reaches the link: it points at the server's own origin", async () => {
    const account = await app.client().signUp();
    const before = smtp.received.length;
    const res = await fetch(`${app.url}/api/password/forgot`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        host: "evil.example",
        "x-forwarded-host": "evil.example",
      },
      body: JSON.stringify({ email: account.email }),
    });
    expect(res.status).toBe(200);
    const link = linkIn((await smtp.message(before)).text ?? "");
    expect(new URL(link).origin).toBe(app.url);
  });

  test("with PUBLIC_URL, links point there whatever Host the request names", async () => {
    const lines: string[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => lines.push(args.join(" "));
    const proxied = await startTestApp({ env: { PUBLIC_URL: "https://programs.example.com" } });
    try {
      const email = uniqueEmail();
      const account = { firstName: "Ada", lastName: "Lovelace", email, password: "correct horse" };
      const registered = await proxied
        .client()
        .post("/api/register", account, { origin: "https://programs.example.com" });
      expect(registered.status).toBe(201);
      await fetch(`${proxied.url}/api/password/forgot`, {
        method: "POST",
        headers: { "content-type": "application/json", host: "evil.example" },
        body: JSON.stringify({ email }),
      });
      await waitFor(() => lines.some((line) => line.includes("/reset-password?token=")), "the logged link");
    } finally {
      console.log = original;
      await proxied.stop();
    }
    expect(linkIn(lines.join("\n"))).toStartWith("https://programs.example.com/reset-password?token=");
  });

  test("asking for many reset emails from one address gets 429", async () => {
    const limited = await startTestApp({
      authLimits: { ...DEFAULT_AUTH_LIMITS, resetRequestsPerAddress: 2, windowMs: 60_000 },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (await limited.client().post("/api/password/forgot", { email: "a@example.com" })).status,
        );
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.stop();
    }
  });
});
