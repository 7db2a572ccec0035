import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { isPostgres, rowsOf } from "../../db/client";
import { webhookDeliveries } from "../../db/schema";
import { isAllowedAddress, pinToAddress } from "../../src/server/integration/outbound-guard";
import { DEFAULT_WEBHOOK_OPTIONS, WebhookDispatcher } from "../../src/server/integration/webhooks";
import { pdfReadyDataSchema, programEventDataSchema, webhookEventSchema } from "../../src/shared/integration";
import { rowCount, snapshotAccount } from "../support/db-snapshot";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app";
import { waitFor } from "../support/wait-for";

type Received = { path: string; body: string; headers: Headers };

/** A case system's webhook receiver on loopback; `/fail-once` answers 500 the first time, `/slow` too late. */
const startReceiver = () => {
  const received: Received[] = [];
  const failed = new Set<string>();
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const path = new URL(request.url).pathname;
      const body = await request.text();
      received.push({ path, body, headers: request.headers });
      if (path === "/fail-once" && !failed.has(body)) {
        failed.add(body);
        return new Response("busy", { status: 500 });
      }
      if (path === "/slow") await Bun.sleep(1500);
      return new Response("ok");
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, received, stop: () => server.stop(true) };
};

/** What a receiver does: recompute the HMAC over "t.body" with the secret and compare in constant time. */
const verifySignature = (header: string | null, body: string, secret: string) => {
  const parts = Object.fromEntries((header ?? "").split(",").map((p) => p.split("=") as [string, string]));
  const expected = createHmac("sha256", secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  const fresh = Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
  return fresh && given.length === expected.length && timingSafeEqual(given, expected);
};

let app: TestApp;
let receiver: ReturnType<typeof startReceiver>;
beforeAll(async () => {
  receiver = startReceiver();
  app = await startTestApp({
    env: { WEBHOOKS_ALLOW_LOOPBACK: "1" },
    webhookOptions: { retryBaseMs: 100, pollMs: 50, timeoutMs: 500 },
  });
});
afterAll(async () => {
  await app.stop();
  receiver.stop();
});

const register = async (client: TestClient, path: string) => {
  const res = await client.post("/api/integration/webhooks", { url: `${receiver.url}${path}` });
  expect(res.status).toBe(201);
  return res.json as { id: string; url: string; secret: string };
};

const deliveriesTo = (path: string) => receiver.received.filter((r) => r.path === path);

/** Makes every insert into the deliveries table fail (as a full disk would), or undoes it. */
const refuseDeliveries = async (refuse: boolean) => {
  const statements = isPostgres(app.db)
    ? refuse
      ? [
          "create function refuse_delivery() returns trigger language plpgsql as $$ begin raise exception 'disk trouble'; end $$",
          "create trigger refuse_deliveries before insert on webhook_deliveries for each row execute function refuse_delivery()",
        ]
      : ["drop trigger refuse_deliveries on webhook_deliveries", "drop function refuse_delivery()"]
    : refuse
      ? [
          "create trigger refuse_deliveries before insert on webhook_deliveries begin select raise(abort, 'disk trouble'); end",
        ]
      : ["drop trigger refuse_deliveries"];
  for (const statement of statements) await rowsOf(app.db, sql.raw(statement));
};

describe("webhooks", () => {
  test("program.created, program.updated and pdf events arrive signed over the timestamp and body", async () => {
    const client = app.client();
    await client.signUp();
    const endpoint = await register(client, "/signed");
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect((await client.get("/api/integration/webhooks")).text).not.toContain(endpoint.secret);

    const { json: key } = await client.post("/api/integration/keys", { name: "sync" });
    const created = await fetch(`${app.url}/api/programs`, {
      method: "POST",
      headers: { authorization: `Bearer ${key.key}`, "content-type": "application/json" },
      body: JSON.stringify({ fullName: "Eleanor Whitfield" }),
    });
    const program = (await created.json()) as { id: string };
    await client.put(`/api/programs/${program.id}`, { fullName: "Eleanor G. Whitfield" });

    const [first, second] = await waitFor(() => {
      const got = deliveriesTo("/signed");
      return got.length >= 2 ? got : undefined;
    }, "two signed deliveries");
    for (const delivery of [first, second] as Received[]) {
      expect(
        verifySignature(delivery.headers.get("keepsake-signature"), delivery.body, endpoint.secret),
      ).toBe(true);
      expect(
        verifySignature(delivery.headers.get("keepsake-signature"), `${delivery.body} `, endpoint.secret),
      ).toBe(false);
      expect(delivery.headers.get("content-type")).toBe("application/json");
    }
    const events = [first, second].map((d) => JSON.parse((d as Received).body));
    expect(events.map((e) => e.type).sort()).toEqual(["program.created", "program.updated"]);
    // Each body is what the OpenAPI document's `webhooks` promise.
    for (const event of events) {
      expect(webhookEventSchema(event.type, programEventDataSchema).safeParse(event).success).toBe(true);
    }
    expect(events.find((e) => e.type === "program.updated").data.program).toEqual({
      id: program.id,
      fullName: "Eleanor G. Whitfield",
    });
    expect(first?.headers.get("keepsake-event")).toBe(events[0].type);

    const log = await waitFor(async () => {
      const res = await client.get("/api/integration/webhooks/deliveries");
      return res.json.every((d: { status: string }) => d.status === "delivered") ? res.json : undefined;
    }, "every delivery logged as delivered");
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ endpointUrl: endpoint.url, attempts: 1, lastResponseStatus: 200 });
  });

  test("a program whose event cannot be stored is not saved either, and nothing is sent for it", async () => {
    const client = app.client();
    const { user } = await client.signUp();
    await register(client, "/unstored");
    const { json: kept } = await client.post("/api/programs", { fullName: "Kept Before" });
    const content = "Full Name\nNever Imported\n";
    const preview = await client.post("/api/integration/import/preview", { fileName: "c.csv", content });
    expect(preview.status).toBe(200);
    const ownDeliveries = eq(webhookDeliveries.ownerId, user.id);
    expect(await rowCount(app.db, webhookDeliveries, ownDeliveries)).toBe(1);

    await refuseDeliveries(true);
    try {
      const before = await snapshotAccount(app.db, user.id);
      const answers = [
        await client.post("/api/programs", { fullName: "Never Saved" }),
        await client.put(`/api/programs/${kept.id}`, { fullName: "Never Renamed", version: kept.version }),
        await client.post("/api/programs/batch", [{ fullName: "Never Batched" }]),
        await client.post("/api/integration/import", {
          fileName: "c.csv",
          content,
          mapping: preview.json.mapping,
        }),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([500, 500, 500, 500]);
      expect(await snapshotAccount(app.db, user.id)).toBe(before);
    } finally {
      await refuseDeliveries(false);
    }
    expect(await rowCount(app.db, webhookDeliveries, ownDeliveries)).toBe(1);
    // The same calls work again once deliveries can be stored.
    expect((await client.post("/api/programs", { fullName: "Saved After" })).status).toBe(201);
    expect(await rowCount(app.db, webhookDeliveries, ownDeliveries)).toBe(2);
  });

  test("pdf.ready follows a printed PDF", async () => {
    const client = app.client();
    await client.signUp();
    await register(client, "/pdf");
    const { json: program } = await client.post("/api/programs", { fullName: "Clara Jensen" });
    const pdf = await fetch(`${app.url}/api/programs/${program.id}/pdf?variant=pages`, {
      headers: { cookie: client.cookie },
    });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const ready = await waitFor(
      () =>
        deliveriesTo("/pdf")
          .map((d) => JSON.parse(d.body))
          .find((event) => event.type === "pdf.ready"),
      "a pdf.ready delivery",
    );
    expect(ready.data).toEqual({ programIds: [program.id], variant: "pages", combined: false });
    expect(webhookEventSchema("pdf.ready", pdfReadyDataSchema).safeParse(ready).success).toBe(true);
  }, 60_000);

  test("a delivery goes to the address that was checked, still addressed to the host by name", async () => {
    const client = app.client();
    await client.signUp();
    const port = new URL(receiver.url).port;
    const res = await client.post("/api/integration/webhooks", { url: `http://localhost:${port}/by-name` });
    expect(res.status).toBe(201);
    await client.post("/api/programs", { fullName: "Harold Bennett" });
    const [delivery] = await waitFor(() => {
      const got = deliveriesTo("/by-name");
      return got.length > 0 ? got : undefined;
    }, "a delivery to the endpoint named by its host");
    expect(delivery?.headers.get("host")).toBe(`localhost:${port}`);
    expect(pinToAddress(new URL("https://cases.example.com:8443/hook?a=1"), "93.184.215.14")).toEqual({
      url: "https://93.184.215.14:8443/hook?a=1",
      headers: { host: "cases.example.com:8443" },
      tls: { serverName: "cases.example.com" },
    });
    expect(pinToAddress(new URL("https://cases.example.com/hook"), "2606:4700::1111").url).toBe(
      "https://[2606:4700::1111]/hook",
    );
    expect(pinToAddress(new URL("https://93.184.215.14/hook"), "93.184.215.14")).toEqual({
      url: "https://93.184.215.14/hook",
      headers: {},
    });
  });

  test("a failing first attempt is retried after a wait, and the log shows both attempts", async () => {
    const client = app.client();
    await client.signUp();
    await register(client, "/fail-once");
    await client.post("/api/programs/batch", [{ fullName: "José Núñez" }]);
    const delivered = await waitFor(async () => {
      const res = await client.get("/api/integration/webhooks/deliveries");
      return res.json[0]?.status === "delivered" ? res.json[0] : undefined;
    }, "the retried delivery");
    expect(delivered).toMatchObject({ event: "program.created", attempts: 2, lastResponseStatus: 200 });
    const attempts = deliveriesTo("/fail-once").filter((r) => r.body.includes("José Núñez"));
    expect(attempts).toHaveLength(2);
    expect(attempts[0]?.body).toBe(attempts[1]?.body as string);
  });

  test("a batch's events are stored together: one delivery per program and endpoint, each event its own id", async () => {
    const client = app.client();
    const { user } = await client.signUp();
    // Every endpoint an account may have, and 60 programs: 600 deliveries in one transaction.
    for (let i = 0; i < 10; i++) await register(client, `/bulk-${i}`);
    const names = Array.from({ length: 60 }, (_, i) => ({ fullName: `Bulk Person ${i}` }));
    expect((await client.post("/api/programs/batch", names)).status).toBe(201);
    const stored = await app.db
      .select({ body: webhookDeliveries.body, endpointId: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.ownerId, user.id));
    expect(stored).toHaveLength(600);
    const events = new Map<string, Set<string>>();
    for (const { body, endpointId } of stored) {
      const event = webhookEventSchema("program.created", programEventDataSchema).parse(JSON.parse(body));
      expect(event.type).toBe("program.created");
      events.set(event.id, (events.get(event.id) ?? new Set()).add(endpointId));
    }
    expect(events.size).toBe(60);
    for (const endpoints of events.values()) expect(endpoints.size).toBe(10);
  });

  test("a receiver that does not answer in time counts as a failed attempt", async () => {
    const client = app.client();
    await client.signUp();
    await register(client, "/slow");
    await client.post("/api/programs", { fullName: "Walter Kowalski" });
    const failed = await waitFor(async () => {
      const res = await client.get("/api/integration/webhooks/deliveries");
      return res.json[0]?.attempts >= 1 ? res.json[0] : undefined;
    }, "a first attempt at the slow receiver");
    expect(failed.status).toBe("pending");
    expect(failed.lastError).toBe("No answer within 0.5 s");
    expect(Date.parse(failed.nextAttemptAt)).toBeGreaterThan(Date.parse(failed.createdAt));
  });

  test("one account's backlog at slow receivers does not hold back another account's delivery", async () => {
    const busy = app.client();
    await busy.signUp();
    const endpoints = [];
    for (let i = 0; i < 10; i++) endpoints.push(await register(busy, "/slow"));
    const before = deliveriesTo("/slow").length;
    // 300 deliveries to receivers that never answer in time (1.5 s against the 0.5 s timeout),
    // each retried soon after: before, they filled every loop turn for about 15 s.
    const names = Array.from({ length: 30 }, (_, i) => ({ fullName: `Backlog Person ${i}` }));
    const batchAt = Date.now();
    expect((await busy.post("/api/programs/batch", names)).status).toBe(201);
    await waitFor(() => deliveriesTo("/slow").length > before, "the busy account's posts under way");
    try {
      const other = app.client();
      await other.signUp();
      await register(other, "/prompt");
      await other.post("/api/programs", { fullName: "Rosa Delgado" });
      const [arrived] = await waitFor(
        () => {
          const got = deliveriesTo("/prompt");
          return got.length > 0 ? got : undefined;
        },
        "the other account's delivery while the backlog waits",
        3000,
      );
      expect(JSON.parse(arrived?.body ?? "{}").data.program.fullName).toBe("Rosa Delgado");
      // The busy account never had more than its share under way: each place posts at most once
      // per 0.5 s timeout.
      const posted = deliveriesTo("/slow").length - before;
      const rounds = Math.ceil((Date.now() - batchAt) / 500) + 1;
      expect(posted).toBeLessThanOrEqual(DEFAULT_WEBHOOK_OPTIONS.perAccountConcurrency * rounds);
    } finally {
      // Removing the endpoints removes their waiting deliveries, so later tests see a quiet loop.
      for (const { id } of endpoints) await busy.delete(`/api/integration/webhooks/${id}`);
    }
  });

  test("two servers' loops on one database send a due delivery once", async () => {
    const client = app.client();
    await client.signUp();
    await register(client, "/shared");
    const user = (await client.get("/api/auth/user")).json;
    const options = { ...DEFAULT_WEBHOOK_OPTIONS, allowLoopback: true, timeoutMs: 500 };
    const [serverA, serverB] = [
      new WebhookDispatcher(app.db, options),
      new WebhookDispatcher(app.db, options),
    ];
    // Due a minute from now, so the app's own loop leaves it to these two (not started: no timers).
    const due = new Date(Date.now() + 60_000);
    await serverA.emit(user.id, "program.created", { program: { id: "y", fullName: "Y" } }, due);
    const later = new Date(due.getTime() + 1000);
    await Promise.all([serverA.runDue(later), serverB.runDue(later), serverA.runDue(later)]);
    expect(deliveriesTo("/shared")).toHaveLength(1);
    const [logged] = (await client.get("/api/integration/webhooks/deliveries")).json;
    expect(logged).toMatchObject({ status: "delivered", attempts: 1, nextAttemptAt: null });
  });

  test("endpoints are per account, managed only when signed in, and need a full address", async () => {
    const owner = app.client();
    await owner.signUp();
    const endpoint = await register(owner, "/mine");
    const other = app.client();
    await other.signUp();
    expect((await other.delete(`/api/integration/webhooks/${endpoint.id}`)).status).toBe(404);
    expect((await other.get("/api/integration/webhooks")).json).toEqual([]);
    const { json: key } = await owner.post("/api/integration/keys", { name: "k" });
    const withKey = await fetch(`${app.url}/api/integration/webhooks`, {
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(withKey.status).toBe(403);
    const bad = await owner.post("/api/integration/webhooks", { url: "cases.example.com/hook" });
    expect(bad.status).toBe(400);
    expect(bad.json.fields[0].path).toBe("url");
    expect((await owner.delete(`/api/integration/webhooks/${endpoint.id}`)).status).toBe(200);
    expect((await owner.get("/api/integration/webhooks")).json).toEqual([]);
  });
});

describe("SSRF guard", () => {
  test("without the loopback allowance, private, loopback and link-local endpoints are refused and none is stored", async () => {
    const strict = await startTestApp();
    try {
      const client = strict.client();
      await client.signUp();
      for (const url of [
        "https://10.0.0.5/hook",
        "https://127.0.0.1/hook",
        `${receiver.url}/hook`,
        "https://169.254.169.254/latest/meta-data",
        "https://localhost/hook",
        "https://[::1]/hook",
        "https://[::ffff:192.168.1.10]/hook",
        "https://[::127.0.0.1]/hook",
        "https://[::ffff:0:127.0.0.1]/hook",
        "https://[64:ff9b::169.254.169.254]/hook",
        "https://[2002:a00:1::1]/hook",
      ]) {
        const res = await client.post("/api/integration/webhooks", { url });
        expect({ url, status: res.status, path: res.json.fields?.[0]?.path }).toEqual({
          url,
          status: 400,
          path: "url",
        });
      }
      const plain = await client.post("/api/integration/webhooks", { url: "http://93.184.215.14/hook" });
      expect(plain.json.message).toContain("https://");
      expect((await client.get("/api/integration/webhooks")).json).toEqual([]);
    } finally {
      await strict.stop();
    }
  });

  test("a delivery is checked again when sent: an endpoint now pointing at loopback is refused, not called", async () => {
    const client = app.client();
    await client.signUp();
    await register(client, "/refused-later");
    const user = (await client.get("/api/auth/user")).json;
    const strictLoop = new WebhookDispatcher(app.db, { ...DEFAULT_WEBHOOK_OPTIONS, allowLoopback: false });
    // Not started: no loop of its own. Due only a minute from now, so the app's running loop leaves
    // it alone and only this dispatcher's runDue (told it is later) sends it.
    await strictLoop.emit(
      user.id,
      "program.created",
      { program: { id: "x", fullName: "X" } },
      new Date(Date.now() + 60_000),
    );
    await strictLoop.runDue(new Date(Date.now() + 90_000));
    const log = (await client.get("/api/integration/webhooks/deliveries")).json;
    expect(log[0]).toMatchObject({ status: "failed", attempts: 1 });
    expect(log[0].lastError).toContain("private or local address (127.0.0.1)");
    expect(deliveriesTo("/refused-later")).toEqual([]);
  });

  test("only public unicast addresses pass, however an IPv6 address wraps an IPv4 one", () => {
    const strict = { allowLoopback: false };
    const loopbackAllowed = { allowLoopback: true };
    // [address, allowed without the loopback allowance, allowed with it]
    const table: Array<[string, boolean, boolean]> = [
      ["10.1.2.3", false, false],
      ["172.16.0.1", false, false],
      ["192.168.0.1", false, false],
      ["127.0.0.1", false, true],
      ["169.254.169.254", false, false],
      ["100.64.0.1", false, false],
      ["0.0.0.0", false, false],
      ["224.0.0.1", false, false],
      ["::1", false, true],
      ["::", false, false],
      ["fe80::1", false, false],
      ["fd00::1", false, false],
      // IPv4-mapped and IPv4-translated
      ["::ffff:10.0.0.1", false, false],
      ["::ffff:127.0.0.1", false, true],
      ["0:0:0:0:0:ffff:7f00:1", false, true],
      ["::ffff:0:169.254.169.254", false, false],
      // IPv4-compatible (deprecated), as the URL parser writes [::127.0.0.1]
      ["::127.0.0.1", false, true],
      ["::7f00:1", false, true],
      ["::a00:1", false, false],
      ["::c0a8:101", false, false],
      ["::a9fe:a9fe", false, false],
      ["::5db8:d70e", true, true],
      // NAT64, well-known prefix and local-use prefix
      ["64:ff9b::127.0.0.1", false, true],
      ["64:ff9b::a00:1", false, false],
      ["64:ff9b::a9fe:a9fe", false, false],
      ["64:ff9b::5db8:d70e", true, true],
      ["64:ff9b:1::a00:1", false, false],
      // 6to4 carries its IPv4 right after 2002:
      ["2002:7f00:1::1", false, true],
      ["2002:a00:1::1", false, false],
      ["2002:c0a8:101::1", false, false],
      ["2002:a9fe:a9fe::", false, false],
      ["2002:5db8:d70e::1", true, true],
      // Teredo is refused whatever it carries
      ["2001:0:5db8:d70e::1", false, false],
      ["93.184.215.14", true, true],
      ["2606:4700::1111", true, true],
      ["not an address", false, false],
    ];
    for (const [address, allowed, allowedWithLoopback] of table) {
      expect({
        address,
        allowed: isAllowedAddress(address, strict),
        withLoopback: isAllowedAddress(address, loopbackAllowed),
      }).toEqual({ address, allowed, withLoopback: allowedWithLoopback });
    }
  });
});
