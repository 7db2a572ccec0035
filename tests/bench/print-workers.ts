// Print workers on the PostgreSQL job queue, measured in one run on a throwaway cluster: a batch of
// 20 PDFs with one `memorial worker` and with two (each printing 2 at a time, the default), the same
// batch in this process's own print pool as a server without workers prints it, and one PDF at a
// time through the queue against the in-process pool (the queue's overhead per job).
// Run: bun tests/bench/print-workers.ts

import { rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { ChromiumPrinter } from "../../src/print/chromium-printer";
import { renderProgramPdf } from "../../src/print/render-program-pdf";
import type { PrintQueue } from "../../src/server/print/print-queue";
import {
  openTestQueue,
  printableProgram,
  printTask,
  startWorker,
  type WorkerProcess,
} from "../print/support/workers";
import { time } from "../support/measure";
import { startPostgres } from "../support/postgres";
import { makeTempDir } from "../support/test-app";

const BATCH = 20;
const SINGLES = 10;
const OWNER = "bench-owner";

const task = (n: number) => printTask(OWNER, `Person Number${n}`, { bundleName: "bench.zip" });

/** Sends `count` tasks as one print job and waits until every PDF is made. */
const queuedBatch = async (queue: PrintQueue, count: number) => {
  const id = await queue.enqueue(Array.from({ length: count }, (_, i) => task(i + 1)));
  const view = await queue.waitFor(OWNER, id, 600_000, 20);
  if (view?.state !== "done") throw new Error(`the batch ended ${view?.state}`);
};

const pg = startPostgres();
const dataDir = makeTempDir("keepsake-bench-workers-");
const workers: WorkerProcess[] = [];
const printer = new ChromiumPrinter({ concurrency: 2 });
let queue: PrintQueue | undefined;
try {
  const databaseUrl = await pg.createDatabase("bench_workers");
  queue = await openTestQueue(databaseUrl);
  const env = { DATABASE_URL: databaseUrl, MEMORIAL_DATA_DIR: dataDir };
  const inProcess = () => renderProgramPdf(printableProgram("Person Number0"), { printer });

  // In-process pool: warm, then the batch all at once (the printer queues it), then one by one.
  await inProcess();
  const poolBatchMs = await time(() => Promise.all(Array.from({ length: BATCH }, inProcess)));
  const poolSingleMs = await time(async () => {
    for (let i = 0; i < SINGLES; i++) await inProcess();
  });
  await printer.close();

  // One worker: warm (its Chromium starts with its first job), then the batch, then one by one.
  workers.push(await startWorker(env));
  await queuedBatch(queue, 2);
  const oneWorkerMs = await time(() => queuedBatch(queue as PrintQueue, BATCH));
  const queueSingleMs = await time(async () => {
    for (let i = 0; i < SINGLES; i++) await queuedBatch(queue as PrintQueue, 1);
  });

  // Two workers.
  workers.push(await startWorker(env));
  await queuedBatch(queue, 4);
  const twoWorkersMs = await time(() => queuedBatch(queue as PrintQueue, BATCH));

  const rate = (ms: number) => (BATCH / (ms / 1000)).toFixed(2);
  console.log(`machine: ${availableParallelism()} cores; every printer prints 2 PDFs at once`);
  console.log(
    `batch of ${BATCH}, in-process pool:  ${(poolBatchMs / 1000).toFixed(1)} s, ${rate(poolBatchMs)} PDFs/s`,
  );
  console.log(
    `batch of ${BATCH}, 1 worker:         ${(oneWorkerMs / 1000).toFixed(1)} s, ${rate(oneWorkerMs)} PDFs/s`,
  );
  console.log(
    `batch of ${BATCH}, 2 workers:        ${(twoWorkersMs / 1000).toFixed(1)} s, ${rate(twoWorkersMs)} PDFs/s`,
  );
  console.log(
    `2 workers vs 1: ${(oneWorkerMs / twoWorkersMs).toFixed(2)}x the throughput; 1 worker vs the in-process pool: ${(poolBatchMs / oneWorkerMs).toFixed(2)}x`,
  );
  const poolPer = poolSingleMs / SINGLES;
  const queuePer = queueSingleMs / SINGLES;
  console.log(
    `one PDF at a time: ${poolPer.toFixed(0)} ms in-process, ${queuePer.toFixed(0)} ms through the queue: ${(queuePer - poolPer).toFixed(0)} ms (${(queuePer / poolPer).toFixed(2)}x) per job for the queue`,
  );
} finally {
  for (const worker of workers) {
    worker.kill("SIGTERM");
    await worker.exited;
  }
  await queue?.close({ graceful: false });
  await printer.close();
  pg.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
