import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { programs } from "../../db/schema";
import { sampleProgram } from "../../src/shared/sample-program";
import { rowCount } from "../support/db-snapshot";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app";

let app: TestApp;
let client: TestClient;
let programId: string;
beforeAll(async () => {
  app = await startTestApp();
  client = app.client();
  await client.signUp();
  programId = (await client.post("/api/programs", sampleProgram())).json.id;
});
afterAll(() => app.stop());

describe("CSRF", () => {
  test("state changes from a foreign Origin get 403 and change nothing", async () => {
    const evil = { origin: "https://evil.example" };
    const before = await rowCount(app.db, programs);
    const post = await client.request("POST", "/api/programs", { fullName: "Forged" }, evil);
    const put = await client.request("PUT", `/api/programs/${programId}`, { fullName: "Forged" }, evil);
    const del = await client.request("DELETE", `/api/programs/${programId}`, undefined, evil);
    for (const res of [post, put, del]) {
      expect(res.status).toBe(403);
      expect(res.json.code).toBe("FORBIDDEN");
    }
    expect(await rowCount(app.db, programs)).toBe(before);
    expect((await client.get(`/api/programs/${programId}`)).json.fullName).toBe("Eleanor Grace Whitfield");
  });

  test("the app's own Origin, Sec-Fetch-Site same-origin and cookie-less scripts are accepted", async () => {
    const own = await client.request("POST", "/api/programs", { fullName: "Same site" }, { origin: app.url });
    expect(own.status).toBe(201);
    const json = { "content-type": "application/json" };
    const body = JSON.stringify({ fullName: "No origin" });
    const sameOrigin = await fetch(`${app.url}/api/programs`, {
      method: "POST",
      headers: { ...json, cookie: client.cookie, "sec-fetch-site": "same-origin" },
      body,
    });
    expect(sameOrigin.status).toBe(201);
    // curl or a script signing in carries no session a page could borrow.
    const login = await fetch(`${app.url}/api/login`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email: "nobody@example.com", password: "wrong password" }),
    });
    expect(login.status).toBe(401);
  });

  test("a session cookie without Origin, or from another site by Sec-Fetch-Site, gets 403", async () => {
    const before = await rowCount(app.db, programs);
    const json = { "content-type": "application/json", cookie: client.cookie };
    const body = JSON.stringify({ fullName: "Forged" });
    for (const headers of [
      json,
      { ...json, "sec-fetch-site": "cross-site" },
      { ...json, "sec-fetch-site": "same-site" },
    ]) {
      const res = await fetch(`${app.url}/api/programs`, { method: "POST", headers, body });
      expect(res.status).toBe(403);
    }
    expect(await rowCount(app.db, programs)).toBe(before);
  });

  test("a Host that is not the server's own is foreign, even when the Origin matches it", async () => {
    // A page on a name that resolves to this server (DNS rebinding) sends its own name as both.
    const before = await rowCount(app.db, programs);
    const json = { "content-type": "application/json", cookie: client.cookie, host: "evil.example" };
    const body = JSON.stringify({ fullName: "Forged" });
    for (const headers of [
      { ...json, origin: "http://evil.example" },
      { ...json, "sec-fetch-site": "same-origin" },
    ]) {
      const res = await fetch(`${app.url}/api/programs`, { method: "POST", headers, body });
      expect(res.status).toBe(403);
    }
    expect(await rowCount(app.db, programs)).toBe(before);
  });

  test("reads are not blocked by a foreign Origin", async () => {
    const res = await client.request("GET", "/api/programs", undefined, {
      origin: "https://elsewhere.example",
    });
    expect(res.status).toBe(200);
  });
});

