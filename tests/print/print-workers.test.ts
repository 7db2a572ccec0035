// Print workers on the PostgreSQL job queue: `memorial worker` processes take program PDFs from a
// real throwaway PostgreSQL cluster, print them with real Chromium and keep them in the data
// folder; a worker killed with SIGKILL mid-job loses nothing, another one prints its PDF.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import { closeDatabase, openAppDatabase, write } from "../../db/client";
import { photos, users } from "../../db/schema-pg";
import { ChromiumPrinter } from "../../src/print/chromium-printer";
import { createLocalFileStore } from "../../src/server/photos/file-store";
import { createPhotoLoader } from "../../src/server/photos/service";
import { createLocalPhotoStorage } from "../../src/server/photos/storage";
import { PrintQueue, type PrintTaskInput, printedPdfKey } from "../../src/server/print/print-queue";
import { startPrintWorker } from "../../src/server/print/print-worker";
import { runCli } from "../cli/run-cli";
import { startPostgres } from "../support/postgres";
import { makeTempDir } from "../support/test-app";
import { pngImage } from "../support/test-images";
import { waitFor } from "../support/wait-for";
import { openTestQueue, printTask, startWorker, type WorkerProcess } from "./support/workers";

let pg: ReturnType<typeof startPostgres>;
const cleanups: (() => Promise<void> | void)[] = [];
beforeAll(() => {
  pg = startPostgres();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  pg.stop();
});

