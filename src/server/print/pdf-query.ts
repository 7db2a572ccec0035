// Query strings of the PDF routes, as zod schemas: the routes validate with them and the
// OpenAPI document describes them.
import { z } from "zod";
import { PDF_VARIANTS } from "../../print/render-program-pdf";
import { MAX_BATCH_SIZE } from "../../shared/service-draft";

/** `1`/`true` or `0`/`false`/absent. */
const flag = (name: string) =>
  z
    .enum(["", "0", "1", "false", "true"], { error: `${name} must be 1 or 0` })
    .optional()
    .transform((value) => value === "1" || value === "true")
    .meta({ description: `1 to turn on, 0 (or absent) to leave off` });

const variant = z
  .enum(PDF_VARIANTS, { error: `variant must be one of: ${PDF_VARIANTS.join(", ")}` })
  .default("print");

export const pdfQuerySchema = z.object({ variant, marks: flag("marks"), cmyk: flag("cmyk") });

const idsMessage = "ids must list at least one program id (ids=a,b,c)";
const ids = z
  .string({ error: idsMessage })
  .transform((value) => [
    ...new Set(
      value
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(
    z
      .array(z.string())
      .min(1, idsMessage)
      .max(MAX_BATCH_SIZE, `ids can list at most ${MAX_BATCH_SIZE} programs`),
  )
  .meta({ description: "Comma-separated program ids", example: "3f1c…,9b2e…" });

export const batchPdfQuerySchema = z.object({ ids, variant, combine: flag("combine") });
