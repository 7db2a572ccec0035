import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { apiKeys } from "../../db/schema";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app";
import { pngImage } from "../support/test-images";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ apiKeyLimits: { requestsPerWindow: 30, windowMs: 60_000 } });
});
afterAll(() => app.stop());

const createKey = async (client: TestClient, name = "Case system") => {
  const res = await client.post("/api/integration/keys", { name });
  expect(res.status).toBe(201);
  return res.json as { id: string; key: string; prefix: string };
};

/** fetch with only an API key: no cookie. */
const withKey = (
  key: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  fetch(app.url + path, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe("API keys", () => {
  test("a key is shown once with a recognisable prefix and stored only as a hash", async () => {
    const client = app.client();
    await client.signUp();
    const created = await createKey(client, "Passare sync");
    expect(created.key).toMatch(/^ks_live_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.prefix).toHaveLength("ks_live_".length + 4);

    const list = await client.get("/api/integration/keys");
    expect(list.json).toHaveLength(1);
    expect(list.json[0]).toMatchObject({ name: "Passare sync", prefix: created.prefix, lastUsedAt: null });
    expect(list.text).not.toContain(created.key);
    const [stored] = await app.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(stored?.keyHash).toHaveLength(64);
    expect(JSON.stringify(stored)).not.toContain(created.key);
  });

  test("a key reads and writes its owner's programs and records when it was last used", async () => {
    const client = app.client();
    await client.signUp();
    const { id: keyId, key } = await createKey(client);
    const created = await withKey(key, "POST", "/api/programs", { fullName: "Eleanor Whitfield" });
    expect(created.status).toBe(201);
    const program = (await created.json()) as { id: string };
    const batch = await withKey(key, "POST", "/api/programs/batch", [{ fullName: "José Núñez" }]);
    expect(batch.status).toBe(201);
    const list = await client.get("/api/programs");
    expect(list.json.map((p: { fullName: string }) => p.fullName).sort()).toEqual([
      "Eleanor Whitfield",
      "José Núñez",
    ]);
    const read = await withKey(key, "GET", `/api/programs/${program.id}`);
    expect(read.status).toBe(200);

    const photo = new FormData();
    photo.append("file", new Blob([await pngImage()], { type: "image/png" }), "p.png");
    const upload = await fetch(`${app.url}/api/photos`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}` },
      body: photo,
    });
    expect(upload.status).toBe(201);
    const { id: photoId } = (await upload.json()) as { id: string };
    expect((await withKey(key, "GET", `/api/photos/${photoId}?rendition=screen`)).status).toBe(200);

    const keys = await client.get("/api/integration/keys");
    const used = keys.json.find((k: { id: string }) => k.id === keyId);
    expect(Date.parse(used.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  test("a key needs no Origin check, a cookie request keeps it", async () => {
    const client = app.client();
    await client.signUp();
    const { key } = await createKey(client);
    const foreign = { origin: "https://evil.example" };
    expect((await withKey(key, "POST", "/api/programs", { fullName: "A" }, foreign)).status).toBe(201);
    expect((await client.post("/api/programs", { fullName: "A" }, foreign)).status).toBe(403);
  });

  test("a key never reaches another account's program or photo: 404", async () => {
    const owner = app.client();
    await owner.signUp();
    const program = await owner.post("/api/programs", { fullName: "Private" });
    const other = app.client();
    await other.signUp();
    const { key } = await createKey(other);
    expect((await withKey(key, "GET", `/api/programs/${program.json.id}`)).status).toBe(404);
    expect((await withKey(key, "PUT", `/api/programs/${program.json.id}`, { fullName: "X" })).status).toBe(
      404,
    );
    expect((await withKey(key, "DELETE", `/api/programs/${program.json.id}`)).status).toBe(404);
    expect((await withKey(key, "GET", `/api/programs/${program.json.id}/pdf`)).status).toBe(404);
    const list = await withKey(key, "GET", "/api/programs");
    expect(await list.json()).toEqual([]);
  });

  test("a revoked or unknown key is a 401 and the cookie is not consulted", async () => {
    const client = app.client();
    await client.signUp();
    const { id, key } = await createKey(client);
    expect((await withKey(key, "GET", "/api/programs")).status).toBe(200);
    const revoked = await client.delete(`/api/integration/keys/${id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.json.revokedAt).not.toBeNull();
    const refused = await withKey(key, "GET", "/api/programs");
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toContain("revoked");
    // A signed-in browser sending a bad key is still refused: the key decides.
    const both = await fetch(`${app.url}/api/programs`, {
      headers: { authorization: "Bearer ks_live_nonsense", cookie: client.cookie },
    });
    expect(both.status).toBe(401);
    expect((await client.delete(`/api/integration/keys/${id}`)).status).toBe(404);
  });

  test("keys are refused on account, key and billing endpoints", async () => {
    const client = app.client();
    await client.signUp();
    const { id, key } = await createKey(client);
    for (const [method, path] of [
      ["GET", "/api/auth/user"],
      ["GET", "/api/integration/keys"],
      ["POST", "/api/integration/keys"],
      ["DELETE", `/api/integration/keys/${id}`],
      ["GET", "/api/subscription/info"],
      ["POST", "/api/subscription/create"],
      ["POST", "/api/writing/enhance"],
    ] as const) {
      const res = await withKey(
        key,
        method,
        path,
        method === "GET" || method === "DELETE" ? undefined : { name: "x" },
      );
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
    }
    expect((await client.get("/api/integration/keys")).json[0].revokedAt).toBeNull();
  });

  test("keys are per account: another account cannot revoke mine, a nameless key is refused", async () => {
    const mine = app.client();
    await mine.signUp();
    const { id } = await createKey(mine);
    const other = app.client();
    await other.signUp();
    expect((await other.delete(`/api/integration/keys/${id}`)).status).toBe(404);
    expect((await other.get("/api/integration/keys")).json).toEqual([]);
    const nameless = await other.post("/api/integration/keys", { name: "  " });
    expect(nameless.status).toBe(400);
    expect(nameless.json.fields[0].path).toBe("name");
    expect((await other.get("/api/integration/keys")).json).toEqual([]);
    expect((await app.client().post("/api/integration/keys", { name: "x" })).status).toBe(401);
  });
});

describe("keys outlive sessions unless revoked", () => {
  const keyWorks = async (key: string) => (await withKey(key, "GET", "/api/programs")).status === 200;

  test("Sign Out Everywhere keeps keys unless asked; asked, it revokes every one in the same step", async () => {
    const client = app.client();
    const { email, password } = await client.signUp();
    const keys = [await createKey(client, "Passare"), await createKey(client, "Osiris")];
    expect((await client.get("/api/auth/api-keys")).json).toEqual({ active: 2 });

    const kept = await client.post("/api/logout/everywhere");
    expect(kept.json).toEqual({ ok: true, revokedApiKeys: 0 });
    for (const { key } of keys) expect(await keyWorks(key)).toBe(true);

    await client.post("/api/login", { email, password });
    const bad = await client.post("/api/logout/everywhere", { revokeApiKeys: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.json.fields[0].path).toBe("revokeApiKeys");
    expect((await client.get("/api/auth/user")).status).toBe(200);

    const revoked = await client.post("/api/logout/everywhere", { revokeApiKeys: true });
    expect(revoked.json).toEqual({ ok: true, revokedApiKeys: 2 });
    for (const { key } of keys) expect(await keyWorks(key)).toBe(false);
    expect((await client.get("/api/auth/user")).status).toBe(401);
  });

  test("every key of the account is revoked in one step, no one else's; a key cannot do it", async () => {
    const client = app.client();
    await client.signUp();
    const mine = [await createKey(client), await createKey(client)];
    const other = app.client();
    await other.signUp();
    const theirs = await createKey(other);
    const byKey = await withKey(theirs.key, "POST", "/api/auth/api-keys/revoke");
    expect(byKey.status).toBe(403);

    const res = await client.post("/api/auth/api-keys/revoke");
    expect(res.json).toEqual({ revoked: 2 });
    for (const { key } of mine) expect(await keyWorks(key)).toBe(false);
    expect(await keyWorks(theirs.key)).toBe(true);
    expect((await client.get("/api/auth/api-keys")).json).toEqual({ active: 0 });
    expect((await client.post("/api/auth/api-keys/revoke")).json).toEqual({ revoked: 0 });
  });
});

describe("per-key rate limit", () => {
  test("a key over its budget gets 429 with Retry-After; another key is unaffected", async () => {
    const client = app.client();
    await client.signUp();
    const busy = await createKey(client, "busy");
    const calm = await createKey(client, "calm");
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await withKey(busy.key, "GET", "/api/programs")).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    const limited = await withKey(busy.key, "GET", "/api/programs");
    // The wait left: a minute from the first call, less the time the 33 calls took.
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await withKey(calm.key, "GET", "/api/programs")).status).toBe(200);
  });
});