describe("content types and sizes", () => {
  test("a plain HTML form post (urlencoded or multipart) cannot reach a JSON endpoint", async () => {
    const before = await rowCount(app.db, programs);
    const urlencoded = await client.request("POST", "/api/programs", "fullName=Forged", {
      "content-type": "application/x-www-form-urlencoded",
    });
    const form = new FormData();
    form.set("fullName", "Forged");
    const multipart = await client.request("POST", "/api/programs", form);
    const plain = await client.request("POST", "/api/programs", '{"fullName":"Forged"}', {
      "content-type": "text/plain",
    });
    for (const res of [urlencoded, multipart, plain]) {
      expect(res.status).toBe(415);
      expect(res.json.message).toContain("application/json");
    }
    expect(await rowCount(app.db, programs)).toBe(before);
  });

  test("a JSON body over 5 MB gets 413", async () => {
    const huge = JSON.stringify({ ...sampleProgram(), lifeReflections: "a".repeat(5 * 1024 * 1024 + 10) });
    const res = await client.request("POST", "/api/programs", huge, { "content-type": "application/json" });
    expect(res.status).toBe(413);
    expect(res.json.message).toContain("5 MB");
  });

  test("a chunked JSON body (no Content-Length) over 5 MB gets 413 too", async () => {
    const huge = JSON.stringify({ ...sampleProgram(), lifeReflections: "a".repeat(6 * 1024 * 1024) });
    const bytes = new TextEncoder().encode(huge);
    const before = await rowCount(app.db, programs);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 256 * 1024)
          controller.enqueue(bytes.subarray(at, at + 256 * 1024));
        controller.close();
      },
    });
    const response = await fetch(`${client.baseUrl}/api/programs`, {
      method: "POST",
      headers: { cookie: client.cookie, "content-type": "application/json" },
      body: chunked,
    });
    expect(response.headers.get("content-length")).not.toBe(String(bytes.length));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toContain("5 MB");
    expect(await rowCount(app.db, programs)).toBe(before);
  });

  test("malformed JSON is a 400 with a clear message", async () => {
    const res = await client.request("POST", "/api/programs", '{"fullName": ', {
      "content-type": "application/json",
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain("valid JSON");
  });
});

describe("nothing a client sends causes a 500", () => {
  const nasty: unknown[] = [
    null,
    [],
    0,
    "",
    true,
    { fullName: null },
    { serviceItems: [null] },
    { serviceItems: [{ id: "", title: "x", order: -1 }] },
    { tributes: [{ id: 1 }] },
    { additionalPhotos: [{ id: "p", url: 5, order: "first" }] },
    { birthDate: 19310412 },
    { serviceDate: "2025-13-45T99:99" },
    { __proto__: { admin: true }, constructor: { prototype: {} } },
  ];

  test.each(nasty.map((body, i) => [i, body]))("body #%d", async (_i, body) => {
    for (const [method, path] of [
      ["POST", "/api/programs"],
      ["PUT", `/api/programs/${programId}`],
      ["POST", "/api/register"],
      ["POST", "/api/login"],
    ] as const) {
      const res = await client.request(method, path, JSON.stringify(body), {
        "content-type": "application/json",
      });
      expect(res.status).toBeLessThan(500);
      if (res.status >= 400) expect(res.json).toHaveProperty("message");
    }
  });

  test("unprintable characters in a name are refused by name", async () => {
    for (const fullName of ["Eleanor\u0000", "Eleanor \uD800"]) {
      const res = await client.post("/api/programs", { fullName });
      expect(res.status).toBe(400);
      expect(res.json.fields).toEqual([
        { path: "fullName", message: "Full name contains characters that cannot be printed" },
      ]);
    }
    const accented = await client.post("/api/programs", {
      fullName: "Łukasz Dvořák-Ødegård\tJr.",
      pallbearers: "Zoë\r\nJosé",
    });
    expect(accented.status).toBe(201);
  });

  test("U+0000 in any other text is refused naming its field, and nothing is written", async () => {
    const message = "This text cannot contain a null character (U+0000).";
    const keysBefore = (await client.get("/api/integration/keys")).json;
    const key = await client.post("/api/integration/keys", { name: "Front desk\u0000" });
    expect(key.status).toBe(400);
    expect(key.json.fields).toEqual([{ path: "name", message }]);
    expect((await client.get("/api/integration/keys")).json).toEqual(keysBefore);

    const chat = await client.post("/api/chatbot/session", { title: "Help\u0000" });
    expect(chat.status).toBe(400);
    expect(chat.json.fields).toEqual([{ path: "title", message }]);

    const query = await client.get("/api/chatbot/suggestions?currentPage=%2Fbuilder%00");
    expect(query.status).toBe(400);
    expect(query.json.fields).toEqual([{ path: "currentPage", message }]);
  });

  test("odd ids and paths answer 404 JSON", async () => {
    for (const path of [
      "/api/programs/%00",
      "/api/programs/..%2F..%2Fetc",
      `/api/programs/${"x".repeat(5000)}`,
    ]) {
      const res = await client.get(path);
      expect(res.status).toBe(404);
      expect(res.json.code).toBe("NOT_FOUND");
    }
  });
});
