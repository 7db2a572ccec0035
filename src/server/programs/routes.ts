import { Elysia } from "elysia";
import type { AppDatabase } from "../../../db/client";
import { programInputSchema } from "../../shared/schemas";
import { authPlugin } from "../auth/plugin";
import { parseInput } from "../http/parse-input";
import { createProgram, deleteProgram, getProgram, listPrograms, updateProgram } from "./service";

export const programRoutes = (db: AppDatabase) =>
  new Elysia({ prefix: "/programs" })
    .use(authPlugin(db))
    .get("/", ({ user }) => listPrograms(db, user.id), { auth: true })
    .post(
      "/",
      ({ user, body, set }) => {
        set.status = 201;
        return createProgram(db, user.id, parseInput(programInputSchema, body));
      },
      { auth: true },
    )
    .get("/:id", ({ user, params }) => getProgram(db, user.id, params.id), { auth: true })
    .put(
      "/:id",
      ({ user, params, body }) => updateProgram(db, user.id, params.id, parseInput(programInputSchema, body)),
      {
        auth: true,
      },
    )
    .delete(
      "/:id",
      ({ user, params }) => {
        deleteProgram(db, user.id, params.id);
        return { ok: true };
      },
      { auth: true },
    );
