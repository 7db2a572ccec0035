// What a request body may cost: 64 KB before signing in, and only so many bodies read at once.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { errorReports, programs } from "../../db/schema";
import { MAX_BODIES_READING } from "../../src/server/http/request-guards";
import { rowCount } from "../support/db-snapshot";
import { startTestApp, type TestApp } from "../support/test-app";
import { waitFor } from "../support/wait-for";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

/** A JSON body of about `kb` kilobytes. */
const bodyOf = (kb: number, fields: Record<string, unknown> = {}) => ({
  ...fields,
  padding: "a".repeat(kb * 1024),
});

describe("before signing in", () => {
  test("a body over 64 KB is a 413 naming the limit, on sign-in, register, chat, error reports and any route without a session", async () => {
    const visitor = app.client();
    const before = {
      reports: await rowCount(app.db, errorReports),
      programs: await rowCount(app.db, programs),
    };
    for (const path of [
      "/api/auth/sign-in",
      "/api/auth/register",
      "/api/chatbot/session",
      "/api/chatbot/error-report",
      "/api/programs",
    ]) {
      const res = await visitor.post(path, bodyOf(100, { error: "boom", fullName: "Ada" }));
      expect({ path, status: res.status }).toEqual({ path, status: 413 });
      expect(res.json.message).toContain("64 KB");
    }
    expect(await rowCount(app.db, errorReports)).toBe(before.reports);
    expect(await rowCount(app.db, programs)).toBe(before.programs);
  });

  test("a chunked body (no Content-Length) stops being read at 64 KB", async () => {
    const bytes = new TextEncoder().encode(JSON.stringify(bodyOf(1024, { email: "a@example.com" })));
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 16 * 1024)
          controller.enqueue(bytes.subarray(at, at + 16 * 1024));
        controller.close();
      },
    });
    const response = await fetch(`${app.url}/api/auth/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: chunked,
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toContain("64 KB");
  });

  test("signed in, a program of more than 64 KB is saved as before", async () => {
    const family = app.client();
    await family.signUp();
    const res = await family.post("/api/programs", {
      fullName: "Ada Lovelace",
      tributes: Array.from({ length: 30 }, (_, i) => ({
        id: `t${i}`,
        author: "Ada",
        message: "a".repeat(4000),
      })),
    });
    expect(res.status).toBe(201);
  });
});

describe("bodies read at once", () => {
  test(`past ${MAX_BODIES_READING} bodies arriving at once a request is a 503 with Retry-After; health answers and all recovers`, async () => {
    const { port } = new URL(app.url);
    // Slow clients: each declares a body and sends only its start, holding a reader open.
    const sockets = await Promise.all(
      Array.from({ length: MAX_BODIES_READING }, () =>
        Bun.connect({ hostname: "127.0.0.1", port: Number(port), socket: { data() {} } }),
      ),
    );
    for (const socket of sockets)
      socket.write(
        `POST /api/chatbot/error-report HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"error":"`,
      );
    try {
      const busy = await waitFor(async () => {
        const res = await app.client().post("/api/chatbot/error-report", { error: "boom" });
        return res.status === 503 && res;
      }, "a 503 while the slow bodies are read");
      expect(busy.json.message).toContain("Please try again in a moment");
      expect(busy.headers.get("retry-after")).toBe("1");
      expect((await app.client().get("/api/health")).status).toBe(200);
    } finally {
      for (const socket of sockets) socket.end();
    }
    await waitFor(
      async () => (await app.client().post("/api/chatbot/error-report", { error: "boom" })).status === 200,
      "bodies to be read again once the slow clients left",
    );
  });
});