let databases = 0;
/** A fresh database, a data folder, the web side's queue on it, and a way to start workers. */
const setUp = async () => {
  const url = await pg.createDatabase(`workers_${++databases}`);
  const dataDir = makeTempDir();
  const queue = await openTestQueue(url);
  const workers: WorkerProcess[] = [];
  cleanups.push(async () => {
    for (const worker of workers) worker.kill("SIGKILL");
    await queue.close({ graceful: false });
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    queue,
    dataDir,
    databaseUrl: url,
    files: createLocalFileStore(dataDir),
    printed: () => readdirSync(join(dataDir, "prints")).sort(),
    startWorker: async () => {
      const worker = await startWorker({ DATABASE_URL: url, MEMORIAL_DATA_DIR: dataDir });
      workers.push(worker);
      return worker;
    },
  };
};

const OWNER = "owner-1";
const task = (fullName: string, overrides: Partial<PrintTaskInput> = {}) =>
  printTask(OWNER, fullName, overrides);

const pageCount = async (bytes: Uint8Array | undefined) => {
  expect(bytes).toBeDefined();
  return (await PDFDocument.load(bytes as Uint8Array)).getPageCount();
};

test("`memorial worker` says what it does, prints a queued program into the file store and stops on SIGTERM", async () => {
  const { queue, files, startWorker } = await setUp();
  const worker = await startWorker();
  expect(worker.firstLine).toMatch(
    /^Keepsake print worker: printing PDFs from PostgreSQL workers_\d+ on 127\.0\.0\.1:\d+, 2 at a time, into \/.+\.$/,
  );
  const id = await queue.enqueue([task("Eleanor Whitfield", { bundle: "pdf", bundleName: "Eleanor.pdf" })]);
  const view = await queue.waitFor(OWNER, id, 60_000);
  expect(view).toMatchObject({ state: "done", done: 1, total: 1, bundle: "pdf" });
  expect(await pageCount(await files.get(printedPdfKey(id)))).toBeGreaterThan(0);

  worker.kill("SIGTERM");
  expect(await worker.exited).toBe(0);
}, 90_000);

test("another owner's print job and an unknown id are not found", async () => {
  const { queue } = await setUp();
  const id = await queue.enqueue([task("Eleanor Whitfield")]);
  expect(await queue.find("someone-else", id)).toBeUndefined();
  expect(await queue.find(OWNER, crypto.randomUUID())).toBeUndefined();
  expect(await queue.find(OWNER, id)).toMatchObject({ state: "queued", done: 0, total: 1 });
});

test("a worker killed with SIGKILL mid-job: its PDF is printed by another worker, once", async () => {
  const { queue, files, printed, startWorker } = await setUp();
  const doomed = await startWorker();
  const id = await queue.enqueue([task("Eleanor Whitfield")]);
  await waitFor(async () => (await queue.find(OWNER, id))?.state === "printing", "the job printing", 30_000);
  doomed.kill("SIGKILL");
  await doomed.exited;

  await startWorker();
  // The dead worker's heartbeat (10 s) lapses, the queue's supervisor retries the job.
  const view = await queue.waitFor(OWNER, id, 60_000);
  expect(view).toMatchObject({ state: "done", done: 1 });
  expect(await pageCount(await files.get(printedPdfKey(id)))).toBeGreaterThan(0);
  expect(printed()).toEqual([`${id}.pdf`]);
}, 120_000);

test("two workers print a batch of 8: every PDF present once, in the job's order", async () => {
  const { queue, files, printed, startWorker } = await setUp();
  await Promise.all([startWorker(), startWorker()]);
  const names = Array.from({ length: 8 }, (_, i) => `Person Number${i + 1}`);
  const id = await queue.enqueue(names.map((name) => task(name)));
  const view = await queue.waitFor(OWNER, id, 120_000);
  expect(view).toMatchObject({ state: "done", done: 8, total: 8 });
  const tasks = view?.tasks ?? [];
  expect(tasks.map((t) => t.fileName)).toEqual(names.map((name) => `${name}.pdf`));
  expect(printed()).toEqual(tasks.map((t) => `${t.id}.pdf`).sort());
  for (const { id: taskId } of tasks) {
    expect(await pageCount(await files.get(printedPdfKey(taskId)))).toBeGreaterThan(0);
  }
}, 180_000);

test("a worker prints the owner's photos from the photo storage", async () => {
  const { queue, files, startWorker, dataDir, databaseUrl } = await setUp();
  const db = await openAppDatabase({ dataDir, databaseUrl });
  cleanups.push(() => closeDatabase(db));
  const ownerId = crypto.randomUUID();
  const now = new Date();
  await write(db, (tx) =>
    tx.insert(users).values({
      id: ownerId,
      email: `${ownerId}@example.com`,
      firstName: "Margaret",
      lastName: "Ellison",
      passwordHash: "not used here",
      trialStartedAt: now,
      createdAt: now,
      updatedAt: now,
    }),
  );
  // The photo as an upload leaves it: its file in the photo storage, its row naming the owner.
  const png = await pngImage(1200, 1500);
  const hash = new Bun.CryptoHasher("sha256").update(png).digest("hex");
  await createLocalPhotoStorage(dataDir).put(hash, png);
  const photoId = crypto.randomUUID();
  await write(db, (tx) =>
    tx.insert(photos).values({
      id: photoId,
      ownerId,
      contentHash: hash,
      screenHash: hash,
      sourceHash: hash,
      width: 1200,
      height: 1500,
      mime: "image/png",
      createdAt: now,
    }),
  );
  const program = { ...task("Margaret Ellison").program, mainPhotoUrl: `/api/photos/${photoId}` };
  await startWorker();
  const id = await queue.enqueue([{ ...task("unused"), ownerId, program }]);
  expect((await queue.waitFor(ownerId, id, 60_000))?.state).toBe("done");
  const file = join(dataDir, "printed.pdf");
  await Bun.write(file, (await files.get(printedPdfKey(id))) as Uint8Array);
  const images = Bun.spawnSync(["pdfimages", "-list", file]).stdout.toString();
  // Two header lines, then one line per image drawn: the cover photo (and its overlay) printed.
  expect(images.trim().split("\n").length).toBeGreaterThan(2);
}, 90_000);

test("a PDF that cannot be kept fails after its retries, and its print job says so", async () => {
  const { queue, startWorker, dataDir } = await setUp();
  // A file where the prints folder should be: every attempt to keep the PDF fails.
  writeFileSync(join(dataDir, "prints"), "not a folder");
  await startWorker();
  const id = await queue.enqueue([task("Eleanor Whitfield")]);
  const view = await queue.waitFor(OWNER, id, 60_000);
  expect(view).toMatchObject({ state: "failed", done: 0, total: 1 });
}, 90_000);

test("a print job seen failed stops its other PDFs, so the owner may ask again at once", async () => {
  const { queue, startWorker, dataDir } = await setUp();
  writeFileSync(join(dataDir, "prints"), "not a folder");
  await startWorker();
  const id = await queue.enqueue(
    ["Ada", "Bea", "Cy", "Dot", "Eve", "Fay"].map((name) => task(`${name} Lane`)),
  );
  const view = await queue.waitFor(OWNER, id, 60_000);
  expect(view?.state).toBe("failed");
  // Its other PDFs were still waiting or retrying; none of them counts against the owner now.
  expect(await queue.unfinished(OWNER, ["zip"])).toBe(0);
}, 90_000);

test("a kept PDF is removed from the file store once its print job is no longer kept", async () => {
  const url = await pg.createDatabase(`workers_${++databases}`);
  const dataDir = makeTempDir();
  const db = await openAppDatabase({ dataDir, databaseUrl: url });
  const queue = await PrintQueue.open(url, { role: "worker", timings: { keepSeconds: 2 } });
  const printer = new ChromiumPrinter({ concurrency: 1 });
  cleanups.push(async () => {
    await queue.close({ graceful: false });
    await printer.close();
    await closeDatabase(db);
    rmSync(dataDir, { recursive: true, force: true });
  });
  const files = createLocalFileStore(dataDir);
  const storage = createLocalPhotoStorage(dataDir);
  await startPrintWorker({
    queue,
    printer,
    files,
    photoLoaderFor: (ownerId) => createPhotoLoader({ db, storage }, ownerId),
    concurrency: 1,
  });
  const id = await queue.enqueue([task("Eleanor Whitfield")]);
  expect((await queue.waitFor(OWNER, id, 30_000))?.state).toBe("done");
  expect(await files.get(printedPdfKey(id))).toBeDefined();
  await waitFor(async () => !(await files.get(printedPdfKey(id))), "the kept PDF removed", 20_000);
}, 60_000);

test("a database nobody answers stops `memorial worker` in one line naming it, not its password", async () => {
  const { exitCode, stderr } = await runCli(["worker"], {
    env: { DATABASE_URL: "postgres://keepsake:secret-password@127.0.0.1:1/keepsake" },
  });
  expect(exitCode).toBe(69);
  expect(stderr).toStartWith("memorial: cannot take print jobs from PostgreSQL keepsake on 127.0.0.1:1: ");
  expect(stderr.trim().split("\n")).toHaveLength(1);
  expect(stderr).not.toContain("secret-password");
});

test("without DATABASE_URL `memorial worker` stops at once, naming the variable", async () => {
  const { exitCode, stderr } = await runCli(["worker"], { env: { DATABASE_URL: "" } });
  expect(exitCode).not.toBe(0);
  expect(stderr).toContain("DATABASE_URL: print workers take their jobs from PostgreSQL");
});
