// The batch download on a server with print workers: the page follows the print job, saying how
// far it is (a status line and a progress bar), and saves the ZIP once a worker has printed it;
// a print job that fails says so, and switching tabs while it is followed keeps the progress.
import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
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
const workers: WorkerProcess[] = [];
// The workers' file store: the data folder they and the server share.
const printsDir = makeTempDir();

beforeAll(async () => {
  pg = startPostgres();
  databaseUrl = await pg.createDatabase("batch_workers");
  queue = await openTestQueue(databaseUrl);
});
// As deployed: the web app's tables in the same PostgreSQL database the workers read (the
// programs and photos they print), not in a SQLite file of its own.
const e2e = setupE2eApp({
  env: () => ({ DATABASE_URL: databaseUrl }),
  printQueue: async () => ({ queue, files: createLocalFileStore(printsDir), waitMs: 300 }),
});
afterAll(async () => {
  for (const worker of workers) worker.kill("SIGKILL");
  await queue.close({ graceful: false });
  pg.stop();
  rmSync(printsDir, { recursive: true, force: true });
});

const startWorkerOn = async (dataDir: string) => {
  const worker = await startWorker({ DATABASE_URL: databaseUrl, MEMORIAL_DATA_DIR: dataDir });
  workers.push(worker);
  return worker;
};

/** Stops every running worker, so the next batch stays queued until the test starts one. */
const stopWorkers = async () => {
  for (const worker of workers.splice(0)) {
    worker.kill("SIGKILL");
    await worker.exited;
  }
};
// After every test, passed or failed: a worker left running would print the next test's batch.
afterEach(stopWorkers);

/** A signed-in page on the Generate tab with two programs generated from two services. */
const generateTwo = async () => {
  const { page, account } = await e2e.newPage({ signedIn: true });
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
  return { page, userId: account?.user.id as string };
};

const zipLink = (page: Page) => page.getByRole("link", { name: "Download all PDFs (ZIP)" });
const combinedLink = (page: Page) => page.getByRole("link", { name: "One combined PDF" });
const waitingStatus = (page: Page) =>
  page.getByRole("status").filter({ hasText: "Waiting for the printer (2 programs)…" });

test("the ZIP download shows the print job's progress, then saves the file a worker printed", async () => {
  const { page } = await generateTwo();

  // No worker runs yet: the job waits in the queue, and the page says so.
  await zipLink(page).click();
  await waitingStatus(page).waitFor();
  const bar = page.getByRole("progressbar", { name: "PDFs printed" });
  expect(await bar.getAttribute("max")).toBe("2");
  expect(await bar.getAttribute("value")).toBe("0");
  await checkScreen(page, "batch-workers-waiting");

  const saved = page.waitForEvent("download", { timeout: 60_000 });
  await startWorkerOn(printsDir);
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/^memorial-programs-\d{4}-\d{2}-\d{2}\.zip$/);
  await toastWith(page, "PDFs ready").waitFor();
  expect(await bar.count()).toBe(0);
}, 120_000);

test("switching tabs while the batch is followed keeps its progress, and the download still completes", async () => {
  const { page } = await generateTwo();
  await zipLink(page).click();
  await waitingStatus(page).waitFor();

  // The Generate tab's content is unmounted while another tab shows, so the progress must be kept
  // by the page: were it kept by the tab's panel, it would be gone on the way back and the job
  // no longer followed.
  await page.getByRole("tab", { name: "Setup Services" }).click();
  await page.getByRole("group", { name: /^Service #1\b/ }).waitFor();
  expect(await page.getByRole("progressbar", { name: "PDFs printed" }).count()).toBe(0);
  await page.getByRole("tab", { name: "Generate Programs" }).click();
  await waitingStatus(page).waitFor();
  expect(await page.getByRole("progressbar", { name: "PDFs printed" }).getAttribute("max")).toBe("2");
  // Still followed, so the links still refuse a second batch.
  expect(await zipLink(page).getAttribute("aria-disabled")).toBe("true");
  expect(await combinedLink(page).getAttribute("aria-disabled")).toBe("true");

  const saved = page.waitForEvent("download", { timeout: 60_000 });
  await startWorkerOn(printsDir);
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/^memorial-programs-\d{4}-\d{2}-\d{2}\.zip$/);
  await toastWith(page, "PDFs ready").waitFor();
  expect(await page.getByRole("progressbar", { name: "PDFs printed" }).count()).toBe(0);
}, 120_000);

test("a print job that fails every attempt says the download failed, and the links work again", async () => {
  // A file where the worker's prints folder should be: no attempt can keep its PDF.
  const brokenDir = makeTempDir();
  writeFileSync(join(brokenDir, "prints"), "not a folder");
  await startWorkerOn(brokenDir);
  try {
    const { page } = await generateTwo();
    await zipLink(page).click();
    expect(await zipLink(page).getAttribute("aria-disabled")).toBe("true");

    // The queue retries the job (1, 2, 4 seconds apart) before it is failed for good.
    await toastWith(page, "Download failed").waitFor({ timeout: 60_000 });
    expect(await toastWith(page, "The PDFs could not be made. Please try again.").count()).toBe(1);
    expect(await page.getByRole("progressbar", { name: "PDFs printed" }).count()).toBe(0);
    expect(await zipLink(page).getAttribute("aria-disabled")).toBe("false");
    expect(await combinedLink(page).getAttribute("aria-disabled")).toBe("false");
    await checkScreen(page, "batch-workers-failed");

    // Usable again at once: the failed job's other PDF, which may still have been retrying, was
    // stopped when the job was seen failed, so the one-batch-at-a-time cap takes a new batch, which
    // is followed as the first one was.
    await combinedLink(page).click();
    await page
      .getByRole("status")
      .filter({ hasText: /Waiting for the printer|Printing \d of 2/ })
      .waitFor();
    expect(await combinedLink(page).getAttribute("aria-disabled")).toBe("true");
  } finally {
    await stopWorkers();
    rmSync(brokenDir, { recursive: true, force: true });
  }
}, 120_000);
