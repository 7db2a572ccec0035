import { Elysia } from "elysia";
import type { AppDatabase } from "../../db/client";
import type { ChromiumPrinter } from "../print/chromium-printer";
import { CmykCache } from "../print/cmyk";
import type { PhotoLoader } from "../print/photo-assets";
import { getSharedPrinter } from "../print/render-program-pdf";
import { type AuthLimits, authRoutes, DEFAULT_AUTH_LIMITS } from "./auth/routes";
import { batchRoutes } from "./batch/routes";
import type { Config } from "./config";
import { docsRoutes } from "./docs/routes";
import { notFound } from "./errors";
import { errorHandler } from "./http/error-handler";
import { requestGuards } from "./http/request-guards";
import { type ApiKeyLimits, apiKeyGuards, DEFAULT_API_KEY_LIMITS } from "./integration/key-guards";
import { integrationRoutes } from "./integration/routes";
import type { WebhookDispatcher, WebhookOptions } from "./integration/webhooks";
import { photoRoutes } from "./photos/routes";
import { createPhotoLoader } from "./photos/service";
import { createLocalPhotoStorage } from "./photos/storage";
import { printRoutes } from "./print/routes";
import { programRoutes } from "./programs/routes";
import { writingRoutes } from "./writing/routes";

export type AppDeps = {
  config: Config;
  db: AppDatabase;
  authLimits?: AuthLimits;
  /** Requests one API key may make per window. */
  apiKeyLimits?: ApiKeyLimits;
  /** Webhook retry timing; the loopback allowance comes from the configuration. */
  webhookOptions?: Partial<Omit<WebhookOptions, "allowLoopback">>;
  /** The PDF engine's printer (a warm Chromium); the process's shared one when absent. */
  printer?: ChromiumPrinter;
  /** Print masters of an owner's photos for PDFs; the stored photos when absent. */
  photoLoaderFor?: (ownerId: string) => PhotoLoader;
};

/** The whole JSON API under /api, composed from feature modules; `webhooks` hears what happens. */
export const createApi = (
  {
    config,
    db,
    authLimits = DEFAULT_AUTH_LIMITS,
    apiKeyLimits = DEFAULT_API_KEY_LIMITS,
    printer,
    photoLoaderFor,
  }: AppDeps,
  webhooks: WebhookDispatcher,
) => {
  const photoStorage = createLocalPhotoStorage(config.dataDir);
  const ownersPhotos =
    photoLoaderFor ?? ((ownerId: string) => createPhotoLoader({ db, storage: photoStorage }, ownerId));
  // One printer and one CMYK cache for the single PDF route and the batch downloads.
  const print = {
    printer: printer ?? getSharedPrinter(),
    cmykCache: new CmykCache(),
    photoLoaderFor: ownersPhotos,
  };
  return new Elysia({ prefix: "/api" })
    .use(errorHandler)
    .use(requestGuards(config.PUBLIC_URL))
    .use(apiKeyGuards(apiKeyLimits))
    .get("/health", () => {
      db.$client.query("select 1").get();
      return { ok: true };
    })
    .use(docsRoutes(config.PUBLIC_URL))
    .use(authRoutes(db, authLimits))
    .use(batchRoutes(db, print, webhooks))
    .use(programRoutes(db, photoStorage, webhooks))
    .use(photoRoutes(db, photoStorage))
    .use(writingRoutes(db, config))
    .use(printRoutes(db, print, webhooks))
    .use(integrationRoutes(db, webhooks))
    .all("/*", () => {
      throw notFound("No such API endpoint");
    });
};

export type Api = ReturnType<typeof createApi>;
