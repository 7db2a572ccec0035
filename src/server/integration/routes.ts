import { Elysia } from "elysia";
import type { AppDatabase } from "../../../db/client";
import { createApiKeySchema } from "../../shared/integration";
import { authPlugin } from "../auth/plugin";
import { parseInput } from "../http/parse-input";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys";

/** The /funeral-integration page's calls. Keys manage keys only from a signed-in session. */
export const integrationRoutes = (db: AppDatabase) =>
  new Elysia({ prefix: "/integration" })
    .use(authPlugin(db))
    .get("/keys", ({ user }) => listApiKeys(db, user.id), { auth: "session" })
    .post(
      "/keys",
      ({ user, body, set }) => {
        const created = createApiKey(db, user, parseInput(createApiKeySchema, body).name);
        set.status = 201;
        return created;
      },
      { auth: "session" },
    )
    .delete("/keys/:id", ({ user, params }) => revokeApiKey(db, user.id, params.id), { auth: "session" });
