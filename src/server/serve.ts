import type { AppDatabase } from "../../db/client";
import { openDatabase } from "../../db/client";
import { ChromiumPrinter } from "../print/chromium-printer";
import { CHROMIUM_MISSING_MESSAGE, findChromium } from "../print/find-chromium";
import index from "../web/index.html";
import { type AppDeps, createApi } from "./app";
import { type Config, loadConfig } from "./config";
import { rememberSocketAddress } from "./http/client-address";
import { DEFAULT_WEBHOOK_OPTIONS, WebhookDispatcher } from "./integration/webhooks";
import { scheduleMaintenance } from "./maintenance";
import { photoStorageFor } from "./photos/storage-from-config";

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
  const api = createApi({ ...deps, printer, photoStorage }, webhooks);
  const handleApi = (request: Request, bunServer: Bun.Server<undefined>) => {
    rememberSocketAddress(request, bunServer.requestIP(request)?.address);
    return api.handle(request);
  };
  const server = Bun.serve({
    port: deps.config.PORT,
    hostname: deps.config.HOST,
    reusePort: false,
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
    development: process.env.NODE_ENV !== "production" && process.env.KEEPSAKE_DEV === "1",
    routes: {
      "/api/*": handleApi,
      "/api": handleApi,
      "/*": index,
    },
  });
  const stopMaintenance = scheduleMaintenance({
    db: deps.db,
    storage: photoStorage,
  });
  const stop = async (closeActiveConnections = false) => {
    stopMaintenance();
    await server.stop(closeActiveConnections);
    await webhooks.stop();
    if (!deps.printer) await printer.close();
  };
  return { server, api, printer, stop };
};

/** `bun run start` and `memorial serve`: configure from the environment and serve until stopped. */
export const runServer = (env: Record<string, string | undefined> = process.env) => {
  const config = loadConfig(env);
  // The database and `memorial db migrate` know PostgreSQL; the services still call bun:sqlite
  // synchronously, so serving on it would fail at the first request. Say so at start-up instead.
  if (config.DATABASE_URL) {
    throw new Error(
      "DATABASE_URL: serving from PostgreSQL is not available yet (only `memorial db migrate` is); unset it to use SQLite",
    );
  }
  const db = openDatabase(config.dataDir);
  const running = startServer({ config, db });
  console.log(`Keepsake is serving on http://localhost:${running.server.port} (data in ${config.dataDir})`);
  const shutdown = async () => {
    await running.stop();
    db.$client.close();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  return running;
};
