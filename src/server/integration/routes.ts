import { Elysia } from "elysia";
import { type AppDatabase, write } from "../../../db/client";
import {
  createApiKeySchema,
  createWebhookSchema,
  importCommitSchema,
  importRequestSchema,
  programEventData,
} from "../../shared/integration";
import { authPlugin } from "../auth/plugin";
import type { BatchLimits } from "../batch/service";
import { requireFeature } from "../billing/entitlement-guard";
import { parseInput } from "../http/parse-input";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys";
import { importCases, previewImport } from "./case-import";
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  type WebhookDispatcher,
} from "./webhooks";

/**
 * The /funeral-integration page's calls. Keys and webhooks are managed only from a signed-in
 * session; a case system may import with a key.
 */
export const integrationRoutes = (
  db: AppDatabase,
  billingEnabled: boolean,
  webhooks: WebhookDispatcher,
  batchLimits: BatchLimits,
) =>
  new Elysia({ prefix: "/integration" })
    .use(authPlugin(db, billingEnabled))
    .get("/keys", ({ user }) => listApiKeys(db, user.id), { auth: "session" })
    .post(
      "/keys",
      async ({ user, body, set }) => {
        const created = await createApiKey(db, user, parseInput(createApiKeySchema, body).name);
        set.status = 201;
        return created;
      },
      { auth: "session" },
    )
    .delete("/keys/:id", ({ user, params }) => revokeApiKey(db, user.id, params.id), { auth: "session" })
    .post(
      "/import/preview",
      ({ user, body }) => previewImport(db, user.id, parseInput(importRequestSchema, body)),
      {
        auth: true,
      },
    )
    .post(
      "/import",
      async ({ user, body, set }) => {
        requireFeature(user, "integrations");
        const request = parseInput(importCommitSchema, body);
        // The cases and their events are one transaction (importCases's joins this one).
        const created = await write(db, async () => {
          const made = await importCases(db, user.id, request, batchLimits);
          await webhooks.emitEach(user.id, "program.created", made.map(programEventData));
          return made;
        });
        set.status = 201;
        return created;
      },
      { auth: true },
    )
    .get("/webhooks", ({ user }) => listWebhooks(db, user.id), { auth: "session" })
    .post(
      "/webhooks",
      async ({ user, body, set }) => {
        requireFeature(user, "integrations");
        const { url } = parseInput(createWebhookSchema, body);
        const created = await createWebhook(db, user.id, url, webhooks.options);
        set.status = 201;
        return created;
      },
      { auth: "session" },
    )
    .delete("/webhooks/:id", ({ user, params }) => deleteWebhook(db, user.id, params.id), { auth: "session" })
    .get("/webhooks/deliveries", ({ user }) => listDeliveries(db, user.id), { auth: "session" });
