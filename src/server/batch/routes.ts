import { Elysia } from "elysia";
import type { AppDatabase } from "../../../db/client";
import { PDF_VARIANTS, type PdfVariant } from "../../print/render-program-pdf";
import { authPlugin } from "../auth/plugin";
import { requireFeature, requireRoomForPrograms } from "../billing/entitlement-guard";
import { AppError } from "../errors";
import type { PrintServiceDeps } from "../print/service";
import { batchPdfs, parseIds } from "./pdf-service";
import { createBatch, parseBatchPayload } from "./service";

const parseVariant = (value: string | undefined): PdfVariant => {
  const variant = value ?? "print";
  if ((PDF_VARIANTS as readonly string[]).includes(variant)) return variant as PdfVariant;
  const message = `variant must be one of: ${PDF_VARIANTS.join(", ")}`;
  throw new AppError("VALIDATION", message, [{ path: "variant", message }]);
};

const parseCombine = (value: string | undefined) => {
  if (value === undefined || value === "" || value === "0") return false;
  if (value === "1") return true;
  throw new AppError("VALIDATION", "combine must be 1 or 0", [
    { path: "combine", message: "combine must be 1 or 0" },
  ]);
};

// Registered before the programs and print modules so no `/programs/:id…` pattern can claim these paths.
export const batchRoutes = (db: AppDatabase, billingEnabled: boolean, print: Omit<PrintServiceDeps, "db">) =>
  new Elysia({ prefix: "/programs/batch" })
    .use(authPlugin(db, billingEnabled))
    .post(
      "/",
      ({ user, body, set }) => {
        requireFeature(user, "batch");
        const inputs = parseBatchPayload(body);
        requireRoomForPrograms(db, user, inputs.length);
        const created = createBatch(db, user.id, inputs);
        set.status = 201;
        return created;
      },
      { auth: true },
    )
    .get(
      "/pdf",
      async ({ user, query, request }) => {
        requireFeature(user, "batch");
        const batch = {
          ids: parseIds(query.ids),
          variant: parseVariant(query.variant),
          combine: parseCombine(query.combine),
        };
        const answer = await batchPdfs({ ...print, db }, user, batch, request.signal);
        return new Response(answer.body as Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>, {
          headers: {
            "content-type": answer.contentType,
            "content-disposition": `attachment; filename="${answer.fileName}"`,
            "cache-control": "private, no-store",
          },
        });
      },
      { auth: true },
    );
