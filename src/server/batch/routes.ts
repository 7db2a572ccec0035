import { Elysia } from "elysia";
import type { AppDatabase } from "../../../db/client";
import { programEventData } from "../../shared/integration";
import { authPlugin } from "../auth/plugin";
import { parseInput } from "../http/parse-input";
import type { ProgramEvents } from "../integration/webhooks";
import { batchPdfQuerySchema } from "../print/pdf-query";
import type { PrintServiceDeps } from "../print/service";
import { batchPdfs } from "./pdf-service";
import { createBatch, parseBatchPayload } from "./service";

// Registered before the programs and print modules so no `/programs/:id…` pattern can claim these paths.
export const batchRoutes = (db: AppDatabase, print: Omit<PrintServiceDeps, "db">, events: ProgramEvents) =>
  new Elysia({ prefix: "/programs/batch" })
    .use(authPlugin(db))
    .post(
      "/",
      ({ user, body, set }) => {
        const created = createBatch(db, user.id, parseBatchPayload(body));
        for (const program of created) events.emit(user.id, "program.created", programEventData(program));
        set.status = 201;
        return created;
      },
      { auth: true },
    )
    .get(
      "/pdf",
      async ({ user, query }) => {
        const request = parseInput(batchPdfQuerySchema, query);
        const answer = await batchPdfs({ ...print, db }, user, request);
        events.emit(user.id, "pdf.ready", {
          programIds: request.ids,
          variant: request.variant,
          combined: request.combine,
        });
        return new Response(answer.body as Uint8Array<ArrayBuffer>, {
          headers: {
            "content-type": answer.contentType,
            "content-disposition": `attachment; filename="${answer.fileName}"`,
            "cache-control": "private, no-store",
          },
        });
      },
      { auth: true },
    );
