import type { AppDatabase } from "../../db/client";
import index from "../web/index.html";
import { type AppDeps, createApi } from "./app";
import type { Config } from "./config";

// Bun must accept a photo upload's body; the JSON routes enforce their own, smaller limit.
const MAX_REQUEST_BODY_BYTES = 30 * 1024 * 1024;

/** Serves the SPA for every path outside /api and the API under /api, in one process. */
export const startServer = (deps: AppDeps & { config: Config; db: AppDatabase }) => {
  const api = createApi(deps);
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
  return { server, api };
};
