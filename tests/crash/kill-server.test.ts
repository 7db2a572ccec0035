// kill -9 of the server in the middle of saves, a photo upload and a 50-program batch, then a
// restart on the same data: the database is intact, every save answered 2xx is there, an
// interrupted upload leaves no file or row behind, and the batch runs again with every PDF once.

import { Database } from "bun:sqlite";
import { afterEach, expect, test } from "bun:test";
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { sampleProgram } from "../../src/shared/sample-program";
import { type ServerProcess, startServerProcess } from "../support/server-process";
import { makeTempDir, TestClient } from "../support/test-app";
import { detailedJpeg, photoForm } from "../support/test-images";
import { waitFor } from "../support/wait-for";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const start = async (dataDir: string) => {
  const server = await startServerProcess({ dataDir });
  cleanups.push(() => server.stop().catch(() => undefined));
  return server;
};

const freshDataDir = () => {
  const dir = makeTempDir("keepsake-crash-");
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const integrity = (dataDir: string) => {
  const db = new Database(join(dataDir, "keepsake.sqlite"));
  try {
    return (db.query("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check;
  } finally {
    db.close();
  }
};

const photoFiles = (dataDir: string) => {
  try {
    return readdirSync(join(dataDir, "photos"), { recursive: true })
      .map(String)
      .filter((f) => f.includes("/"))
      .sort();
  } catch {
    return [];
  }
};

/** A client bound to a server that a restart moves to a new port. */
const clientOn = (server: ServerProcess, cookie = "") => {
  const client = new TestClient(server.base);
  client.cookie = cookie;
  return client;
};

test("kill -9 during a stream of saves: integrity ok and every 2xx save is there after restart", async () => {
  const dataDir = freshDataDir();
  const server = await start(dataDir);
  const client = clientOn(server);
  await client.signUp();
  const acknowledged = new Map<string, { fullName: string; version: number }>();
  let stop = false;
  const saver = async (worker: number) => {
    let id: string | undefined;
    let version = 0;
    for (let n = 0; !stop; n++) {
      const fullName = `Worker ${worker} save ${n}`;
      const res = await (id
        ? client.put(`/api/programs/${id}`, { ...sampleProgram(), fullName, version })
        : client.post("/api/programs", { ...sampleProgram(), fullName })
      ).catch(() => undefined);
      if (!res) return; // the server died under this request: its answer never came
      if (res.status >= 300) throw new Error(`save answered ${res.status}: ${res.text}`);
      id = res.json.id as string;
      version = res.json.version;
      acknowledged.set(id, { fullName, version });
    }
  };
  const workers = Array.from({ length: 8 }, (_, i) => saver(i));
  // Every saver has a program and keeps saving it: the kill lands in the middle of saves.
  await waitFor(() => acknowledged.size === 8, "a first answered save from each of the 8 savers");
  await server.kill9();
  stop = true;
  await Promise.all(workers);

  expect(integrity(dataDir)).toBe("ok");
  const restarted = await start(dataDir);
  const after = clientOn(restarted, client.cookie);
  for (const [id, saved] of acknowledged) {
    const stored = (await after.get(`/api/programs/${id}`)).json;
    // The last save may have been applied without its answer arriving: never older than acknowledged.
    expect(stored.version).toBeGreaterThanOrEqual(saved.version);
    if (stored.version === saved.version) expect(stored.fullName).toBe(saved.fullName);
  }
}, 60_000);

test("kill -9 during a photo upload leaves no orphan file or row after restart", async () => {
  const dataDir = freshDataDir();
  const server = await start(dataDir);
  const client = clientOn(server);
  await client.signUp();
  const kept = await client.post("/api/photos", photoForm(await detailedJpeg(800, 600), "kept.jpg"));
  expect(kept.status).toBe(201);
  const keptFiles = photoFiles(dataDir);
  expect(keptFiles).toHaveLength(2);

  // A large photo takes a while to process and store; the server dies part-way.
  const big = await detailedJpeg(5000, 4000);
  const uploads = Array.from({ length: 3 }, () =>
    client.post("/api/photos", photoForm(big, "big.jpg")).catch(() => undefined),
  );
  // Killed once the first of them is being stored: the others are still being processed.
  await waitFor(() => photoFiles(dataDir).length > keptFiles.length, "a big upload being stored", 60_000);
  await server.kill9();
  const answeredIds = (await Promise.all(uploads)).filter((r) => r?.status === 201).map((r) => r?.json.id);

  expect(integrity(dataDir)).toBe("ok");
  const restarted = await start(dataDir);
  const db = new Database(join(dataDir, "keepsake.sqlite"), { readonly: true });
  cleanups.push(() => db.close());
  const rows = db.query("select id, content_hash, screen_hash from photos").all() as {
    id: string;
    content_hash: string;
    screen_hash: string;
  }[];
  // Every row has both its files, and every file belongs to a row: nothing half-done survives.
  const files = photoFiles(dataDir).map((f) => f.split("/").pop());
  const named = new Set(rows.flatMap((r) => [r.content_hash, r.screen_hash]));
  expect(new Set(files)).toEqual(named);
  expect(files.some((f) => f?.endsWith(".partial"))).toBe(false);
  // Every answered upload is kept; one stored just before the kill may have lost only its answer.
  expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([kept.json.id, ...answeredIds]));
  expect(rows.length).toBeLessThanOrEqual(1 + uploads.length);
  const after = clientOn(restarted, client.cookie);
  expect((await after.get(`/api/photos/${kept.json.id}`)).status).toBe(200);
}, 90_000);

test("kill -9 during a 50-program batch: the batch is all or nothing, and runs again with every PDF once", async () => {
  const dataDir = freshDataDir();
  const server = await start(dataDir);
  const client = clientOn(server);
  await client.signUp();
  const batch = Array.from({ length: 50 }, (_, i) => ({
    ...sampleProgram(),
    fullName: `Service ${String(i + 1).padStart(2, "0")}`,
    additionalPhotos: [],
    mainPhotoUrl: "",
  }));
  // Killed while the batch is being written: afterwards it is either all there or not at all.
  const interrupted = client.post("/api/programs/batch", batch).catch(() => undefined);
  await Bun.sleep(5);
  await server.kill9();
  await interrupted;
  expect(integrity(dataDir)).toBe("ok");
  let running = await start(dataDir);
  let again = clientOn(running, client.cookie);
  const count = (await again.get("/api/programs")).json.length;
  expect([0, 50]).toContain(count);

  const created = await again.post("/api/programs/batch", batch);
  expect(created.status).toBe(201);
  const ids = (created.json as { id: string }[]).map((p) => p.id);
  expect(ids).toHaveLength(50);

  // Killed part-way through printing the 50 PDFs: the streamed ZIP never completes (the client sees
  // it cut off, never a whole-looking archive); printing again gives all 50.
  const download = await fetch(`${running.base}/api/programs/batch/pdf?variant=pages&ids=${ids.join(",")}`, {
    headers: { cookie: again.cookie },
  });
  expect(download.status).toBe(200);
  // The first bytes of the archive are in: the kill lands while most PDFs are still to print.
  const reader = (download.body as ReadableStream<Uint8Array>).getReader();
  const received = [(await reader.read()).value ?? new Uint8Array()];
  await running.kill9();
  const outcome = await (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return Object.keys(unzipSync(Buffer.concat(received))).length;
      received.push(value);
    }
  })().catch(() => "cut off" as const);
  expect(outcome).toBe("cut off");
  expect(integrity(dataDir)).toBe("ok");

  running = await start(dataDir);
  again = clientOn(running, client.cookie);
  const zip = await fetch(`${running.base}/api/programs/batch/pdf?variant=pages&ids=${ids.join(",")}`, {
    headers: { cookie: again.cookie },
  });
  expect(zip.status).toBe(200);
  const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
  const names = Object.keys(files);
  expect(names).toHaveLength(50);
  expect(new Set(names).size).toBe(50);
  for (const bytes of Object.values(files)) expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  for (let i = 1; i <= 50; i++) {
    expect(names.filter((n) => n.startsWith(`service-${String(i).padStart(2, "0")}`))).toHaveLength(1);
  }
}, 300_000);
