import type { Config } from "../config";
import { fileStoreFor } from "../photos/storage-from-config";
import { PrintQueue } from "./print-queue";
import { DEFAULT_PDF_WAIT_MS, type QueuedPrinting } from "./queued-pdfs";

/** The print workers' queue in DATABASE_URL's database, with the configured heartbeat. */
export const openPrintQueue = (config: Config & { DATABASE_URL: string }, role: "web" | "worker") =>
  PrintQueue.open(config.DATABASE_URL, {
    role,
    timings: { heartbeatSeconds: config.PRINT_JOB_EXPIRE_SECONDS },
  });

/** What a web server on PostgreSQL needs to hand its PDFs to the workers. */
export const queuedPrintingFor = async (
  config: Config & { DATABASE_URL: string },
): Promise<QueuedPrinting> => ({
  queue: await openPrintQueue(config, "web"),
  files: fileStoreFor(config),
  waitMs: DEFAULT_PDF_WAIT_MS,
});
