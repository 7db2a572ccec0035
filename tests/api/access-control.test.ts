// Walks every route the API registers, read from the Elysia app itself, so a route added later is
// covered without touching this file: as another account, as a signed-out visitor, and as a page
// on another site (CSRF). A route whose parameters this file cannot fill fails the test.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { OPERATIONS } from "../../src/server/docs/operations";
import { sampleProgram } from "../../src/shared/sample-program";
import { notACrash } from "../support/answers";
import { snapshotAccount, snapshotData } from "../support/db-snapshot";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app";
import { photoForm, pngImage } from "../support/test-images";

const OWNER_MARK = "Zebediah Ownerly";
/**
 * Routes a signed-out visitor may use, as the API document declares them (its own test checks it
 * lists every registered route); every other route must answer a visitor 401 (or 404 for a photo).
 */
const PUBLIC_ROUTES = new Set(
  OPERATIONS.filter((op) => op.access === "public").map((op) => `${op.method.toUpperCase()} ${op.path}`),
);
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE", "ALL"]);

let app: TestApp;
let owner: TestClient;
let other: TestClient;
let programId: string;
let photoId: string;
let ownerId: string;

beforeAll(async () => {
  app = await startTestApp();
  owner = app.client();
  ownerId = (await owner.signUp({ firstName: OWNER_MARK })).user.id;
  const photo = await owner.post("/api/photos", photoForm(await pngImage(64, 48), "mine.png", "image/png"));
  expect(photo.status).toBe(201);
  photoId = photo.json.id;
  const program = await owner.post("/api/programs", {
    ...sampleProgram(),
    fullName: OWNER_MARK,
    mainPhotoUrl: photo.json.url,
  });
  programId = program.json.id;
  other = app.client();
  await other.signUp();
});
afterAll(() => app.stop());

type Call = { route: string; method: string; path: string; body: () => Promise<unknown> };

/** The owner's record each `:param` of a route stands for. */
const fillPath = (path: string) => {
  const resource = path.startsWith("/api/photos") ? photoId : programId;
  const filled = path.replace(/:[a-zA-Z]+/g, resource).replace("*", "no-such-endpoint");
  // Query routes (batch PDFs) name their programs in `ids`; others ignore it.
  return `${filled}?ids=${programId}`;
};

const bodyFor = async (method: string, path: string) => {
  if (method === "GET" || method === "HEAD" || method === "DELETE") return undefined;
  if (path.startsWith("/api/photos"))
    return photoForm(await pngImage(40, 30, "#123456"), "x.png", "image/png");
  if (path.startsWith("/api/programs/batch")) return [{ ...sampleProgram(), fullName: "Batch" }];
  if (path.startsWith("/api/writing")) return { text: "She were kind.", fieldType: "lifeReflections" };
  if (path === "/api/login" || path === "/api/register") return {};
  return { ...sampleProgram(), fullName: "Overwritten" };
};

const calls = (): Call[] =>
  app.api.routes.flatMap(({ method, path }) => {
    const methods = method === "ALL" ? ["GET", "POST"] : [method];
    return methods.map((m) => ({
      route: `${method} ${path}`,
      method: m,
      path: fillPath(path),
      body: () => bodyFor(m, path),
    }));
  });

const ownerData = () => snapshotData(app.db, app.dataDir);
const ownerRows = () => snapshotAccount(app.db, ownerId);
const leaksOwnerData = (text: string) =>
  text.includes(programId) || text.includes(photoId) || text.includes(OWNER_MARK);

test("the walk sees every module's routes", () => {
  const routes = app.api.routes.map((r) => `${r.method} ${r.path}`);
  for (const expected of ["GET /api/programs/:id", "POST /api/photos/", "GET /api/programs/:id/pdf"]) {
    expect(routes).toContain(expected);
  }
  expect(routes.length).toBeGreaterThan(15);
});

describe("another account", () => {
  test("gets 404 for the owner's records, sees none of them, and changes nothing", async () => {
    const walk = calls().sort(
      (a, b) => Number(a.path.startsWith("/api/logout")) - Number(b.path.startsWith("/api/logout")),
    );
    for (const call of walk) {
      const before = await ownerRows();
      const res = await other.request(call.method, call.path, await call.body());
      const where = `${call.method} ${call.path}`;
      expect({ where, status: notACrash(res.status) }).toEqual({ where, status: true });
      if (call.route.includes(":")) expect({ where, status: res.status }).toEqual({ where, status: 404 });
      expect({ where, leak: leaksOwnerData(res.text) }).toEqual({ where, leak: false });
      // Another account's writes may create its own records, never touch the owner's.
      expect({ where, same: (await ownerRows()) === before }).toEqual({ where, same: true });
    }
  });
});

