import { Elysia } from "elysia";
import type { AppDatabase } from "../../../db/client";
import { PDF_VARIANTS, type PdfVariant } from "../../print/render-program-pdf";
import { authPlugin } from "../auth/plugin";
import { AppError } from "../errors";
import { type PdfRequest, type PrintServiceDeps, programPdf } from "./service";

const flag = (name: string, value: string | undefined) => {
  if (value === undefined || value === "" || value === "0" || value === "false") return false;
  if (value === "1" || value === "true") return true;
  throw new AppError("VALIDATION", `${name} must be 1 or 0`, [
    { path: name, message: `${name} must be 1 or 0` },
  ]);
};

const parsePdfQuery = (query: Record<string, string | undefined>): PdfRequest => {
  const variant = query.variant ?? "print";
  if (!(PDF_VARIANTS as readonly string[]).includes(variant)) {
    const message = `variant must be one of: ${PDF_VARIANTS.join(", ")}`;
    throw new AppError("VALIDATION", message, [{ path: "variant", message }]);
  }
  return {
    variant: variant as PdfVariant,
    marks: flag("marks", query.marks),
    cmyk: flag("cmyk", query.cmyk),
  };
};

/** Header-safe attachment name with the UTF-8 form for browsers that read it. */
const contentDisposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

export const printRoutes = (db: AppDatabase, billingEnabled: boolean, deps: Omit<PrintServiceDeps, "db">) =>
  new Elysia({ prefix: "/programs" }).use(authPlugin(db, billingEnabled)).get(
    "/:id/pdf",
    async ({ user, params, query, set, request }) => {
      const answer = await programPdf({ ...deps, db }, user, params.id, parsePdfQuery(query), request.signal);
      if (answer.kind === "preparing") {
        set.status = 202;
        set.headers["retry-after"] = "3";
        return { status: "preparing", message: answer.message };
      }
      return new Response(answer.pdf as Uint8Array<ArrayBuffer>, {
        headers: {
          "content-type": "application/pdf",
          "content-disposition": contentDisposition(answer.fileName),
          "cache-control": "private, no-store",
        },
      });
    },
    { auth: true },
  );
