// The batch download on a server with print workers: the page follows the print job, saying how
// far it is (a status line and a progress bar), and saves the ZIP once a worker has printed it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { createLocalFileStore } from "../../src/server/photos/file-store";
import type { PrintQueue } from "../../src/server/print/print-queue";
import { openTestQueue, startWorker, type WorkerProcess } from "../print/support/workers";
import { setupE2eApp } from "../support/browser";
import { startPostgres } from "../support/postgres";
import { makeTempDir } from "../support/test-app";
import { checkScreen, toastWith } from "./helpers";

let pg: ReturnType<typeof startPostgres>;
let databaseUrl: string;
let queue: PrintQueue;
let worker: WorkerProcess | undefined;
// The workers' file store: the data folder they and the server share.
const printsDir = makeTempDir();

beforeAll(async () => {
  pg = startPostgres();
  databaseUrl = await pg.createDatabase("batch_workers");
  queue = await openTestQueue(databaseUrl);
});
const e2e = setupE2eApp({
  printQueue: async () => ({ queue, files: createLocalFileStore(printsDir), waitMs: 300 }),
});
afterAll(async () => {
  worker?.kill("SIGKILL");
  await queue.close({ graceful: false });
  pg.stop();
  rmSync(printsDir, { recursive: true, force: true });
});

test("the ZIP download shows the print job's progress, then saves the file a worker printed", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await page.goto("/batch-generator");
  await page.getByRole("button", { name: "Add First Service" }).click();
  await page
    .getByRole("group", { name: /^Service #1\b/ })
    .getByLabel("Full Name")
    .fill("Eleanor Whitfield");
  await page.getByRole("button", { name: "Add Service" }).click();
  await page
    .getByRole("group", { name: /^Service #2\b/ })
    .getByLabel("Full Name")
    .fill("Harold Jenkins");
  await page.getByRole("tab", { name: "Generate Programs" }).click();
  await page.getByRole("button", { name: "Generate All Programs" }).click();
  await page.getByRole("heading", { name: "Generated Programs (2)" }).waitFor();

  // No worker runs yet: the job waits in the queue, and the page says so.
  await page.getByRole("link", { name: "Download all PDFs (ZIP)" }).click();
  await page.getByRole("status").filter({ hasText: "Waiting for the printer (2 programs)…" }).waitFor();
  const bar = page.getByRole("progressbar", { name: "PDFs printed" });
  expect(await bar.getAttribute("max")).toBe("2");
  expect(await bar.getAttribute("value")).toBe("0");
  await checkScreen(page, "batch-workers-waiting");

  const saved = page.waitForEvent("download", { timeout: 60_000 });
  worker = await startWorker({ DATABASE_URL: databaseUrl, MEMORIAL_DATA_DIR: printsDir });
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/^memorial-programs-\d{4}-\d{2}-\d{2}\.zip$/);
  await toastWith(page, "PDFs ready").waitFor();
  expect(await bar.count()).toBe(0);
}, 120_000);
