import { sql } from "drizzle-orm";
import { Elysia } from "elysia";
import type Stripe from "stripe";
import { type AppDatabase, rowsOf } from "../../db/client";
import type { ChromiumPrinter } from "../print/chromium-printer";
import { CmykCache } from "../print/cmyk";
import type { PhotoLoader } from "../print/photo-assets";
import { getSharedPrinter } from "../print/render-program-pdf";
import { type AuthLimits, authRoutes, DEFAULT_AUTH_LIMITS } from "./auth/routes";
import { SECURE_COOKIES_STATE, secureCookiesFor } from "./auth/session-cookie";
import { batchRoutes } from "./batch/routes";
import { batchLimitsFrom } from "./batch/service";
import { billingRoutes, stripeFor } from "./billing/routes";
import { type ChatLimits, chatbotRoutes, DEFAULT_CHAT_LIMITS } from "./chatbot/routes";
import { type Config, isBillingEnabled } from "./config";
import { docsRoutes } from "./docs/routes";
import { notFound } from "./errors";
import { createHelpCentre } from "./help/help-centre";
import { helpRoutes } from "./help/routes";
import { cookieSecret } from "./http/cookie-secret";
import { errorHandler } from "./http/error-handler";
import { OwnOrigin } from "./http/own-origin";
import { requestGuards } from "./http/request-guards";
import { type ApiKeyLimits, apiKeyGuards, DEFAULT_API_KEY_LIMITS } from "./integration/key-guards";
import { integrationRoutes } from "./integration/routes";
import type { WebhookDispatcher, WebhookOptions } from "./integration/webhooks";
import { createMailer, type Mailer } from "./mail/mailer";
import { photoRoutes } from "./photos/routes";
import { createPhotoLoader, type PhotoLimits } from "./photos/service";
import type { PhotoStorage } from "./photos/storage";
import { photoStorageFor } from "./photos/storage-from-config";
import { createPrintJobLimits } from "./print/job-limits";
import { printJobRoutes } from "./print/print-job-routes";
import type { QueuedPrinting } from "./print/queued-pdfs";
import { printRoutes } from "./print/routes";
import { programRoutes } from "./programs/routes";
import { accountQuotaFrom } from "./programs/service";
import { writingRoutes } from "./writing/routes";

export type AppDeps = {
  config: Config;
  db: AppDatabase;
  authLimits?: AuthLimits;
  /** Per-user upload rate and storage quota; the defaults when absent. */
  photoLimits?: PhotoLimits;
  chatLimits?: ChatLimits;
  /** Sends the password-reset emails; SMTP_URL's server, or the log, when absent. */
  mailer?: Mailer;
  /** Requests one API key may make per window. */
  apiKeyLimits?: ApiKeyLimits;
  /** Webhook retry timing; the loopback allowance comes from the configuration. */
  webhookOptions?: Partial<Omit<WebhookOptions, "allowLoopback">>;
  /** The PDF engine's printer (a warm Chromium); the process's shared one when absent. */
  printer?: ChromiumPrinter;
  /** Print masters of an owner's photos for PDFs; the stored photos when absent. */
  photoLoaderFor?: (ownerId: string) => PhotoLoader;
  /** The Stripe client; made from the config's keys when absent (none when billing is off). */
  stripe?: Stripe;
  /** Ghostscript for CMYK PDFs; the one on PATH when absent. */
  ghostscriptPath?: string;
  /** Where photo files live; the configured bucket or the data folder when absent. */
  photoStorage?: PhotoStorage;
  /** The print workers' queue (PostgreSQL); PDFs print in this process when absent. */
  printQueue?: QueuedPrinting;
  /** This server's origin (links, CSRF); from the configuration's PUBLIC_URL, HOST and PORT when absent. */
  ownOrigin?: OwnOrigin;
};

/** The whole JSON API under /api, composed from feature modules; `webhooks` hears what happens. */
export const createApi = (
  {
    config,
    db,
    authLimits = DEFAULT_AUTH_LIMITS,
    photoLimits,
    chatLimits = DEFAULT_CHAT_LIMITS,
    mailer,
    apiKeyLimits = DEFAULT_API_KEY_LIMITS,
    printer,
    photoLoaderFor,
    stripe,
    ghostscriptPath,
    photoStorage = photoStorageFor(config),
    printQueue,
    ownOrigin = new OwnOrigin(config),
  }: AppDeps,
  webhooks: WebhookDispatcher,
) => {
  const billingEnabled = isBillingEnabled(config);
  const batchLimits = batchLimitsFrom(db, config);
  const ownersPhotos =
    photoLoaderFor ?? ((ownerId: string) => createPhotoLoader({ db, storage: photoStorage }, ownerId));
  // One printer and one CMYK cache for the single PDF route and the batch downloads.
  const print = {
    printer: printer ?? getSharedPrinter(),
    cmykCache: new CmykCache(),
    jobs: createPrintJobLimits(),
    photoLoaderFor: ownersPhotos,
    ghostscriptPath,
    queued: printQueue,
  };
  const help = createHelpCentre();
  // Read once: the sign-in device cookie and the chat's visitor cookie are signed with it.
  const secret = cookieSecret(config);
  return new Elysia({ prefix: "/api" })
    .state(SECURE_COOKIES_STATE, secureCookiesFor(config.PUBLIC_URL))
    .use(errorHandler)
    .use(requestGuards(ownOrigin))
    .use(apiKeyGuards(db, apiKeyLimits))
    .get("/health", async () => {
      await rowsOf(db, sql`select 1`);
      return { ok: true };
    })
    .use(docsRoutes(config.PUBLIC_URL))
    .use(
      authRoutes(db, billingEnabled, {
        limits: authLimits,
        trustedProxies: config.TRUSTED_PROXY,
        mailer: mailer ?? createMailer(config),
        ownOrigin,
        cookieSecret: secret,
        sessionsPerUser: config.SESSIONS_PER_USER,
      }),
    )
    .use(batchRoutes(db, billingEnabled, print, webhooks, batchLimits))
    .use(programRoutes(db, billingEnabled, photoStorage, webhooks, accountQuotaFrom(config)))
    .use(photoRoutes(db, billingEnabled, photoStorage, photoLimits))
    .use(writingRoutes(db, config))
    .use(printRoutes(db, billingEnabled, print, webhooks))
    .use(printJobRoutes(db, billingEnabled, printQueue, webhooks))
    .use(billingRoutes(db, config, ownOrigin, stripe ?? stripeFor(config)))
    .use(helpRoutes(help))
    .use(chatbotRoutes(db, config, help, secret, chatLimits))
    .use(integrationRoutes(db, billingEnabled, webhooks, batchLimits))
    .all("/*", () => {
      throw notFound("No such API endpoint");
    });
};

/** @public The whole API's type, for a typed client such as Eden Treaty. */
export type Api = ReturnType<typeof createApi>;
