import { Elysia } from "elysia";
import type { AppDatabase } from "../../../db/client";
import { authPlugin } from "../auth/plugin";
import { parseInput } from "../http/parse-input";
import type { ProgramEvents } from "../integration/webhooks";
import { fileDownload } from "./content-disposition";
import { pdfQuerySchema } from "./pdf-query";
import { type PrintServiceDeps, programPdf } from "./service";

export const printRoutes = (
  db: AppDatabase,
  billingEnabled: boolean,
  deps: Omit<PrintServiceDeps, "db">,
  events: ProgramEvents,
) =>
  new Elysia({ prefix: "/programs" }).use(authPlugin(db, billingEnabled)).get(
    "/:id/pdf",
    async ({ user, params, query, set, request }) => {
      const pdfRequest = parseInput(pdfQuerySchema, query);
      const answer = await programPdf({ ...deps, db }, user, params.id, pdfRequest, request.signal);
      if (answer.kind === "preparing") {
        set.status = 202;
        set.headers["retry-after"] = "3";
        return { status: "preparing", message: answer.message, statusUrl: answer.statusUrl };
      }
      await events.emit(user.id, "pdf.ready", {
        programIds: [params.id],
        variant: pdfRequest.variant,
        combined: false,
      });
      return fileDownload(answer.pdf, "application/pdf", answer.fileName);
    },
    { auth: true },
  );
