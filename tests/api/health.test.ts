import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

test("health answers ok with the database reachable", async () => {
  const res = await app.client().get("/api/health");
  expect(res.status).toBe(200);
  expect(res.json).toEqual({ ok: true });
});

test("unknown API paths answer a JSON 404, not the SPA", async () => {
  const res = await app.client().get("/api/no-such-thing");
  expect(res.status).toBe(404);
  expect(res.json.code).toBe("NOT_FOUND");
});

test("every other path serves the SPA", async () => {
  for (const path of ["/", "/programs", "/program-builder/abc", "/anything/else"]) {
    const res = await app.client().get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.text).toContain('<div id="root">');
  }
});
