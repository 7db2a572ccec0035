import { join } from "node:path";
import { type AppDatabase, closeDatabase, openAppDatabase } from "../../db/client";
import { describeDatabaseFailure } from "../../db/postgres";
import { ChromiumPrinter } from "../print/chromium-printer";
import { CHROMIUM_MISSING_MESSAGE, findChromium } from "../print/find-chromium";
import index from "../web/index.html";
import { type AppDeps, createApi } from "./app";
import { type Config, isBillingEnabled, loadConfig } from "./config";
import { assertDataDirWritable, sweepInterruptedPhotoFiles } from "./data-dir";
import { assetRoutes } from "./http/asset-routes";
import { rememberSocketAddress } from "./http/client-address";
import { OwnOrigin } from "./http/own-origin";
import { securityHeaders, withSecurityHeaders } from "./http/security-headers";
import { startSpaServer } from "./http/spa-server";
import { describeStorageFailure, storageFailure } from "./http/storage-errors";
import { BUILT_WEB_DIR, compressedAnswers, serveBuiltWebApp } from "./http/web-app";
import { DEFAULT_WEBHOOK_OPTIONS, WebhookDispatcher } from "./integration/webhooks";
import { scheduleMaintenance } from "./maintenance";
import { photoStorageFor } from "./photos/storage-from-config";
import { queuedPrintingFor } from "./print/print-queue-from-config";

// Bun must accept a photo upload's body; the JSON routes enforce their own, smaller limit.
const MAX_REQUEST_BODY_BYTES = 30 * 1024 * 1024;

// Print jobs allowed to wait for Chromium; more are answered 503 with Retry-After. Each user has
// its own smaller caps (src/server/print/job-limits.ts), so this only fills up under many users.
const PRINT_QUEUE_LIMIT = 32;

/**
 * Without a Chromium the server still starts (everything but PDFs works) and says once what to
 * install; each PDF call then answers 503 with the same sentence.
 */
const createPrinter = (config: Config) => {
  const executablePath = findChromium(config.CHROMIUM_PATH);
  if (!executablePath) console.warn(CHROMIUM_MISSING_MESSAGE);
  return new ChromiumPrinter({ executablePath, maxQueue: PRINT_QUEUE_LIMIT });
};

/** Serves the SPA for every path outside /api and the API under /api, in one process. */
export const startServer = (deps: AppDeps & { config: Config; db: AppDatabase }) => {
  // Chromium starts with the first PDF; a printer the server made itself closes with it.
  const printer = deps.printer ?? createPrinter(deps.config);
  const webhooks = new WebhookDispatcher(deps.db, {
    ...DEFAULT_WEBHOOK_OPTIONS,
    ...deps.webhookOptions,
    allowLoopback: deps.config.WEBHOOKS_ALLOW_LOOPBACK,
  }).start();
  // One store for the API and the maintenance sweep that removes photos nobody uses.
  const photoStorage = deps.photoStorage ?? photoStorageFor(deps.config);
  const ownOrigin = deps.ownOrigin ?? new OwnOrigin(deps.config);
  const api = createApi({ ...deps, printer, photoStorage, ownOrigin }, webhooks);
  const headers = securityHeaders({
    publicUrl: deps.config.PUBLIC_URL,
    billingEnabled: isBillingEnabled(deps.config),
  });
  const development = process.env.NODE_ENV !== "production" && process.env.KEEPSAKE_DEV === "1";
  // The hot-reloading dev server needs the HTML import served directly (its websocket); it goes without headers.
  // `bun run build` builds the web app apart from the server and sets this (see scripts/build.ts).
  const builtWebDir =
    process.env.KEEPSAKE_BUILT_WEB_APP === "1" ? join(import.meta.dir, BUILT_WEB_DIR) : undefined;
  const spa = development ? undefined : builtWebDir ? serveBuiltWebApp(builtWebDir) : startSpaServer(index);
  const compressed = compressedAnswers(builtWebDir);
  const handleApi = async (request: Request, bunServer: Bun.Server<undefined>) => {
    rememberSocketAddress(request, bunServer.requestIP(request)?.address);
    return withSecurityHeaders(await api.handle(request), headers);
  };
  const server = Bun.serve({
    port: deps.config.PORT,
    hostname: deps.config.HOST,
    reusePort: false,
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
    development,
    routes: {
      "/api/*": handleApi,
      "/api": handleApi,
      ...Object.fromEntries(
        Object.entries(assetRoutes).map(([path, answer]) => [
          path,
          (request: Request) => withSecurityHeaders(answer(request), headers),
        ]),
      ),
      "/*": spa
        ? async (request: Request) =>
            withSecurityHeaders(await compressed(request, await spa.forward(request)), headers)
        : index,
    },
  });
  ownOrigin.listeningOn(server.port ?? deps.config.PORT);
  const stopMaintenance = scheduleMaintenance(
    { db: deps.db, storage: photoStorage },
    { errorReportDays: deps.config.ERROR_REPORT_DAYS },
  );
  const stop = async (closeActiveConnections = false) => {
    // First, and never waiting on a receiver: posts under way are cut off and kept for the next start.
    await webhooks.stop();
    await stopMaintenance();
    await server.stop(closeActiveConnections);
    await spa?.stop();
    if (!deps.printer) await printer.close();
  };
  return { server, api, printer, stop };
};