describe("a signed-out visitor", () => {
  test("gets 401 (404 for a photo) everywhere but the public routes, and sees nothing", async () => {
    const visitor = app.client();
    for (const call of calls()) {
      const res = await visitor.request(call.method, call.path, await call.body());
      const where = `${call.method} ${call.path}`;
      expect({ where, status: notACrash(res.status) }).toEqual({ where, status: true });
      expect({ where, leak: leaksOwnerData(res.text) }).toEqual({ where, leak: false });
      if (PUBLIC_ROUTES.has(call.route) || call.route === "ALL /api/*") continue;
      const expected = call.route === "GET /api/photos/:id" ? 404 : 401;
      expect({ where, status: res.status }).toEqual({ where, status: expected });
      visitor.cookie = "";
    }
  });
});

describe("CSRF on every state-changing route, multipart included", () => {
  const stateChanging = () => calls().filter((call) => STATE_CHANGING.has(call.method));

  const send = async (call: Call, headers: Record<string, string>) => {
    const body = await call.body();
    const isForm = body instanceof FormData;
    return fetch(app.url + call.path, {
      method: call.method,
      headers: {
        ...(body === undefined || isForm ? {} : { "content-type": "application/json" }),
        cookie: owner.cookie,
        ...headers,
      },
      body: isForm || body === undefined ? (body as FormData | undefined) : JSON.stringify(body),
    });
  };

  test("a foreign Origin gets 403 and writes nothing", async () => {
    for (const call of stateChanging()) {
      const before = await ownerData();
      const res = await send(call, { origin: "https://evil.example" });
      const where = `${call.method} ${call.path}`;
      expect({ where, status: res.status }).toEqual({ where, status: 403 });
      expect({ where, same: (await ownerData()) === before }).toEqual({ where, same: true });
    }
  });

  test("the session cookie with no Origin and no Sec-Fetch-Site: same-origin gets 403 and writes nothing", async () => {
    for (const call of stateChanging()) {
      for (const headers of [{}, { "sec-fetch-site": "cross-site" }] as Record<string, string>[]) {
        const before = await ownerData();
        const res = await send(call, headers);
        const where = `${call.method} ${call.path} ${JSON.stringify(headers)}`;
        expect({ where, status: res.status }).toEqual({ where, status: 403 });
        expect({ where, same: (await ownerData()) === before }).toEqual({ where, same: true });
      }
    }
  });

  test("the owner's own page still works: a same-origin save and upload succeed", async () => {
    const save = await owner.put(`/api/programs/${programId}`, { ...sampleProgram(), fullName: OWNER_MARK });
    expect(save.status).toBe(200);
    const upload = await owner.post(
      "/api/photos",
      photoForm(await pngImage(30, 20, "#654321"), "b.png", "image/png"),
    );
    expect(upload.status).toBe(201);
  });
});

describe("security headers", () => {
  const HTML_PATHS = ["/", "/programs", "/program-builder/x", "/login"];

  test("every HTML page and API answer carries them, errors included", async () => {
    const paths = [
      ...HTML_PATHS,
      "/api/health",
      "/api/programs",
      "/api/no-such-thing",
      `/api/photos/${photoId}`,
    ];
    for (const path of paths) {
      const res = await owner.get(path);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect({ path, csp }).toEqual({ path, csp: expect.stringContaining("frame-ancestors 'none'") });
      const scripts = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
      expect({ path, scripts }).toEqual({ path, scripts: " script-src 'self'" });
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  test("the bundle's scripts and styles carry them too", async () => {
    const html = (await owner.get("/")).text;
    const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const res = await fetch(app.url + asset);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  test("HSTS is sent when PUBLIC_URL is https", async () => {
    const https = await startTestApp({ env: { PUBLIC_URL: "https://programs.example.com" } });
    try {
      for (const path of ["/", "/api/health"]) {
        const res = await fetch(https.url + path);
        expect(res.headers.get("strict-transport-security")).toContain("max-age=");
      }
    } finally {
      await https.stop();
    }
  });
});
