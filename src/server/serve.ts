import type { AppDatabase } from "../../db/client";
import { ChromiumPrinter } from "../print/chromium-printer";
import index from "../web/index.html";
import { type AppDeps, createApi } from "./app";
import type { Config } from "./config";

// Bun must accept a photo upload's body; the JSON routes enforce their own, smaller limit.
const MAX_REQUEST_BODY_BYTES = 30 * 1024 * 1024;

/** Serves the SPA for every path outside /api and the API under /api, in one process. */
export const startServer = (deps: AppDeps & { config: Config; db: AppDatabase }) => {
  // Chromium starts with the first PDF, and closes with the server.
  const printer = deps.printer ?? new ChromiumPrinter();
  const api = createApi({ ...deps, printer });
  const server = Bun.serve({
    port: deps.config.PORT,
    hostname: deps.config.HOST,
    reusePort: false,
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
    development: process.env.NODE_ENV !== "production" && process.env.KEEPSAKE_DEV === "1",
    routes: {
      "/api/*": (request: Request) => api.handle(request),
      "/api": (request: Request) => api.handle(request),
      "/*": index,
    },
  });
  const stopServer = server.stop.bind(server);
  server.stop = async (closeActiveConnections?: boolean) => {
    if (!deps.printer) await printer.close();
    return stopServer(closeActiveConnections);
  };
  return { server, api, printer };
};
