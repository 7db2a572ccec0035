// PDFs through print workers: a server on a throwaway PostgreSQL cluster queues its PDFs, and
// `memorial worker` processes (real Chromium) print them into the shared data folder. The routes
// keep the in-process answers' rules (owner only, per-user caps) and add the print-job status.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { PDFDocument } from "pdf-lib";
import { createLocalFileStore } from "../../src/server/photos/file-store";
import type { PrintQueue } from "../../src/server/print/print-queue";
import { startPostgres } from "../support/postgres";
import { makeTempDir, startTestApp, type TestApp, type TestClient } from "../support/test-app";
import { fetchAs, followPrintJob, openTestQueue, startWorker, type WorkerProcess } from "./support/workers";

let pg: ReturnType<typeof startPostgres>;
let app: TestApp;
let queue: PrintQueue;
let databaseUrl: string;
let owner: TestClient;
let stranger: TestClient;
let ids: string[] = [];
/** The batch sent before any worker ran, followed once they do. */
let firstBatch = "";
/** The single PDF asked for before any worker ran. */
let firstPdf = "";
const userIdOf = async (client: TestClient) => (await client.get("/api/auth/user")).json.id as string;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  pg = startPostgres();
  databaseUrl = await pg.createDatabase("print_jobs");
  const dataDir = makeTempDir();
  queue = await openTestQueue(databaseUrl);
  // As deployed: the app's tables and the queue in one PostgreSQL database.
  app = await startTestApp({
    dataDir,
    env: { DATABASE_URL: databaseUrl },
    // Short, so a request with no worker running answers 202 at once.
    printQueue: { queue, files: createLocalFileStore(dataDir), waitMs: 300 },
  });
  owner = app.client();
  await owner.signUp();
  stranger = app.client();
  await stranger.signUp();
  const created = await owner.post("/api/programs/batch", [
    { fullName: "Eleanor Whitfield", serviceDate: "2025-03-14T11:00" },
    { fullName: "José Núñez", serviceDate: "2025-03-16T14:00" },
    { fullName: "Eleanor Whitfield", serviceDate: "2025-03-14T15:00" },
  ]);
  ids = created.json.map((p: { id: string }) => p.id);
}, 60_000);

afterAll(async () => {
  for (const worker of workers) worker.kill("SIGKILL");
  await app.stop();
  await queue.close({ graceful: false });
  pg.stop();
});

const printed = () => readdirSync(join(app.dataDir, "prints")).sort();
const pageCount = async (pdf: Uint8Array) => (await PDFDocument.load(pdf)).getPageCount();

describe("before any worker runs", () => {
  test("a PDF answers 202 naming its print job, which is queued", async () => {
    const response = await owner.get(`/api/programs/${ids[0]}/pdf`);
    expect(response.status).toBe(202);
    expect(response.headers.get("retry-after")).toBe("3");
    expect(response.json.status).toBe("preparing");
    firstPdf = response.json.statusUrl;
    expect(response.json.statusUrl).toMatch(/^\/api\/print-jobs\/[0-9a-f-]{36}$/);
    const status = await owner.get(response.json.statusUrl);
    expect(status.json).toEqual({ state: "queued", done: 0, total: 1 });
    // Asking again finds the same job instead of queueing another.
    expect((await owner.get(`/api/programs/${ids[0]}/pdf`)).json.statusUrl).toBe(response.json.statusUrl);
  });

  test("a batch answers 202 with its job, status address and size; its download is refused until done", async () => {
    const response = await owner.get(`/api/programs/batch/pdf?ids=${ids.join(",")}`);
    expect(response.status).toBe(202);
    expect(response.json).toEqual({
      jobId: expect.any(String),
      statusUrl: `/api/print-jobs/${response.json.jobId}`,
      total: 3,
    });
    firstBatch = response.json.statusUrl;
    const download = await owner.get(`${response.json.statusUrl}/download`);
    expect(download.status).toBe(409);
    expect(download.json.message).toBe("The PDFs are still being made. Please wait until they are ready.");

    // One batch per user at a time, counted in the queue: the second is refused and queues nothing.
    const second = await owner.get(`/api/programs/batch/pdf?ids=${ids[0]}`);
    expect(second.status).toBe(429);
    expect(second.json.message).toBe(
      "Your other batch download is still being made. Please wait for it to finish, then try again.",
    );
    expect(await queue.unfinished(await userIdOf(owner), ["zip", "combined"])).toBe(1);
  });

  test("a batch naming another user's program is a 404 and queues nothing", async () => {
    const response = await stranger.get(`/api/programs/batch/pdf?ids=${ids[0]}`);
    expect(response.status).toBe(404);
    expect(await queue.unfinished(await userIdOf(stranger), ["zip", "combined"])).toBe(0);
  });

  test("ten batches asked for at once: one is queued, the other nine are refused", async () => {
    const rushed = app.client();
    await rushed.signUp();
    const { json } = await rushed.post("/api/programs", { fullName: "Ruth Okafor" });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => rushed.get(`/api/programs/batch/pdf?ids=${json.id}`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, ...Array(9).fill(429)]);
    expect(await queue.unfinished(await userIdOf(rushed), ["zip", "combined"])).toBe(1);
  });

  test("another user's print job is a 404, a malformed id a 400 naming the field", async () => {
    const { json } = await owner.get(`/api/programs/${ids[1]}/pdf`);
    for (const path of [json.statusUrl, `${json.statusUrl}/download`]) {
      const response = await stranger.get(path);
      expect(response.status).toBe(404);
      expect(response.json.message).toBe("No such print job");
    }
    expect((await owner.get(`/api/print-jobs/${crypto.randomUUID()}`)).status).toBe(404);
    const malformed = await owner.get("/api/print-jobs/not-a-job");
    expect(malformed.status).toBe(400);
    expect(malformed.json.fields).toEqual([{ path: "id", message: "id must be a print job id" }]);
  });
});

