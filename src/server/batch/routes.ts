import { Elysia } from "elysia";
import type { AppDatabase } from "../../../db/client";
import { authPlugin } from "../auth/plugin";
import { createBatch, parseBatchPayload } from "./service";

// Registered before the programs module so no `/programs/:id` pattern can claim these paths.
export const batchRoutes = (db: AppDatabase) =>
  new Elysia({ prefix: "/programs/batch" }).use(authPlugin(db)).post(
    "/",
    ({ user, body, set }) => {
      const created = createBatch(db, user.id, parseBatchPayload(body));
      set.status = 201;
      return created;
    },
    { auth: true },
  );
