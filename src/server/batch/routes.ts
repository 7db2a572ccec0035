import { Elysia } from "elysia";
import { type AppDatabase, holdAccount, write } from "../../../db/client";
import { programEventData } from "../../shared/integration";
import { authPlugin } from "../auth/plugin";
import { requireFeature, requireRoomForPrograms } from "../billing/entitlement-guard";
import { parseInput } from "../http/parse-input";
import type { ProgramEvents } from "../integration/webhooks";
import { fileDownload } from "../print/content-disposition";
import { batchPdfQuerySchema } from "../print/pdf-query";
import { queueBatchPdfs } from "../print/queued-pdfs";
import type { PrintServiceDeps } from "../print/service";
import { getProgram } from "../programs/service";
import { batchPdfs } from "./pdf-service";
import { type BatchLimits, createBatch, parseBatchPayload } from "./service";

// Registered before the programs and print modules so no `/programs/:id…` pattern can claim these paths.
export const batchRoutes = (
  db: AppDatabase,
  billingEnabled: boolean,
  print: Omit<PrintServiceDeps, "db">,
  events: ProgramEvents,
  limits: BatchLimits,
) =>
  new Elysia({ prefix: "/programs/batch" })
    .use(authPlugin(db, billingEnabled))
    .post(
      "/",
      async ({ user, body, set }) => {
        requireFeature(user, "batch");
        const inputs = parseBatchPayload(body);
        // Counted and created while holding the account, so parallel batches cannot pass the
        // limit; the programs' events are stored with them.
        const created = await write(db, async (tx) => {
          await holdAccount(tx, user.id);
          await requireRoomForPrograms(tx, user, inputs.length);
          const made = await createBatch(db, user.id, inputs, limits);
          await events.emitEach(user.id, "program.created", made.map(programEventData));
          return made;
        });
        set.status = 201;
        return created;
      },
      { auth: true },
    )
    .get(
      "/pdf",
      async ({ user, query, request, set }) => {
        requireFeature(user, "batch");
        const batch = parseInput(batchPdfQuerySchema, query);
        if (print.queued) {
          // Every id is checked before anything is sent: another user's id is a 404 at once.
          const programs = await Promise.all(batch.ids.map((id) => getProgram(db, user.id, id)));
          set.status = 202;
          set.headers["retry-after"] = "2";
          return queueBatchPdfs({ ...print, queued: print.queued, db }, user, programs, batch);
        }
        const answer = await batchPdfs({ ...print, db }, user, batch, request.signal);
        await events.emit(user.id, "pdf.ready", {
          programIds: batch.ids,
          variant: batch.variant,
          combined: batch.combine,
        });
        return fileDownload(answer.body, answer.contentType, answer.fileName);
      },
      { auth: true },
    );