/**
 * Exit status when the data directory cannot be written: a supervisor can be told not to restart on
 * it (systemd `RestartPreventExitStatus=78`), since restarting cannot fix a full or read-only disk.
 */
const EXIT_DATA_DIR_UNWRITABLE = 78;

/** Time SIGTERM or SIGINT gives requests under way before the process exits regardless. */
const SHUTDOWN_DEADLINE_MS = 15_000;

/** Exit status when PostgreSQL cannot be reached or migrated (EX_UNAVAILABLE): a restart may help. */
export const EXIT_DATABASE_UNREACHABLE = 69;

/**
 * Opens the database (PostgreSQL when DATABASE_URL is set), or says in one line why the data
 * directory cannot be used and exits.
 */
const openDataDir = async (config: Config) => {
  const { dataDir } = config;
  try {
    assertDataDirWritable(dataDir);
    const db = await openAppDatabase({ dataDir, databaseUrl: config.DATABASE_URL });
    // Only a lone server on SQLite knows no upload is in flight: with PostgreSQL, others may be.
    if (!config.DATABASE_URL && !config.s3) {
      const swept = await sweepInterruptedPhotoFiles(db, dataDir);
      if (swept > 0) console.log(`Removed ${swept} photo files left by an interrupted upload.`);
    }
    return db;
  } catch (error) {
    const failure = storageFailure(error);
    if (config.DATABASE_URL && !failure) {
      console.error(`Keepsake cannot start: ${describeDatabaseFailure(config.DATABASE_URL, error)}.`);
      process.exit(EXIT_DATABASE_UNREACHABLE);
    }
    if (!failure) throw error;
    console.error(`Keepsake cannot start: ${describeStorageFailure(failure, dataDir)}.`);
    process.exit(EXIT_DATA_DIR_UNWRITABLE);
  }
};

/** `bun run start` and `memorial serve`: configure from the environment and serve until stopped. */
export const runServer = async (env: Record<string, string | undefined> = process.env) => {
  const config = loadConfig(env);
  // A secret generated into one server's data folder would not open another server's cookies.
  if (config.DATABASE_URL && !config.COOKIE_SECRET) {
    throw new Error(
      "Invalid configuration: COOKIE_SECRET: set it, the same on every server, when DATABASE_URL is set",
    );
  }
  const db = await openDataDir(config);
  // With PostgreSQL, `memorial worker` processes print the PDFs; this server queues them.
  const printQueue = config.DATABASE_URL
    ? await queuedPrintingFor({ ...config, DATABASE_URL: config.DATABASE_URL })
    : undefined;
  const running = startServer({ config, db, printQueue });
  const where = config.DATABASE_URL ? "PostgreSQL" : `data in ${config.dataDir}`;
  console.log(`Keepsake is serving on http://localhost:${running.server.port} (${where})`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    // Supervisors kill a server that takes too long (systemd after 90 s): rather than be killed
    // mid-write, give up on requests still running past the deadline. Nothing answered is lost.
    setTimeout(() => {
      console.error(`Keepsake did not stop within ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting now.`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await running.stop();
    await printQueue?.queue.close();
    await closeDatabase(db);
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  return running;
};
