import { Elysia } from "elysia";
import type { AppDatabase } from "../../../db/client";
import { type ProgramInput, programInputSchema, programUpdateSchema } from "../../shared/schemas";
import { authPlugin } from "../auth/plugin";
import { parseInput } from "../http/parse-input";
import { releaseUnusedPhotos } from "../photos/service";
import type { PhotoStorage } from "../photos/storage";
import { createProgram, deleteProgram, getProgram, listPrograms, updateProgram } from "./service";

// Which photos are used can only change when the program showed or shows one. The release pass
// reads every program of the owner, so saves of programs without photos skip it.
const showsPhotos = (program: ProgramInput) =>
  program.mainPhotoUrl !== "" || program.backgroundImage !== "" || program.additionalPhotos.length > 0;

export const programRoutes = (db: AppDatabase, photoStorage: PhotoStorage) =>
  new Elysia({ prefix: "/programs" })
    .use(authPlugin(db))
    .get("/", ({ user }) => listPrograms(db, user.id), { auth: true })
    .post(
      "/",
      async ({ user, body, set }) => {
        const program = createProgram(db, user.id, parseInput(programInputSchema, body));
        // Marks the photos it shows as used, so taking one out later deletes it.
        if (showsPhotos(program)) await releaseUnusedPhotos({ db, storage: photoStorage }, user.id);
        set.status = 201;
        return program;
      },
      { auth: true },
    )
    .get("/:id", ({ user, params }) => getProgram(db, user.id, params.id), { auth: true })
    .put(
      "/:id",
      async ({ user, params, body }) => {
        const before = getProgram(db, user.id, params.id);
        const program = updateProgram(db, user.id, params.id, parseInput(programUpdateSchema, body));
        // Photos taken out of the program are deleted, files included, unless another program shows them.
        if (showsPhotos(before) || showsPhotos(program)) {
          await releaseUnusedPhotos({ db, storage: photoStorage }, user.id);
        }
        return program;
      },
      { auth: true },
    )
    .delete(
      "/:id",
      async ({ user, params }) => {
        deleteProgram(db, user.id, params.id);
        await releaseUnusedPhotos({ db, storage: photoStorage }, user.id);
        return { ok: true };
      },
      { auth: true },
    );
