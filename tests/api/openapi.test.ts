import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { toOpenApiPath } from "../../src/server/docs/openapi-document";
import { OPERATIONS } from "../../src/server/docs/operations";
import { startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let document: any;
beforeAll(async () => {
  app = await startTestApp();
  const res = await fetch(`${app.url}/api/openapi.json`);
  expect(res.status).toBe(200);
  document = await res.json();
});
afterAll(() => app.stop());

// The JSON 404 for unknown /api paths is not an endpoint.
const registeredRoutes = () =>
  app.api.routes
    .filter((route) => route.path !== "/api/*")
    .map((r) => ({ method: r.method.toLowerCase(), path: r.path }));

describe("GET /api/openapi.json", () => {
  test("is an OpenAPI 3.1 document describing every route the server registers, and no other", () => {
    expect(document.openapi).toBe("3.1.0");
    const routes = registeredRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter(({ method, path }) => !document.paths[toOpenApiPath(path)]?.[method]);
    expect(missing).toEqual([]);
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item as object).map((method) => `${method} ${path}`),
    );
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${toOpenApiPath(r.path)}`).sort());
  });

  test("every example validates against the schema the server validates with", () => {
    let checked = 0;
    for (const op of OPERATIONS) {
      const item = document.paths[toOpenApiPath(op.path)][op.method];
      if (op.body?.example !== undefined) {
        const parsed = op.body.schema.safeParse(op.body.example);
        expect({ op: `${op.method} ${op.path}`, ok: parsed.success }).toEqual({
          op: `${op.method} ${op.path}`,
          ok: true,
        });
        expect(item.requestBody.content["application/json"].example).toEqual(op.body.example);
        checked++;
      }
      for (const answer of [op.answer, ...(op.otherAnswers ?? [])]) {
        if (answer.example === undefined || !answer.schema) continue;
        const parsed = answer.schema.safeParse(answer.example);
        // An answer is what the server sends: an example zod must fill in (a default) or cut is stale.
        expect({ op: `${op.method} ${op.path} ${answer.status}`, data: parsed.data }).toEqual({
          op: `${op.method} ${op.path} ${answer.status}`,
          data: answer.example,
        });
        expect(item.responses[answer.status].content["application/json"].example).toEqual(answer.example);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  test("bodies, answers, errors and auth come from the shared schemas", () => {
    const create = document.paths["/api/programs"].post;
    const body = create.requestBody.content["application/json"].schema;
    expect(body.properties.colorTheme.enum).toContain("classic");
    expect(body.properties.fullName.maxLength).toBe(200);
    expect(create.responses["201"].content["application/json"].schema).toBeDefined();
    expect(create.responses["400"].content["application/json"].schema.$ref).toBe(
      "#/components/schemas/Error",
    );
    expect(create.security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(document.paths["/api/auth/user"].get.security).toEqual([{ session: [] }]);
    expect(document.paths["/api/health"].get.security).toEqual([]);
    const pdf = document.paths["/api/programs/{id}/pdf"].get;
    expect(pdf.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      "cmyk",
      "id",
      "marks",
      "variant",
    ]);
    expect(create.responses["402"]).toBeDefined();
    expect(document.paths["/api/subscription/create"].post.security).toEqual([{ session: [] }]);
    expect(document.paths["/api/subscription/create"].post.responses["503"]).toBeDefined();
    const stripeWebhook = document.paths["/api/stripe/webhook"].post;
    expect(stripeWebhook.security).toEqual([]);
    expect(stripeWebhook.description).toContain("Stripe-Signature");
    expect(document.paths["/api/help/search"].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      "q",
    ]);
    expect(document.paths["/api/chatbot/error-report"].post.responses["413"]).toBeDefined();
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(Object.keys(document.webhooks).sort()).toEqual([
      "pdf.ready",
      "program.created",
      "program.updated",
    ]);
    const created = document.webhooks["program.created"].post;
    expect(created.parameters.map((p: { name: string }) => p.name)).toContain("keepsake-signature");
    expect(
      created.requestBody.content["application/json"].schema.properties.data.properties.program,
    ).toBeDefined();
  });
});

describe("GET /api/docs", () => {
  test("shows the document in a reference viewer served by this server, with nothing from a CDN", async () => {
    const page = await fetch(`${app.url}/api/docs`);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain('src="/api/docs/viewer.js"');
    expect(html).not.toMatch(/src="https?:/);
    const script = await fetch(`${app.url}/api/docs/viewer.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toContain("javascript");
    expect((await script.text()).length).toBeGreaterThan(1_000_000);
  });

  test("starts the viewer from a script file under the same policy as every other answer", async () => {
    const page = await fetch(`${app.url}/api/docs`);
    const html = await page.text();
    // Every <script> has a src: the policy refuses inline scripts, and no page gets an exception.
    expect(html.match(/<script[^>]*>/g)).toEqual([
      '<script src="/api/docs/viewer.js">',
      '<script src="/api/docs/start.js">',
    ]);
    const health = await fetch(`${app.url}/api/health`);
    expect(page.headers.get("content-security-policy")).toBe(health.headers.get("content-security-policy"));
    const scriptSources = page.headers.get("content-security-policy")?.match(/script-src [^;]*/)?.[0];
    expect(scriptSources).toBe("script-src 'self'");
    const start = await fetch(`${app.url}/api/docs/start.js`);
    expect(start.headers.get("content-type")).toContain("javascript");
    expect(await start.text()).toContain('"url":"/api/openapi.json"');
  });
});