describe("with two workers", () => {
  beforeAll(async () => {
    const env = { DATABASE_URL: databaseUrl, MEMORIAL_DATA_DIR: app.dataDir };
    workers.push(...(await Promise.all([startWorker(env), startWorker(env)])));
  }, 60_000);

  test("the queued PDF is printed once and downloaded from the same address", async () => {
    expect(await followPrintJob(owner, firstPdf, 50_000)).toEqual({
      state: "done",
      done: 1,
      total: 1,
      downloadUrl: `${firstPdf}/download`,
    });
    const response = await fetchAs(owner, `/api/programs/${ids[0]}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain("Eleanor-Whitfield-program.pdf");
    const pdf = new Uint8Array(await response.arrayBuffer());
    expect(await pageCount(pdf)).toBe(8);
    // The print job's own download is the same file, kept once under the job's id.
    const download = await fetchAs(owner, `${firstPdf}/download`);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);
    expect(printed()).toContain(`${firstPdf.split("/").at(-1)}.pdf`);
  }, 60_000);

  test("the batch is followed to done and downloads as a ZIP with one PDF per program", async () => {
    const done = await followPrintJob(owner, firstBatch, 80_000);
    expect(done).toEqual({ state: "done", done: 3, total: 3, downloadUrl: `${firstBatch}/download` });
    const response = await fetchAs(owner, done.downloadUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      "eleanor-whitfield-2025-03-14-2.pdf",
      "eleanor-whitfield-2025-03-14.pdf",
      "jose-nunez-2025-03-16.pdf",
    ]);
    for (const pdf of Object.values(files)) expect(await pageCount(pdf)).toBe(8);
  }, 90_000);

  test("combine=1 downloads one PDF with every program's pages", async () => {
    const queued = await owner.get(`/api/programs/batch/pdf?ids=${ids.slice(0, 2).join(",")}&combine=1`);
    expect(queued.status).toBe(202);
    const done = await followPrintJob(owner, queued.json.statusUrl, 80_000);
    const response = await fetchAs(owner, done.downloadUrl);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(/memorial-programs-.*\.pdf/);
    expect(await pageCount(new Uint8Array(await response.arrayBuffer()))).toBe(16);
  }, 90_000);

  test("a download whose kept PDFs were already removed says it expired, instead of a cut-off file", async () => {
    const done = await followPrintJob(owner, firstBatch, 80_000);
    // As the day's removal does: the PDFs go, the queue still lists the job as done.
    for (const file of printed()) rmSync(join(app.dataDir, "prints", file));
    const response = await owner.get(done.downloadUrl);
    expect(response.status).toBe(404);
    expect(response.json.message).toBe("This download has expired. Please make the PDFs again.");
  }, 90_000);
});
