import { Elysia } from "elysia";
import type { AppDatabase } from "../../db/client";
import { type AuthLimits, authRoutes, DEFAULT_AUTH_LIMITS } from "./auth/routes";
import { batchRoutes } from "./batch/routes";
import type { Config } from "./config";
import { notFound } from "./errors";
import { errorHandler } from "./http/error-handler";
import { requestGuards } from "./http/request-guards";
import { photoRoutes } from "./photos/routes";
import { createLocalPhotoStorage } from "./photos/storage";
import { programRoutes } from "./programs/routes";
import { writingRoutes } from "./writing/routes";

export type AppDeps = {
  config: Config;
  db: AppDatabase;
  authLimits?: AuthLimits;
};

/** The whole JSON API under /api, composed from feature modules. */
export const createApi = ({ config, db, authLimits = DEFAULT_AUTH_LIMITS }: AppDeps) => {
  const photoStorage = createLocalPhotoStorage(config.dataDir);
  return new Elysia({ prefix: "/api" })
    .use(errorHandler)
    .use(requestGuards(config.PUBLIC_URL))
    .get("/health", () => {
      db.$client.query("select 1").get();
      return { ok: true };
    })
    .use(authRoutes(db, authLimits))
    .use(batchRoutes(db))
    .use(programRoutes(db, photoStorage))
    .use(photoRoutes(db, photoStorage))
    .use(writingRoutes(db, config))
    .all("/*", () => {
      throw notFound("No such API endpoint");
    });
};

export type Api = ReturnType<typeof createApi>;
