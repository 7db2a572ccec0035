// SIGTERM with a backlog of webhook deliveries at receivers that do not answer: the server exits
// promptly (a supervisor such as systemd kills it after 90 s), every delivery is still stored,
// and the next start sends them all.

import { Database } from "bun:sqlite";
import { afterEach, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { startServerProcess } from "../support/server-process";
import { makeTempDir, TestClient } from "../support/test-app";
import { waitFor } from "../support/wait-for";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A case system's receiver that holds every request unanswered until `answer()`. */
const startReceiver = () => {
  let answering = false;
  const held = { count: 0 };
  const answered = new Set<string>();
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    idleTimeout: 0,
    async fetch(request) {
      await request.text();
      if (!answering) {
        held.count++;
        // Longer than the server's receiver timeout: only the shutdown can end it sooner.
        await Bun.sleep(60_000);
      }
      answered.add(request.headers.get("keepsake-delivery") ?? "");
      return new Response("ok");
    },
  });
  cleanups.push(() => server.stop(true));
  return {
    url: `http://127.0.0.1:${server.port}`,
    held,
    answered,
    answer: () => {
      answering = true;
    },
  };
};

const start = async (dataDir: string) => {
  const server = await startServerProcess({ dataDir, env: { WEBHOOKS_ALLOW_LOOPBACK: "1" } });
  cleanups.push(() => server.kill9().catch(() => undefined));
  return server;
};

const deliveries = (dataDir: string) => {
  const db = new Database(join(dataDir, "keepsake.sqlite"), { readonly: true });
  try {
    return db.query("select id, status, attempts, next_attempt_at as due from webhook_deliveries").all() as {
      id: string;
      status: string;
      attempts: number;
      due: number;
    }[];
  } finally {
    db.close();
  }
};

test("SIGTERM with a webhook backlog exits within seconds; the deliveries are kept and sent after restart", async () => {
  const dataDir = makeTempDir("keepsake-shutdown-");
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const receiver = startReceiver();
  const first = await start(dataDir);
  const client = new TestClient(first.base);
  await client.signUp();
  for (let i = 0; i < 10; i++) {
    const res = await client.post("/api/integration/webhooks", { url: `${receiver.url}/hook-${i}` });
    expect(res.status).toBe(201);
  }
  const names = Array.from({ length: 20 }, (_, i) => ({ fullName: `Waiting Person ${i}` }));
  expect((await client.post("/api/programs/batch", names)).status).toBe(201);
  await waitFor(() => receiver.held.count > 0, "deliveries under way at the receiver");

  const stopping = Date.now();
  first.proc.kill("SIGTERM");
  const exitCode = await first.proc.exited;
  const tookMs = Date.now() - stopping;
  expect(exitCode).toBe(0);
  // Well within systemd's 90 s and the 20 s we promise; it used to wait for every receiver.
  expect(tookMs).toBeLessThan(5_000);

  const kept = deliveries(dataDir);
  expect(kept).toHaveLength(200);
  // An interrupted post is no attempt: each is pending and due now, not after a claim runs out.
  expect(kept.filter((d) => d.status !== "pending" || d.attempts !== 0)).toEqual([]);
  expect(kept.filter((d) => d.due > Date.now())).toEqual([]);

  receiver.answer();
  await start(dataDir);
  await waitFor(
    () => deliveries(dataDir).every((d) => d.status === "delivered"),
    "every kept delivery sent after the restart",
    20_000,
  );
  expect(kept.every((d) => receiver.answered.has(d.id))).toBe(true);
}, 60_000);
