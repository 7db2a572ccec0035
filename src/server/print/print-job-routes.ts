import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDatabase } from "../../../db/client";
import { authPlugin } from "../auth/plugin";
import { parseInput } from "../http/parse-input";
import type { ProgramEvents } from "../integration/webhooks";
import { fileDownload } from "./content-disposition";
import { printJobDownload, printJobStatus, type QueuedPrinting } from "./queued-pdfs";

const printJobParamsSchema = z.object({ id: z.uuid({ error: "id must be a print job id" }) });

/**
 * A queued print job's progress and, once done, its download. Registered on every server so the
 * API is the same; without the print workers' queue every id is unknown.
 */
export const printJobRoutes = (
  db: AppDatabase,
  billingEnabled: boolean,
  queued: QueuedPrinting | undefined,
  events: ProgramEvents,
) =>
  new Elysia({ prefix: "/print-jobs" })
    .use(authPlugin(db, billingEnabled))
    .get(
      "/:id",
      ({ user, params }) => printJobStatus(queued, user, parseInput(printJobParamsSchema, params).id),
      { auth: true },
    )
    .get(
      "/:id/download",
      async ({ user, params }) => {
        const { id } = parseInput(printJobParamsSchema, params);
        const answer = await printJobDownload(queued, user, id);
        await events.emit(user.id, "pdf.ready", {
          programIds: answer.job.tasks.map((task) => task.programId),
          variant: answer.job.variant,
          combined: answer.job.bundle === "combined",
        });
        return fileDownload(answer.body, answer.contentType, answer.fileName);
      },
      { auth: true },
    );
