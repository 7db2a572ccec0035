import { closeDatabase, openAppDatabase } from "../../../db/client";
import { describeDatabaseFailure, describePostgres } from "../../../db/postgres";
import { ChromiumPrinter } from "../../print/chromium-printer";
import { CHROMIUM_MISSING_MESSAGE, findChromium } from "../../print/find-chromium";
import { loadConfig } from "../../server/config";
import { createPhotoLoader } from "../../server/photos/service";
import { photoStorageIn } from "../../server/photos/storage";
import { fileStoreFor } from "../../server/photos/storage-from-config";
import { openPrintQueue } from "../../server/print/print-queue-from-config";
import { startPrintWorker } from "../../server/print/print-worker";
import { EXIT_DATABASE_UNREACHABLE } from "../../server/serve";
import { CliError } from "../cli-error";

export type WorkerOptions = { concurrency: number };

/**
 * `memorial worker`: prints the PDFs the web servers queue in PostgreSQL, with its own warm
 * Chromium, until SIGTERM or SIGINT, which let the PDFs in hand finish first.
 */
export const runWorker = async ({ concurrency }: WorkerOptions) => {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    throw new CliError(
      "DATABASE_URL: print workers take their jobs from PostgreSQL; set it to the web servers' database",
    );
  }
  const executablePath = findChromium(config.CHROMIUM_PATH);
  if (!executablePath) throw new CliError(CHROMIUM_MISSING_MESSAGE);
  const databaseUrl = config.DATABASE_URL;
  const { db, queue } = await (async () => {
    try {
      return {
        db: await openAppDatabase({ dataDir: config.dataDir, databaseUrl }),
        queue: await openPrintQueue({ ...config, DATABASE_URL: databaseUrl }, "worker"),
      };
    } catch (error) {
      // One line naming the database, never its password; a supervisor may restart the worker.
      throw new CliError(
        `cannot take print jobs from ${describeDatabaseFailure(databaseUrl, error)}`,
        EXIT_DATABASE_UNREACHABLE,
      );
    }
  })();
  // One store (one bucket client) for the photos it reads and the PDFs it keeps.
  const files = fileStoreFor(config);
  const photos = photoStorageIn(files);
  const printer = new ChromiumPrinter({ executablePath, concurrency });
  await startPrintWorker({
    queue,
    printer,
    files,
    photoLoaderFor: (ownerId) => createPhotoLoader({ db, storage: photos }, ownerId),
    concurrency,
  });
  console.log(
    `Keepsake print worker: printing PDFs from ${describePostgres(databaseUrl)}, ${concurrency} at a time, into ${files.description}.`,
  );
  const stop = async () => {
    // Finish the PDFs in hand (their jobs would otherwise wait out a heartbeat to be retried).
    await queue.close({ graceful: true });
    await printer.close();
    await closeDatabase(db);
    process.exit(0);
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
};
