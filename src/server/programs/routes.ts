import { Elysia } from "elysia";
import type { AppDatabase } from "../../../db/client";
import { programEventData } from "../../shared/integration";
import { type ProgramInput, programInputSchema, programUpdateSchema } from "../../shared/schemas";
import { authPlugin } from "../auth/plugin";
import { requireDesignAllowed, requireRoomForPrograms } from "../billing/entitlement-guard";
import { parseInput } from "../http/parse-input";
import type { ProgramEvents } from "../integration/webhooks";
import { collectUnusedPhotos, saveWithPhotos } from "../photos/service";
import type { PhotoStorage } from "../photos/storage";
import {
  type AccountQuota,
  createProgram,
  deleteProgram,
  getProgram,
  listPrograms,
  updateProgram,
} from "./service";

// Which photos are used can only change when the program showed or shows one. The collection pass
// reads every program of the owner, so saves of programs without photos skip it.
const showsPhotos = (program: ProgramInput) =>
  program.mainPhotoUrl !== "" || program.backgroundImage !== "" || program.additionalPhotos.length > 0;

export const programRoutes = (
  db: AppDatabase,
  billingEnabled: boolean,
  photoStorage: PhotoStorage,
  events: ProgramEvents,
  quota: AccountQuota,
) => {
  const photos = { db, storage: photoStorage };
  return new Elysia({ prefix: "/programs" })
    .use(authPlugin(db, billingEnabled))
    .get("/", ({ user }) => listPrograms(db, user.id), { auth: true })
    .post(
      "/",
      async ({ user, body, set }) => {
        const input = parseInput(programInputSchema, body);
        requireDesignAllowed(user, input);
        // The plan's program count, the photos it shows, the write and its event are one
        // transaction, so parallel creates cannot pass the limit together, and a program is never
        // saved without its webhooks (or they sent for one that was not).
        const program = await saveWithPhotos(db, user.id, input, async (tx) => {
          await requireRoomForPrograms(tx, user, 1);
          const created = await createProgram(tx, user.id, input, quota);
          await events.emit(user.id, "program.created", programEventData(created));
          return created;
        });
        if (showsPhotos(program)) await collectUnusedPhotos(photos, user.id);
        set.status = 201;
        return program;
      },
      { auth: true },
    )
    .get("/:id", ({ user, params }) => getProgram(db, user.id, params.id), { auth: true })
    .put(
      "/:id",
      async ({ user, params, body }) => {
        const update = parseInput(programUpdateSchema, body);
        const before = await getProgram(db, user.id, params.id);
        requireDesignAllowed(user, update, before);
        // Photos taken out are marked removed (deleted after a grace period) unless another program shows them.
        const program = await saveWithPhotos(db, user.id, update, async (tx) => {
          const updated = await updateProgram(tx, user.id, params.id, update, quota);
          await events.emit(user.id, "program.updated", programEventData(updated));
          return updated;
        });
        if (showsPhotos(before) || showsPhotos(program)) await collectUnusedPhotos(photos, user.id);
        return program;
      },
      { auth: true },
    )
    .delete(
      "/:id",
      async ({ user, params }) => {
        await saveWithPhotos(db, user.id, undefined, (tx) => deleteProgram(tx, user.id, params.id));
        await collectUnusedPhotos(photos, user.id);
        return { ok: true };
      },
      { auth: true },
    );
};
